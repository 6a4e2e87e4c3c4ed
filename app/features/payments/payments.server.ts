/**
 * Entry points of the payment flows: the pay page, the test gateway's buttons,
 * Razorpay's checkout callback and webhook. Everything ends in confirmPayment /
 * closeUnpaidOrder of the orders feature.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { orders, paymentEvents } from "~/db/schema";
import { creditedSoFar } from "~/features/orders/credit-notes.server";
import { closeUnpaidOrder, confirmPayment } from "~/features/orders/fulfilment.server";
import { getOrderForUser } from "~/features/orders/orders.server";
import { creditNoteOfGatewayRefund, refundOrder } from "~/features/orders/refund.server";
import { HttpError } from "~/lib/errors";
import { isTestGatewayEnabled } from "~/platform/gateway/gateway.server";
import { razorpayConfig, verifyPaymentSignature, verifyWebhookSignature } from "~/platform/gateway/razorpay.server";

export async function logPaymentEvent(
  db: DbOrTx,
  event: {
    gateway: string;
    type: string;
    orderId?: string | null;
    eventId?: string | null;
    payload: unknown;
  },
) {
  const rows = await db
    .insert(paymentEvents)
    .values({
      gateway: event.gateway,
      type: event.type,
      orderId: event.orderId ?? null,
      eventId: event.eventId ?? null,
      payload: event.payload ?? {},
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** What the pay page needs: the user's pending order and how to pay it. */
export async function getPaymentPage(db: DbOrTx, userId: string, orderId: string) {
  const order = await getOrderForUser(db, userId, orderId);
  if (!order) return null;
  const razorpay = order.gateway === "razorpay" ? razorpayConfig() : null;
  return {
    order,
    testMode: order.gateway === "test",
    razorpay: razorpay && order.gatewayOrderId ? { keyId: razorpay.keyId, gatewayOrderId: order.gatewayOrderId } : null,
  };
}

/** What a pay button did; a refusal is an HttpError (404 not the buyer's order, 400 bad signature, 409 refused). */
export interface PayActionResult {
  outcome: "fulfilled" | "failed" | "already";
}

const ORDER_NOT_FOUND = "Order not found.";
const PAYMENT_REJECTED = "This payment could not be accepted.";

/** The test gateway's "Pay" and "Fail" buttons. */
export async function settleTestPayment(
  db: DbOrTx,
  userId: string,
  orderId: string,
  result: "pay" | "fail",
): Promise<PayActionResult> {
  const order = await getOrderForUser(db, userId, orderId);
  if (order?.gateway !== "test") throw new HttpError(404, ORDER_NOT_FOUND);
  if (!isTestGatewayEnabled()) {
    throw new HttpError(409, "Test mode is off: this order cannot be paid with the test gateway.");
  }
  if (result === "fail") {
    await logPaymentEvent(db, { gateway: "test", type: "payment.failed", orderId, payload: { by: userId } });
    const closed = await closeUnpaidOrder(db, orderId, "failed");
    return { outcome: closed ? "failed" : "already" };
  }
  // One payment per order: a double click on "Pay" is the same payment again, never a second one
  // (which confirmPayment would flag to the admins as money taken twice).
  const paymentId = `test_pay_${orderId.replace(/-/g, "").slice(0, 14)}`;
  await logPaymentEvent(db, { gateway: "test", type: "payment.captured", orderId, payload: { paymentId, by: userId } });
  const outcome = await confirmPayment(db, {
    orderId,
    gateway: "test",
    paymentId,
    amountPaise: order.totalPaise,
    source: "test",
  });
  if (outcome.outcome === "rejected") throw new HttpError(409, PAYMENT_REJECTED);
  return { outcome: outcome.outcome === "fulfilled" ? "fulfilled" : "already" };
}

/** Razorpay Checkout's handler posts these three fields back; the signature is checked before anything else. */
export async function confirmRazorpayCheckout(
  db: DbOrTx,
  userId: string,
  orderId: string,
  fields: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<PayActionResult> {
  const config = razorpayConfig();
  const order = await getOrderForUser(db, userId, orderId);
  if (order?.gateway !== "razorpay" || !order.gatewayOrderId || !config) throw new HttpError(404, ORDER_NOT_FOUND);
  // Our own stored Razorpay order id is signed, never the one the browser sent.
  const valid =
    fields.razorpay_order_id === order.gatewayOrderId &&
    verifyPaymentSignature(
      {
        gatewayOrderId: order.gatewayOrderId,
        paymentId: fields.razorpay_payment_id,
        signature: fields.razorpay_signature,
      },
      config.keySecret,
    );
  if (!valid) {
    throw new HttpError(
      400,
      "We could not verify this payment. If money was taken, it will be confirmed automatically within minutes.",
    );
  }
  await logPaymentEvent(db, { gateway: "razorpay", type: "checkout.success", orderId, payload: fields });
  const outcome = await confirmPayment(db, {
    orderId,
    gateway: "razorpay",
    paymentId: fields.razorpay_payment_id,
    amountPaise: order.totalPaise,
    source: "redirect",
  });
  if (outcome.outcome === "rejected") throw new HttpError(409, PAYMENT_REJECTED);
  return { outcome: outcome.outcome === "fulfilled" ? "fulfilled" : "already" };
}

// The fields we read, with their types checked: a signed body is still only as good as its shape.
const gatewayText = z
  .string()
  .max(200)
  .regex(/^[\x20-\x7e]*$/)
  .nullish()
  .transform((v) => v || undefined);
const paise = z
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .nullish()
  .transform((v) => v ?? undefined);
const entity = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ entity: z.looseObject(shape).nullish() })
    .nullish()
    .transform((v) => v ?? undefined);
const webhookBodySchema = z.looseObject({
  event: gatewayText,
  payload: z
    .looseObject({
      payment: entity({ id: gatewayText, order_id: gatewayText, amount: paise, status: gatewayText }),
      order: entity({ id: gatewayText, amount_paid: paise, status: gatewayText }),
      refund: entity({ id: gatewayText, payment_id: gatewayText, amount: paise, status: gatewayText }),
    })
    .nullish()
    .transform((v) => v ?? undefined),
});
type RazorpayWebhookBody = z.infer<typeof webhookBodySchema>;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Razorpay's events nest about five levels; anything far deeper is not one of them. */
const MAX_JSON_DEPTH = 32;

/**
 * PostgreSQL's jsonb holds no U+0000 and no lone surrogate; the payload is logged as jsonb. Walked
 * with a queue, not recursion, and only MAX_JSON_DEPTH deep: a body nested thousands of levels is
 * refused instead of overflowing the stack.
 */
function storableInJsonb(root: unknown): boolean {
  const queue: Array<[unknown, number]> = [[root, 0]];
  for (let next = queue.pop(); next; next = queue.pop()) {
    const [value, depth] = next;
    if (typeof value === "string") {
      if (value.includes("\u0000") || LONE_SURROGATE.test(value)) return false;
    } else if (value && typeof value === "object") {
      if (depth >= MAX_JSON_DEPTH) return false;
      for (const [key, child] of Object.entries(value)) queue.push([key, depth + 1], [child, depth + 1]);
    }
  }
  return true;
}

export interface WebhookResponse {
  status: number;
  body: { ok: boolean; message: string };
}

async function findOrderBy(db: DbOrTx, column: "gatewayOrderId" | "gatewayPaymentId", value: string | undefined) {
  if (!value) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.gateway, "razorpay"), eq(orders[column], value)));
  return order ?? null;
}

/** POST /api/payments/razorpay/webhook: the raw body and X-Razorpay-Signature are checked before anything is read. */
export async function handleRazorpayWebhook(db: Db, rawBody: string, headers: Headers): Promise<WebhookResponse> {
  const config = razorpayConfig();
  if (!config?.webhookSecret) {
    return {
      status: 404,
      body: { ok: false, message: "Razorpay webhooks are not configured (RAZORPAY_WEBHOOK_SECRET)." },
    };
  }
  if (!verifyWebhookSignature(rawBody, headers.get("x-razorpay-signature"), config.webhookSecret)) {
    return { status: 401, body: { ok: false, message: "Invalid signature." } };
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: { ok: false, message: "The body is not JSON." } };
  }
  const parsed = storableInJsonb(json) ? webhookBodySchema.safeParse(json) : undefined;
  if (!parsed?.success) {
    return { status: 400, body: { ok: false, message: "The body is not a Razorpay event." } };
  }
  const event: RazorpayWebhookBody = parsed.data;
  const type = event.event ?? "unknown";
  const payment = event.payload?.payment?.entity;
  const gatewayOrderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  const order =
    type === "refund.processed"
      ? await findOrderBy(db, "gatewayPaymentId", event.payload?.refund?.entity?.payment_id)
      : await findOrderBy(db, "gatewayOrderId", gatewayOrderId);
  // Redeliveries are logged once and processed again: every step below is idempotent.
  await logPaymentEvent(db, {
    gateway: "razorpay",
    type,
    orderId: order?.id ?? null,
    eventId: headers.get("x-razorpay-event-id"),
    payload: event,
  });
  if (!order) return { status: 200, body: { ok: true, message: "No matching order." } };

  switch (type) {
    case "payment.captured":
    case "order.paid": {
      if (!payment?.id) return { status: 200, body: { ok: true, message: "No payment in the event." } };
      if (type === "payment.captured" && payment.status && payment.status !== "captured") {
        return { status: 200, body: { ok: true, message: "Payment not captured." } };
      }
      const amount =
        type === "order.paid" ? (event.payload?.order?.entity?.amount_paid ?? payment.amount) : payment.amount;
      const outcome = await confirmPayment(db, {
        orderId: order.id,
        gateway: "razorpay",
        paymentId: payment.id,
        amountPaise: Number(amount),
        source: "webhook",
      });
      return { status: 200, body: { ok: true, message: outcome.outcome } };
    }
    case "payment.failed": {
      const closed = await closeUnpaidOrder(db, order.id, "failed");
      return { status: 200, body: { ok: true, message: closed ? "failed" : "unchanged" } };
    }
    case "refund.processed": {
      const refund = event.payload?.refund?.entity;
      if (!refund) return { status: 200, body: { ok: true, message: "Event ignored." } };
      // Our own refunds (whole or of one item) come back as this event too: the credit note has its id.
      const known = refund.id ? await creditNoteOfGatewayRefund(db, refund.id) : null;
      if (known) return { status: 200, body: { ok: true, message: `Already recorded (${known.number}).` } };
      // A refund made in Razorpay's dashboard: all that is left of the order ends it here too; a
      // smaller amount cannot say which items it was for, so the admin refunds those from Sales.
      if (Number(refund.amount) < order.totalPaise - (await creditedSoFar(db, order.id))) {
        return { status: 200, body: { ok: true, message: "Partial refund recorded." } };
      }
      try {
        await refundOrder(db, order.id, null, { callGateway: false, gatewayRefundId: refund.id });
        return { status: 200, body: { ok: true, message: "refunded" } };
      } catch (error) {
        if (error instanceof HttpError) return { status: 200, body: { ok: true, message: error.message } };
        throw error;
      }
    }
    default:
      return { status: 200, body: { ok: true, message: "Event ignored." } };
  }
}
