/**
 * Coupon redemption inside the order transaction. The use counter only moves
 * with a conditional UPDATE (used_count < max_uses), which PostgreSQL applies
 * under the row lock, so concurrent checkouts can never take more uses than
 * are left; a unique index keeps each user to one redemption per coupon.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couponRedemptions, coupons } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { type CouponProblem, type CouponRule, couponMessage } from "./pricing";

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

export async function hasRedeemed(db: DbOrTx, couponId: number, userId: string) {
  const [row] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return Boolean(row);
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

/** Gives the use back when an order fails, is cancelled or expires. */
export async function releaseCoupon(tx: DbOrTx, orderId: string) {
  const released = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const r of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, r.couponId));
  }
}

/**
 * A payment captured after its order failed or expired: the customer paid the
 * discounted price, so the use is taken again when one is left (never refused).
 */
export async function reclaimCoupon(tx: DbOrTx, code: string, userId: string, orderId: string) {
  const coupon = await findCoupon(tx, code);
  if (!coupon) return;
  const inserted = await tx
    .insert(couponRedemptions)
    .values({ couponId: coupon.id, userId, orderId })
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  if (inserted.length === 0) return;
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(eq(coupons.id, coupon.id), sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`),
    );
}
