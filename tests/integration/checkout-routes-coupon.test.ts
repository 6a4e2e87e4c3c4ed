/**
 * The coupon across a failed or abandoned payment (issue 18): /checkout opened without `?coupon=`
 * applies the coupon of the student's last unpaid checkout again, under the normal coupon rules.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import type { CheckoutSummary } from "~/features/checkout/checkout.server";
import { reconcileOrders } from "~/features/orders/reconcile.server";
import * as checkoutRoute from "~/routes/store/checkout";
import * as payRoute from "~/routes/store/checkout-pay";
import { createTestUser, type TestUser } from "../helpers/auth";
import { addToCart, asUser, createCoupon, getOrder } from "../helpers/checkout";
import { createProduct } from "../helpers/factories";
import { makeRequest, routeCall } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type AnyFn = (args: any) => any;

async function call(fn: AnyFn, path: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  try {
    return await routeCall(fn, { request: makeRequest(path, init), params, context: {} });
  } catch (thrown) {
    return thrown;
  }
}

/** What /checkout shows this student at `path`. */
async function checkout(user: TestUser, path = "/checkout"): Promise<CheckoutSummary> {
  const loaded = await call(checkoutRoute.loader, path, await asUser(user));
  expect(loaded).toMatchObject({ signedIn: true });
  return loaded.summary;
}

/** Presses the Pay button of /checkout as the page renders it (the applied coupon in a hidden field). */
async function placeFromPage(user: TestUser, coupon: string) {
  const result = (await call(
    checkoutRoute.action,
    "/checkout",
    await asUser(user, { method: "POST", body: new URLSearchParams({ coupon }) }),
  )) as Response;
  expect(result.status).toBe(302);
  const location = result.headers.get("Location")!;
  expect(location).toMatch(/^\/checkout\/pay\//);
  return location.split("/").pop()!;
}

/** The test gateway's Pay or Fail button; returns where the student is sent. */
async function pressPay(user: TestUser, orderId: string, intent: "pay" | "fail") {
  const result = (await call(
    payRoute.action,
    `/checkout/pay/${orderId}`,
    await asUser(user, { method: "POST", body: new URLSearchParams({ intent }) }),
    { orderId },
  )) as Response;
  expect(result.status).toBe(302);
  return result.headers.get("Location");
}

/** A student with the cart: ₹2,014.97 before GST, ₹2,377.66 with it; ₹1,902.14 with SAVE20. */
async function student() {
  const user = await createTestUser({ name: "Meera Iyer" });
  const course = await createProduct({ title: "Economics Full Course", kind: "course", pricePaise: 199_999 });
  const note = await createProduct({ title: "Partnership Notes", kind: "note", pricePaise: 1_498 });
  await addToCart(user.id, [course.id, note.id]);
  return user;
}

const FULL = 237_766;
const WITH_SAVE20 = 190_214;

async function couponRow(code: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.coupons).where(eq(schema.coupons.code, code));
  return row!;
}

describe("/checkout keeps the coupon across a failed or abandoned payment", () => {
  it("a failed payment brings the student back with the coupon still applied (₹1,902.14, not ₹2,377.66)", async () => {
    const user = await student();
    await createCoupon({ code: "SAVE20", kind: "percent", value: 20 });
    const applied = await checkout(user, "/checkout?coupon=save20");
    expect(applied.totals!.totalPaise).toBe(WITH_SAVE20);

    const first = await placeFromPage(user, applied.coupon!.code);
    expect(await pressPay(user, first, "fail")).toBe("/checkout");

    const back = await checkout(user);
    expect(back.coupon).toEqual({ code: "SAVE20", discountPaise: 40_299 });
    expect(back.totals!.totalPaise).toBe(WITH_SAVE20);
    expect(back.couponError).toBeNull();
    expect(back.couponNotice).toBeNull();

    // Paying again from that page charges the discounted price.
    const second = await placeFromPage(user, back.coupon!.code);
    expect(await getOrder(second)).toMatchObject({ couponCode: "SAVE20", totalPaise: WITH_SAVE20 });
    expect(await pressPay(user, second, "pay")).toBe(`/account/orders/${second}`);
    expect((await couponRow("SAVE20")).usedCount).toBe(1);
  });

  it("an abandoned payment keeps it too: the student's own pending order does not count as a use", async () => {
    const user = await student();
    // One use in all, and (like every coupon) once per student: the abandoned order holds that use.
    await createCoupon({ code: "ONCE", kind: "percent", value: 20, maxUses: 1 });
    const abandoned = await placeFromPage(user, "ONCE");
    expect((await couponRow("ONCE")).usedCount).toBe(1);

    const back = await checkout(user);
    expect(back.coupon?.code).toBe("ONCE");
    expect(back.couponError).toBeNull();
    expect(back.totals!.totalPaise).toBe(WITH_SAVE20);
    // Typed again by hand, it applies as well (not "already used", not "fully redeemed").
    const typed = await checkout(user, "/checkout?coupon=once");
    expect(typed.coupon?.code).toBe("ONCE");
    expect(typed.couponError).toBeNull();

    // Someone else finds it fully redeemed: the abandoned order's use is real for them.
    const other = await student();
    expect((await checkout(other, "/checkout?coupon=ONCE")).couponError).toMatch(/fully redeemed/);

    const next = await placeFromPage(user, back.coupon!.code);
    expect(await getOrder(abandoned)).toMatchObject({ status: "cancelled" });
    expect(await getOrder(next)).toMatchObject({ status: "pending", couponCode: "ONCE", totalPaise: WITH_SAVE20 });
    expect((await couponRow("ONCE")).usedCount).toBe(1);
    const db = await getDb();
    const redemptions = await db
      .select()
      .from(schema.couponRedemptions)
      .where(eq(schema.couponRedemptions.userId, user.id));
    expect(redemptions.map((r) => r.orderId)).toEqual([next]);
  });

  it("an abandoned payment that reconciliation expired still brings the coupon back", async () => {
    const user = await student();
    await createCoupon({ code: "SAVE20", kind: "percent", value: 20 });
    const abandoned = await placeFromPage(user, "SAVE20");
    const report = await reconcileOrders(await getDb(), { now: new Date(Date.now() + 30 * 60_000) });
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(await getOrder(abandoned)).toMatchObject({ status: "cancelled" });
    expect((await couponRow("SAVE20")).usedCount).toBe(0);
    expect((await checkout(user)).coupon?.code).toBe("SAVE20");
  });

  it("a kept coupon that no longer applies is dropped, and the page says why", async () => {
    const user = await student();
    const coupon = await createCoupon({ code: "SAVE20", kind: "percent", value: 20 });
    await pressPay(user, await placeFromPage(user, "SAVE20"), "fail");
    const db = await getDb();
    await db
      .update(schema.coupons)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.coupons.id, coupon.id));

    const expired = await checkout(user);
    expect(expired.coupon).toBeNull();
    expect(expired.couponNotice).toBe('The coupon "SAVE20" has expired. It is no longer applied.');
    expect(expired.couponError).toBeNull();
    expect(expired.totals!.totalPaise).toBe(FULL);

    await db.update(schema.coupons).set({ endsAt: null, active: false }).where(eq(schema.coupons.id, coupon.id));
    expect((await checkout(user)).couponNotice).toBe(
      'The coupon "SAVE20" has been withdrawn. It is no longer applied.',
    );
  });

  it("an explicit empty ?coupon= means none; a paid order, a checkout without a coupon or a day's wait ends it", async () => {
    const user = await student();
    await createCoupon({ code: "SAVE20", kind: "percent", value: 20 });
    const failed = await placeFromPage(user, "SAVE20");
    await pressPay(user, failed, "fail");

    const none = await checkout(user, "/checkout?coupon=");
    expect(none.coupon).toBeNull();
    expect(none.couponNotice).toBeNull();
    expect(none.totals!.totalPaise).toBe(FULL);

    // More than a day later it is not offered any more.
    const db = await getDb();
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await db.update(schema.orders).set({ createdAt: dayAgo }).where(eq(schema.orders.id, failed));
    expect((await checkout(user)).coupon).toBeNull();
    await db.update(schema.orders).set({ createdAt: new Date() }).where(eq(schema.orders.id, failed));
    expect((await checkout(user)).coupon?.code).toBe("SAVE20");

    // A checkout placed without the coupon ends it.
    await pressPay(user, await placeFromPage(user, ""), "fail");
    expect((await checkout(user)).coupon).toBeNull();

    // A paid order ends it too: no coupon, and no "already used" message on a later checkout.
    const paid = await placeFromPage(user, "SAVE20");
    await pressPay(user, paid, "pay");
    const more = await createProduct({ title: "Business Studies PYQ", kind: "pyq", pricePaise: 4_900 });
    await addToCart(user.id, [more.id]);
    const later = await checkout(user);
    expect(later.coupon).toBeNull();
    expect(later.couponNotice).toBeNull();
    expect(later.couponError).toBeNull();
    const [redemption] = await db
      .select()
      .from(schema.couponRedemptions)
      .where(and(eq(schema.couponRedemptions.userId, user.id), eq(schema.couponRedemptions.orderId, paid)));
    expect(redemption).toBeDefined();
  });
});
