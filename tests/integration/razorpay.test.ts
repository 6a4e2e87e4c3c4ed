import { createHmac } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { listNotifications } from "~/features/admin/notifications.server";
import { placeOrder } from "~/features/checkout/checkout.server";
import { ORDER_COMPLETE } from "~/features/checkout/messages";
import { reconcileOrders } from "~/features/orders/reconcile.server";
import { refundOrder } from "~/features/orders/refund.server";
import { confirmRazorpayCheckout, settleTestPayment } from "~/features/payments/payments.server";
import { resetEnvCache } from "~/lib/env.server";
import { HttpError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { formatPaise } from "~/lib/money";
import * as webhookRoute from "~/routes/api/razorpay-webhook";
import * as payRoute from "~/routes/store/checkout-pay";
import { createTestUser } from "../helpers/auth";
import { asUser, buyerWithCart, cartOf, createCoupon, enrolmentsOf, getOrder } from "../helpers/checkout";
import { OWNER_SETTINGS } from "../helpers/owner-install";
import { paymentEntity, RazorpayFake, refundEntity, webhookEvent } from "../helpers/razorpay-fake";
import { flashOf, makeRequest, routeCall } from "../helpers/route";

const KEY_ID = "rzp_test_1DP5mmOlF5G5ag";
const KEY_SECRET = "thisisasecretkeyfortests";
const WEBHOOK_SECRET = "webhook-secret-for-tests";
const fake = new RazorpayFake(KEY_ID, KEY_SECRET);
const ENV_KEYS = [
  "RAZORPAY_KEY_ID",
  "RAZORPAY_KEY_SECRET",
  "RAZORPAY_WEBHOOK_SECRET",
  "RAZORPAY_API_BASE_URL",
] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  await fake.listen();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  // Live payments need a real GSTIN, not the seed's sample, and the seller's address (gst/setup.server.ts).
  const db = await getDb();
  await db
    .update(schema.settings)
    .set({ sellerGstin: "08AAPFU0939F1ZV", sellerAddress: OWNER_SETTINGS.sellerAddress })
    .where(eq(schema.settings.id, 1));
  Object.assign(process.env, {
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_BASE_URL: fake.url,
  });
  resetEnvCache();
  fake.requests = [];
  fake.failNext = null;
});
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  resetEnvCache();
});

const sign = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");

async function razorpayOrder() {
  const bought = await buyerWithCart();
  const placed = await placeOrder(await getDb(), bought.user.id);
  const order = await getOrder(placed.orderId);
  return { ...bought, order };
}

async function postWebhook(
  body: unknown,
  signature: string | null | "valid",
  eventId = `evt_${Math.random().toString(36).slice(2)}`,
) {
  const raw = JSON.stringify(body);
  const headers = new Headers({ "content-type": "application/json", "x-razorpay-event-id": eventId });
  if (signature) headers.set("x-razorpay-signature", signature === "valid" ? sign(WEBHOOK_SECRET, raw) : signature);
  const response = (await routeCall(webhookRoute.action, {
    request: makeRequest("/api/payments/razorpay/webhook", { method: "POST", body: raw, headers }),
    params: {},
    context: {},
  } as never)) as Response;
  return { status: response.status, body: (await response.json()) as { ok: boolean; message: string } };
}

async function paymentEventCount() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(schema.paymentEvents);
  return row!.n;
}

describe("Razorpay adapter against a fake of its API", () => {
  it("creates the Razorpay order on the server with the order's total in paise", async () => {
    const { order } = await razorpayOrder();
    expect(order.gateway).toBe("razorpay");
    expect(order.gatewayOrderId).toMatch(/^order_/);
    const created = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/orders");
    expect(created?.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`);
    expect(created?.body).toMatchObject({ amount: 120_948, currency: "INR", receipt: order.number });
    expect(fake.orders.get(order.gatewayOrderId!)?.amount).toBe(order.totalPaise);
  });

  it("the pay page gives Razorpay Checkout the key id and order id, never the secret", async () => {
    const { user, order } = await razorpayOrder();
    const page = await routeCall(payRoute.loader, {
      request: makeRequest(`/checkout/pay/${order.id}`, await asUser(user)),
      params: { orderId: order.id },
      context: {},
    } as never);
    expect(page).toMatchObject({ testMode: false, razorpay: { keyId: KEY_ID, gatewayOrderId: order.gatewayOrderId } });
    expect(JSON.stringify(page)).not.toContain(KEY_SECRET);
  });

  it("a failing Razorpay order creation charges nothing, fails the order and gives the coupon back", async () => {
    const { user } = await buyerWithCart();
    await createCoupon({ code: "SAVE10", maxUses: 1 });
    fake.failNext = {
      pathPrefix: "/v1/orders",
      status: 500,
      description: "We are facing some trouble completing your request at the moment.",
    };
    await expect(placeOrder(await getDb(), user.id, { couponCode: "SAVE10" })).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/could not reach the payment service/),
    });
    const db = await getDb();
    const [coupon] = await db.select().from(schema.coupons);
    expect(coupon!.usedCount).toBe(0);
    const [order] = await db.select().from(schema.orders);
    expect(order!.status).toBe("failed");
  });

  it("verifies razorpay_signature = HMAC-SHA256(order_id|payment_id) before fulfilling", async () => {
    const { user, order, course, note } = await razorpayOrder();
    const payment = fake.capture(order.gatewayOrderId!);
    const fields = {
      razorpay_order_id: order.gatewayOrderId!,
      razorpay_payment_id: payment.id,
      razorpay_signature: sign(KEY_SECRET, `${order.gatewayOrderId}|${payment.id}`),
    };
    // Tampered: signed with another secret, for another payment, or for another order.
    for (const bad of [
      { ...fields, razorpay_signature: sign("wrong-secret", `${order.gatewayOrderId}|${payment.id}`) },
      { ...fields, razorpay_payment_id: "pay_someoneelse1" },
      { ...fields, razorpay_signature: "not-hex" },
      { ...fields, razorpay_order_id: "order_other00000" },
    ]) {
      await expect(confirmRazorpayCheckout(await getDb(), user.id, order.id, bad)).rejects.toMatchObject({
        status: 400,
      });
    }
    expect((await getOrder(order.id)).status).toBe("pending");
    expect(await enrolmentsOf(user.id)).toEqual([]);

    const response = await routeCall(payRoute.action, {
      request: makeRequest(
        `/checkout/pay/${order.id}`,
        await asUser(user, { method: "POST", body: new URLSearchParams({ intent: "razorpay", ...fields }) }),
      ),
      params: { orderId: order.id },
      context: {},
    } as never);
    expect((response as Response).headers.get("Location")).toBe(`/account/orders/${order.id}`);
    expect(await flashOf(response as Response)).toBe(ORDER_COMPLETE);
    const paid = await getOrder(order.id);
    expect(paid).toMatchObject({ status: "fulfilled", gatewayPaymentId: payment.id });
    expect((await enrolmentsOf(user.id)).map((e) => e.productId).sort((a, b) => a - b)).toEqual(
      [course.id, note.id].sort((a, b) => a - b),
    );
    expect(await cartOf(user.id)).toEqual([]);
  });

  it("refuses webhooks with a missing or bad signature and changes nothing", async () => {
    const { user, order } = await razorpayOrder();
    const payment = fake.capture(order.gatewayOrderId!);
    const event = webhookEvent("payment.captured", { payment: payment });
    expect(await postWebhook(event, null)).toMatchObject({ status: 401 });
    expect(await postWebhook(event, "deadbeef")).toMatchObject({ status: 401 });
    expect(await postWebhook(event, sign("another-secret", JSON.stringify(event)))).toMatchObject({ status: 401 });
    // A valid signature of a different body (the attacker changed the amount).
    const forged = { ...event, payload: { payment: { entity: { ...payment, amount: 100 } } } };
    const raw = JSON.stringify(event);
    const headers = new Headers({ "x-razorpay-signature": sign(WEBHOOK_SECRET, raw) });
    const response = (await routeCall(webhookRoute.action, {
      request: makeRequest("/api/payments/razorpay/webhook", { method: "POST", body: JSON.stringify(forged), headers }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(401);
    expect((await getOrder(order.id)).status).toBe("pending");
    expect(await enrolmentsOf(user.id)).toEqual([]);
    expect(await paymentEventCount()).toBe(0);
  });

  it("payment.captured fulfils once, however often it is delivered, together with order.paid and the redirect", async () => {
    const { user, order } = await razorpayOrder();
    const payment = fake.capture(order.gatewayOrderId!);
    const captured = webhookEvent("payment.captured", { payment });
    const orderPaid = webhookEvent("order.paid", { payment, order: fake.orders.get(order.gatewayOrderId!) });
    const results = await Promise.all([
      postWebhook(captured, "valid", "evt_1"),
      postWebhook(captured, "valid", "evt_1"),
      postWebhook(orderPaid, "valid", "evt_2"),
      confirmRazorpayCheckout(await getDb(), user.id, order.id, {
        razorpay_order_id: order.gatewayOrderId!,
        razorpay_payment_id: payment.id,
        razorpay_signature: sign(KEY_SECRET, `${order.gatewayOrderId}|${payment.id}`),
      }),
    ]);
    expect(results.slice(0, 3).every((r) => "status" in r && r.status === 200)).toBe(true);
    expect((await getOrder(order.id)).status).toBe("fulfilled");
    expect(await enrolmentsOf(user.id, { live: false })).toHaveLength(2);
    const db = await getDb();
    expect(await db.select().from(schema.emailOutbox)).toHaveLength(1);
    expect(await db.select().from(schema.invoiceCounters)).toEqual([expect.objectContaining({ lastNumber: 1 })]);
  });

  it("a captured amount different from the order total is not accepted", async () => {
    const { user, order } = await razorpayOrder();
    const payment = paymentEntity({ order_id: order.gatewayOrderId!, amount: 100 });
    expect(await postWebhook(webhookEvent("payment.captured", { payment }), "valid")).toMatchObject({
      status: 200,
      body: { message: "rejected" },
    });
    expect((await getOrder(order.id)).status).toBe("pending");
    expect(await enrolmentsOf(user.id)).toEqual([]);
  });

  it("payment.failed fails the order, grants nothing and keeps the cart", async () => {
    const { user, order, course, note } = await razorpayOrder();
    const payment = paymentEntity({ order_id: order.gatewayOrderId!, amount: order.totalPaise, status: "failed" });
    expect(await postWebhook(webhookEvent("payment.failed", { payment }), "valid")).toMatchObject({ status: 200 });
    expect((await getOrder(order.id)).status).toBe("failed");
    expect(await enrolmentsOf(user.id)).toEqual([]);
    expect(await cartOf(user.id)).toEqual([course.id, note.id].sort((a, b) => a - b));
    // The customer retries in the same Razorpay order and the capture arrives: now it is paid.
    const retry = fake.capture(order.gatewayOrderId!);
    await postWebhook(webhookEvent("payment.captured", { payment: retry }), "valid");
    expect((await getOrder(order.id)).status).toBe("fulfilled");
  });

  it("refundOrder refunds through the API, revokes access and writes the audit log", async () => {
    const { user, order } = await razorpayOrder();
    const payment = fake.capture(order.gatewayOrderId!);
    await postWebhook(webhookEvent("payment.captured", { payment }), "valid");
    const admin = user.id; // any actor id works here; the admin screens pass the admin's
    const result = await refundOrder(await getDb(), order.id, admin);
    expect(result.refundId).toMatch(/^rfnd_/);
    expect(result.revokedEnrolments).toBe(2);
    const call = fake.requests.find((r) => r.path === `/v1/payments/${payment.id}/refund`);
    expect(call?.body).toMatchObject({ amount: order.totalPaise });
    expect((await getOrder(order.id)).status).toBe("refunded");
    expect(await enrolmentsOf(user.id)).toEqual([]);
    const db = await getDb();
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.type, "Refund"));
    expect(audit).toEqual([expect.objectContaining({ actorId: admin, status: "Success", entityId: order.id })]);
    await expect(refundOrder(await getDb(), order.id, admin)).rejects.toMatchObject({ status: 409 });
  });

  it("a refund the gateway refuses changes nothing", async () => {
    const { user, order } = await razorpayOrder();
    const payment = fake.capture(order.gatewayOrderId!);
    await postWebhook(webhookEvent("payment.captured", { payment }), "valid");
    fake.failNext = {
      pathPrefix: "/v1/payments",
      status: 400,
      description: "The payment has been fully refunded already",
    };
    const error = await refundOrder(await getDb(), order.id, user.id).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toMatch(/fully refunded already/);
    expect((await getOrder(order.id)).status).toBe("fulfilled");
    expect(await enrolmentsOf(user.id)).toHaveLength(2);
  });

  it("refunds one item through the API for its amount; the webhook echo of that refund is recognised", async () => {
    const { user, order } = await razorpayOrder();
    const payment = fake.capture(order.gatewayOrderId!);
    await postWebhook(webhookEvent("payment.captured", { payment }), "valid");
    const db = await getDb();
    const [first, second] = await db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order.id))
      .orderBy(schema.orderItems.id);
    const lineTotal = first!.taxablePaise! + first!.cgstPaise! + first!.sgstPaise! + first!.igstPaise!;
    const result = await refundOrder(db, order.id, null, { itemIds: [first!.id] });
    expect(result).toMatchObject({ whole: false, amountPaise: lineTotal });
    const call = fake.requests.find((r) => r.path === `/v1/payments/${payment.id}/refund`);
    expect(call?.body).toMatchObject({ amount: lineTotal });
    const refund = refundEntity({ payment_id: payment.id, amount: lineTotal, id: result.refundId! });
    expect(await postWebhook(webhookEvent("refund.processed", { refund, payment }), "valid")).toMatchObject({
      status: 200,
      body: { message: expect.stringMatching(/^Already recorded \(CN\//) },
    });
    expect((await getOrder(order.id)).status).toBe("fulfilled");
    expect(await enrolmentsOf(user.id)).toEqual([expect.objectContaining({ productId: second!.productId })]);
    // The rest refunded in the dashboard: exactly what is left ends the order, with a second note.
    const rest = refundEntity({ payment_id: payment.id, amount: order.totalPaise - lineTotal });
    expect(await postWebhook(webhookEvent("refund.processed", { refund: rest, payment }), "valid")).toMatchObject({
      body: { message: "refunded" },
    });
    expect((await getOrder(order.id)).status).toBe("refunded");
    expect(await db.$count(schema.creditNotes, eq(schema.creditNotes.orderId, order.id))).toBe(2);
    expect(await enrolmentsOf(user.id)).toEqual([]);
  });

  it("refund.processed from the dashboard marks the order refunded and revokes access", async () => {
    const { user, order } = await razorpayOrder();
    const payment = fake.capture(order.gatewayOrderId!);
    await postWebhook(webhookEvent("payment.captured", { payment }), "valid");
    const refund = refundEntity({ payment_id: payment.id, amount: order.totalPaise });
    expect(await postWebhook(webhookEvent("refund.processed", { refund, payment }), "valid")).toMatchObject({
      status: 200,
      body: { message: "refunded" },
    });
    expect((await getOrder(order.id)).status).toBe("refunded");
    expect(await enrolmentsOf(user.id)).toEqual([]);
    expect(fake.requests.some((r) => r.path.endsWith("/refund"))).toBe(false);
  });

  it("reconciliation confirms an order paid at Razorpay whose callbacks never arrived, and expires stale ones", async () => {
    const paidLate = await razorpayOrder();
    fake.capture(paidLate.order.gatewayOrderId!);
    const abandoned = await razorpayOrder();
    const db = await getDb();
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await db.update(schema.orders).set({ createdAt: twoHoursAgo });
    // And one order marked paid whose fulfilment never ran (a crash in between).
    const stuck = await razorpayOrder();
    await db
      .update(schema.orders)
      .set({ status: "paid", paidAt: new Date(), gatewayPaymentId: "pay_stuck00000001" })
      .where(eq(schema.orders.id, stuck.order.id));

    const report = await reconcileOrders(await getDb(), { pendingExpiryMinutes: 60 });
    expect(report).toEqual({ fulfilled: 1, confirmed: 1, expired: 1, errors: 0, emailsResent: 0 });
    expect((await getOrder(paidLate.order.id)).status).toBe("fulfilled");
    expect((await getOrder(abandoned.order.id)).status).toBe("cancelled");
    expect((await getOrder(stuck.order.id)).status).toBe("fulfilled");
    expect(await enrolmentsOf(abandoned.user.id)).toEqual([]);
    // Running it again changes nothing.
    expect(await reconcileOrders(await getDb(), { pendingExpiryMinutes: 60 })).toEqual({
      fulfilled: 0,
      confirmed: 0,
      expired: 0,
      errors: 0,
      emailsResent: 0,
    });
  });

  it("once Razorpay keys are set, an old test-gateway order cannot be paid with the test buttons", async () => {
    const saved = { id: process.env.RAZORPAY_KEY_ID, secret: process.env.RAZORPAY_KEY_SECRET };
    delete process.env.RAZORPAY_KEY_ID;
    delete process.env.RAZORPAY_KEY_SECRET;
    resetEnvCache();
    const { user, order } = await razorpayOrder();
    expect(order.gateway).toBe("test");
    Object.assign(process.env, { RAZORPAY_KEY_ID: saved.id, RAZORPAY_KEY_SECRET: saved.secret });
    resetEnvCache();
    await expect(settleTestPayment(await getDb(), user.id, order.id, "pay")).rejects.toMatchObject({ status: 409 });
    expect((await getOrder(order.id)).status).toBe("pending");
    expect(await enrolmentsOf(user.id)).toEqual([]);
  });

  it("refuses live payments while the GSTIN is the sample or invalid; the test gateway still takes them", async () => {
    const db = await getDb();
    for (const gstin of ["08AAAAA0000A1Z5", "08AAPFU0939F1ZW", "nonsense"]) {
      await db.update(schema.settings).set({ sellerGstin: gstin }).where(eq(schema.settings.id, 1));
      const { user } = await buyerWithCart();
      await expect(placeOrder(db, user.id)).rejects.toMatchObject({
        status: 503,
        message: expect.stringMatching(/GST registration \(GSTIN\) is not set up/),
      });
      // Nothing was created, at Razorpay or here.
      expect(await db.select().from(schema.orders).where(eq(schema.orders.userId, user.id))).toEqual([]);
    }
    expect(fake.requests.filter((r) => r.path.startsWith("/v1/orders"))).toEqual([]);
    // The checkout page says so on the form instead of failing.
    const { user } = await buyerWithCart();
    const { action } = await import("~/routes/store/checkout");
    const res = await routeCall(action, {
      request: makeRequest("/checkout", {
        method: "POST",
        body: new URLSearchParams({ coupon: "" }),
        ...(await asUser(user)),
      }),
      params: {},
      context: {},
    } as never);
    expect(res).toMatchObject({
      init: { status: 503 },
      data: { formError: expect.stringMatching(/Nothing was charged/) },
    });
    // Without Razorpay keys (the test gateway) the sample GSTIN is no obstacle.
    delete process.env.RAZORPAY_KEY_ID;
    delete process.env.RAZORPAY_KEY_SECRET;
    resetEnvCache();
    const placed = await placeOrder(db, user.id);
    expect((await getOrder(placed.orderId)).gateway).toBe("test");
  });

  it("without RAZORPAY_WEBHOOK_SECRET every webhook is refused", async () => {
    delete process.env.RAZORPAY_WEBHOOK_SECRET;
    resetEnvCache();
    expect(await postWebhook(webhookEvent("payment.captured", {}), "valid")).toMatchObject({ status: 404 });
  });
});

describe("a second, different payment on a paid order", () => {
  it("is flagged to the admins (notification and audit entry), answered 200 and fulfils nothing twice", async () => {
    const admin = await createTestUser({ role: "admin" });
    const { user, order } = await razorpayOrder();
    const first = fake.capture(order.gatewayOrderId!);
    expect(await postWebhook(webhookEvent("payment.captured", { payment: first }), "valid", "evt_a")).toMatchObject({
      status: 200,
      body: { message: "fulfilled" },
    });
    // The buyer paid again (a second UPI attempt went through): Razorpay captures another payment.
    const second = fake.capture(order.gatewayOrderId!);
    expect(second.id).not.toBe(first.id);
    const answers = [
      await postWebhook(webhookEvent("payment.captured", { payment: second }), "valid", "evt_b"),
      // Razorpay redelivers until it gets a 200; a redelivery is not a third payment.
      await postWebhook(webhookEvent("payment.captured", { payment: second }), "valid", "evt_b"),
      // The first payment again is just a duplicate delivery: nothing to flag.
      await postWebhook(webhookEvent("payment.captured", { payment: first }), "valid", "evt_a"),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.message)).toEqual(["extra_payment", "extra_payment", "already"]);

    const after = await getOrder(order.id);
    expect(after).toMatchObject({ status: "fulfilled", gatewayPaymentId: first.id });
    expect(await enrolmentsOf(user.id, { live: false })).toHaveLength(2);
    const db = await getDb();
    expect(await db.select().from(schema.invoiceCounters)).toEqual([expect.objectContaining({ lastNumber: 1 })]);
    expect(await db.select().from(schema.emailOutbox)).toHaveLength(1);

    const alerts = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityType, "order"), eq(schema.auditLog.type, "Payment alert")));
    expect(alerts).toEqual([expect.objectContaining({ entityId: order.id, status: "Pending", actorId: null })]);
    expect(alerts[0]!.description).toContain(order.number);
    expect(alerts[0]!.description).toContain(second.id);
    expect(alerts[0]!.description).toContain(formatPaise(order.totalPaise));

    const { items, unread } = await listNotifications(db, admin.id);
    const flagged = items.filter((i) => i.title.includes("payment") && i.title.includes(order.number));
    expect(flagged).toEqual([
      expect.objectContaining({
        title: `Second payment on order ${order.number}`,
        href: `/admin/sales?q=${order.number}`,
        isNew: true,
      }),
    ]);
    expect(unread).toBeGreaterThanOrEqual(1);
  });
});

describe("refund email", () => {
  it("tells the buyer the order number, the amount refunded in rupees and that access was removed", async () => {
    const { user, order } = await razorpayOrder();
    const payment = fake.capture(order.gatewayOrderId!);
    await postWebhook(webhookEvent("payment.captured", { payment }), "valid");
    const db = await getDb();
    await db.delete(schema.emailOutbox);
    await refundOrder(db, order.id, user.id);
    const mail = await db.select().from(schema.emailOutbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(user.email);
    expect(mail[0]!.subject).toBe(`Refund for your Commerce Academy order ${order.number}`);
    expect(mail[0]!.text).toContain(order.number);
    expect(mail[0]!.text).toContain(formatPaise(order.totalPaise));
    expect(mail[0]!.text).toMatch(/access .* removed/i);
    expect(mail[0]!.html).toContain(formatPaise(order.totalPaise));
  });

  it("is sent for a refund made in Razorpay's dashboard too", async () => {
    const { user, order } = await razorpayOrder();
    const payment = fake.capture(order.gatewayOrderId!);
    await postWebhook(webhookEvent("payment.captured", { payment }), "valid");
    const db = await getDb();
    await db.delete(schema.emailOutbox);
    const refund = refundEntity({ payment_id: payment.id, amount: order.totalPaise });
    await postWebhook(webhookEvent("refund.processed", { refund, payment }), "valid");
    await postWebhook(webhookEvent("refund.processed", { refund, payment }), "valid");
    const mail = await db.select().from(schema.emailOutbox);
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      [user.email, `Refund for your Commerce Academy order ${order.number}`],
    ]);
  });

  it("a failure to write the email does not undo the refund", async () => {
    const { user, order } = await razorpayOrder();
    const payment = fake.capture(order.gatewayOrderId!);
    await postWebhook(webhookEvent("payment.captured", { payment }), "valid");
    const db = await getDb();
    await db.execute(sql`create function fail_outbox() returns trigger language plpgsql as $$
      begin raise exception 'the mail queue is down'; end $$`);
    await db.execute(
      sql`create trigger fail_outbox before insert on email_outbox for each row execute function fail_outbox()`,
    );
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    let warned: string[] = [];
    try {
      const result = await refundOrder(db, order.id, user.id);
      expect(result.revokedEnrolments).toBe(2);
    } finally {
      await db.execute(sql`drop trigger fail_outbox on email_outbox`);
      await db.execute(sql`drop function fail_outbox()`);
      warned = warn.mock.calls.map((call) => String(call[1] ?? call[0]));
      warn.mockRestore();
    }
    expect((await getOrder(order.id)).status).toBe("refunded");
    expect(await enrolmentsOf(user.id)).toEqual([]);
    expect(warned).toEqual([expect.stringMatching(/the refund email of order .* could not be sent/)]);
  });
});
