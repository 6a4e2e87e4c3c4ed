import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { getEnv } from "~/lib/env.server";
import { buyerWithCart, createCoupon, getOrder } from "../../../tests/helpers/checkout";
import { reconcileOrders } from "./reconcile.server";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function couponState(code: string) {
  const db = await getDb();
  const [coupon] = await db.select().from(schema.coupons).where(eq(schema.coupons.code, code));
  const redemptions = await db
    .select()
    .from(schema.couponRedemptions)
    .where(eq(schema.couponRedemptions.couponId, coupon!.id));
  return { usedCount: coupon!.usedCount, redemptions: redemptions.length };
}

describe("unpaid orders expire", () => {
  it("after 15 minutes by default: the order is cancelled and its coupon use is free for someone else", async () => {
    expect(getEnv().ORDER_PENDING_EXPIRY_MINUTES).toBe(15);
    await createCoupon({ code: "LAST1", maxUses: 1 });
    const first = await buyerWithCart();
    const held = await placeOrder(await getDb(), first.user.id, { couponCode: "LAST1" });
    expect(await couponState("LAST1")).toEqual({ usedCount: 1, redemptions: 1 });

    // The only use is held: a second buyer is refused while the first order is pending.
    const second = await buyerWithCart();
    await expect(placeOrder(await getDb(), second.user.id, { couponCode: "LAST1" })).rejects.toMatchObject({
      status: 400,
      field: "coupon",
    });

    // 14 minutes old: still held.
    const db = await getDb();
    await db
      .update(schema.orders)
      .set({ createdAt: minutesAgo(14) })
      .where(eq(schema.orders.id, held.orderId));
    expect((await reconcileOrders(db)).expired).toBe(0);
    expect((await getOrder(held.orderId)).status).toBe("pending");
    expect(await couponState("LAST1")).toEqual({ usedCount: 1, redemptions: 1 });

    // 16 minutes old: cancelled, the use given back.
    await db
      .update(schema.orders)
      .set({ createdAt: minutesAgo(16) })
      .where(eq(schema.orders.id, held.orderId));
    expect((await reconcileOrders(db)).expired).toBe(1);
    expect((await getOrder(held.orderId)).status).toBe("cancelled");
    expect(await couponState("LAST1")).toEqual({ usedCount: 0, redemptions: 0 });

    const retried = await placeOrder(await getDb(), second.user.id, { couponCode: "LAST1" });
    expect(retried.next).toBe("pay");
    expect(await couponState("LAST1")).toEqual({ usedCount: 1, redemptions: 1 });
  });
});
