/**
 * A coupon's use as an order's life moves it: given back when the order fails, is cancelled or
 * expires, taken again when its payment is captured after all. Taking a use at checkout, and the
 * coupons themselves, are checkout's (checkout/coupons.server.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couponRedemptions, coupons } from "~/db/schema";

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
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code));
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
