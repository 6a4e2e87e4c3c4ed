/** Coupon management for Sales & Reports: create, edit, disable, usage. Every change is audited. */
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { couponRedemptions, coupons, orders } from "~/db/schema";
import { recordEvent } from "~/features/audit/audit.server";
import { HttpError } from "~/lib/errors";

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const d = new Date(`${v}T00:00:00+05:30`);
    if (Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(v)) {
      ctx.addIssue({ code: "custom", message: "Enter a date as YYYY-MM-DD." });
      return z.NEVER;
    }
    return d;
  });

export const couponSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, "Use 3–32 letters, digits, - or _."),
    kind: z.enum(["percent", "fixed"], { error: "Choose percent or a fixed amount." }),
    value: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter a number."),
    productKind: z.enum(["any", "course", "note", "pyq"]).default("any"),
    minSubtotal: z
      .string()
      .trim()
      .default("0")
      .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount in rupees.")),
    startsAt: optionalDate,
    endsAt: optionalDate,
    maxUses: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        if (!/^\d{1,9}$/.test(v) || Number(v) < 1) {
          ctx.addIssue({ code: "custom", message: "Enter a whole number of uses, or leave empty for unlimited." });
          return z.NEVER;
        }
        return Number(v);
      }),
  })
  .transform((v, ctx) => {
    const value = v.kind === "percent" ? Number(v.value) : Math.round(Number(v.value) * 100);
    if (v.kind === "percent" && (!Number.isInteger(value) || value < 1 || value > 100)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is a whole number from 1 to 100." });
    }
    if (v.kind === "fixed" && value < 1)
      ctx.addIssue({ code: "custom", path: ["value"], message: "Enter an amount above ₹0." });
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end date must be after the start date." });
    }
    return {
      code: v.code,
      kind: v.kind,
      value,
      productKind: v.productKind === "any" ? null : v.productKind,
      minSubtotalPaise: Math.round(Number(v.minSubtotal) * 100),
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      maxUses: v.maxUses,
    };
  });

export type CouponInput = z.infer<typeof couponSchema>;

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

async function codeTaken(tx: DbOrTx, code: string, exceptId?: number) {
  const [hit] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
  return Boolean(hit && hit.id !== exceptId);
}

export async function createCoupon(db: Db, actorId: string, input: CouponInput) {
  return db.transaction(async (tx) => {
    if (await codeTaken(tx, input.code))
      throw new HttpError(409, `A coupon with the code ${input.code} already exists.`, { field: "code" });
    const [row] = await tx.insert(coupons).values(input).returning();
    await recordEvent(tx, {
      actorId,
      type: "Coupon",
      description: `Coupon ${row!.code} created`,
      status: "New",
      entityType: "coupon",
      entityId: row!.id,
    });
    return row!;
  });
}

export async function updateCoupon(db: Db, actorId: string, id: number, input: CouponInput) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) throw new HttpError(404, "Coupon not found.");
    if (await codeTaken(tx, input.code, id))
      throw new HttpError(409, `A coupon with the code ${input.code} already exists.`, { field: "code" });
    if (input.maxUses !== null && input.maxUses < before.usedCount) {
      throw new HttpError(400, `It has already been used ${before.usedCount} times.`, { field: "maxUses" });
    }
    const [row] = await tx.update(coupons).set(input).where(eq(coupons.id, id)).returning();
    await recordEvent(tx, {
      actorId,
      type: "Coupon",
      description: `Coupon ${row!.code} updated`,
      status: "Success",
      entityType: "coupon",
      entityId: id,
    });
    return row!;
  });
}

export async function setCouponActive(db: Db, actorId: string, id: number, active: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(coupons).set({ active }).where(eq(coupons.id, id)).returning();
    if (!row) throw new HttpError(404, "Coupon not found.");
    await recordEvent(tx, {
      actorId,
      type: "Coupon",
      description: `Coupon ${row.code} ${active ? "enabled" : "disabled"}`,
      status: "Complete",
      entityType: "coupon",
      entityId: id,
    });
    return row;
  });
}
