/**
 * Coupons: redemption inside the order transaction, and their management for Sales & Reports
 * (create, edit, disable, usage; every change is audited).
 *
 * Redemption inside the order transaction (giving a use back, or taking it again, is the order's:
 * orders/coupon-uses.server.ts). The use counter only moves
 * with a conditional UPDATE (used_count < max_uses), which PostgreSQL applies
 * under the row lock, so concurrent checkouts can never take more uses than
 * are left; a unique index keeps each user to one redemption per coupon.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { couponRedemptions, coupons, orders } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { type AuditStatus, recordEvent } from "~/platform/audit/audit.server";
import { type CouponProblem, type CouponRule, couponMessage } from "./pricing";
import type { CouponInput } from "./schema";

export type Coupon = typeof coupons.$inferSelect;

/** The refusal of a coupon: a 400 about the coupon field, with the customer's message for the problem. */
export function couponRefusal(
  problem: CouponProblem,
  code: string,
  coupon?: Pick<CouponRule, "productKind" | "minSubtotalPaise">,
) {
  return new HttpError(400, couponMessage(problem, code, coupon), { field: "coupon" });
}

export async function findCoupon(db: DbOrTx, code: string): Promise<Coupon | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row ?? null;
}

/**
 * The user's redemption of the coupon, with the status of the order that holds it, or null. A
 * pending order's use is not spent yet: the next checkout cancels that order and gives it back first.
 */
export async function findRedemption(db: DbOrTx, couponId: number, userId: string) {
  const [row] = await db
    .select({ orderId: couponRedemptions.orderId, orderStatus: orders.status })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return row ?? null;
}

/** Takes one use of the coupon for this order, or throws a coupon refusal (the transaction then rolls back). */
export async function redeemCoupon(tx: DbOrTx, coupon: Coupon, userId: string, orderId: string) {
  const taken = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(eq(coupons.id, coupon.id), sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`),
    )
    .returning({ id: coupons.id });
  if (taken.length === 0) throw couponRefusal("exhausted", coupon.code);
  const inserted = await tx
    .insert(couponRedemptions)
    .values({ couponId: coupon.id, userId, orderId })
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  if (inserted.length === 0) throw couponRefusal("already_used", coupon.code);
}

// Management (admin screens)

export async function listCoupons(db: DbOrTx) {
  const rows = await db
    .select({
      coupon: coupons,
      redemptions: sql<number>`(select count(*) from ${couponRedemptions} r where r.coupon_id = "coupons"."id")::int`,
      discountPaise: sql<string>`(select coalesce(sum(o.discount_paise), 0) from ${couponRedemptions} r join ${orders} o on o.id = r.order_id where r.coupon_id = "coupons"."id" and o.status in ('paid','fulfilled'))`,
    })
    .from(coupons)
    .orderBy(desc(coupons.createdAt));
  return rows.map((r) => ({ ...r.coupon, redemptions: Number(r.redemptions), discountPaise: Number(r.discountPaise) }));
}

export async function getCoupon(db: DbOrTx, id: number) {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new HttpError(404, "Coupon not found.");
  return row;
}

/** Refuses a code another coupon (not `exceptId`, the one being edited) already has. */
async function assertCodeFree(tx: DbOrTx, code: string, exceptId?: number) {
  const [hit] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
  if (hit && hit.id !== exceptId) {
    throw new HttpError(409, `A coupon with the code ${code} already exists.`, { field: "code" });
  }
}

/** The audit entry of a change to a coupon: "Coupon SAVE10 <what>". */
function recordCouponEvent(
  tx: DbOrTx,
  actorId: string,
  coupon: { id: number; code: string },
  what: string,
  status: AuditStatus,
) {
  return recordEvent(tx, {
    actorId,
    type: "Coupon",
    description: `Coupon ${coupon.code} ${what}`,
    status,
    entityType: "coupon",
    entityId: coupon.id,
  });
}

export async function createCoupon(db: Db, actorId: string, input: CouponInput) {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code);
    const [row] = await tx.insert(coupons).values(input).returning();
    await recordCouponEvent(tx, actorId, row!, "created", "New");
    return row!;
  });
}

export async function updateCoupon(db: Db, actorId: string, id: number, input: CouponInput) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) throw new HttpError(404, "Coupon not found.");
    await assertCodeFree(tx, input.code, id);
    if (input.maxUses !== null && input.maxUses < before.usedCount) {
      throw new HttpError(400, `It has already been used ${before.usedCount} times.`, { field: "maxUses" });
    }
    const [row] = await tx.update(coupons).set(input).where(eq(coupons.id, id)).returning();
    await recordCouponEvent(tx, actorId, row!, "updated", "Success");
    return row!;
  });
}

export async function setCouponActive(db: Db, actorId: string, id: number, active: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(coupons).set({ active }).where(eq(coupons.id, id)).returning();
    if (!row) throw new HttpError(404, "Coupon not found.");
    await recordCouponEvent(tx, actorId, row, active ? "enabled" : "disabled", "Complete");
    return row;
  });
}
