/**
 * A local fake of the parts of Razorpay's REST API we call, answering with the
 * payload shapes of Razorpay's API reference (orders, order payments, refunds,
 * errors). Point the adapter at it with RAZORPAY_API_BASE_URL.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

interface FakeOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url").slice(0, 14)}`;
const now = () => Math.floor(Date.now() / 1000);

export function paymentEntity(over: { id?: string; order_id: string; amount: number; status?: string }) {
  const status = over.status ?? "captured";
  return {
    id: over.id ?? id("pay"),
    entity: "payment",
    amount: over.amount,
    currency: "INR",
    status,
    order_id: over.order_id,
    invoice_id: null,
    international: false,
    method: "upi",
    amount_refunded: 0,
    refund_status: null,
    captured: status === "captured",
    description: null,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: "gaurav.kumar@exampleupi",
    email: "gaurav.kumar@example.com",
    contact: "+919876543210",
    notes: [],
    fee: status === "captured" ? Math.round(over.amount * 0.02) : null,
    tax: status === "captured" ? 0 : null,
    error_code: status === "failed" ? "BAD_REQUEST_ERROR" : null,
    error_description: status === "failed" ? "Payment processing failed because of incorrect OTP" : null,
    error_source: status === "failed" ? "customer" : null,
    error_step: status === "failed" ? "payment_authentication" : null,
    error_reason: status === "failed" ? "incorrect_otp" : null,
    acquirer_data: { rrn: "225313543241" },
    created_at: now(),
  };
}

export function refundEntity(over: { payment_id: string; amount: number; id?: string; notes?: unknown }) {
  return {
    id: over.id ?? id("rfnd"),
    entity: "refund",
    amount: over.amount,
    currency: "INR",
    payment_id: over.payment_id,
    notes: over.notes ?? [],
    receipt: null,
    acquirer_data: { arn: null },
    created_at: now(),
    batch_id: null,
    status: "processed",
    speed_processed: "normal",
    speed_requested: "normal",
  };
}

export class RazorpayFake {
  requests: FakeRequest[] = [];
  orders = new Map<string, FakeOrder>();
  payments = new Map<string, ReturnType<typeof paymentEntity>[]>();
  /** Make the next call to this path fail with Razorpay's error body. */
  failNext: { pathPrefix: string; status: number; description: string } | null = null;
  private server: http.Server;

  constructor(
    readonly keyId: string,
    readonly keySecret: string,
  ) {
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  listen() {
    return new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A customer paid the order at Razorpay (what Checkout would do). */
  capture(orderId: string, amount?: number) {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no fake order ${orderId}`);
    const payment = paymentEntity({ order_id: orderId, amount: amount ?? order.amount });
    this.payments.set(orderId, [...(this.payments.get(orderId) ?? []), payment]);
    order.status = "paid";
    order.amount_paid = payment.amount;
    order.amount_due = 0;
    order.attempts += 1;
    return payment;
  }

  private send(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  }

  private error(res: http.ServerResponse, status: number, description: string, field?: string) {
    this.send(res, status, {
      error: {
        code: status === 401 ? "BAD_REQUEST_ERROR" : "BAD_REQUEST_ERROR",
        description,
        source: "business",
        step: "payment_initiation",
        reason: "input_validation_failed",
        metadata: {},
        ...(field ? { field } : {}),
      },
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const path = (req.url ?? "").split("?")[0]!;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    this.requests.push({ method: req.method ?? "", path, authorization: req.headers.authorization, body });

    const expected = `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return this.error(res, 401, "Authentication failed");
    if (this.failNext && path.startsWith(this.failNext.pathPrefix)) {
      const { status, description } = this.failNext;
      this.failNext = null;
      return this.error(res, status, description);
    }

    const orderPayments = path.match(/^\/v1\/orders\/([^/]+)\/payments$/);
    const orderFetch = path.match(/^\/v1\/orders\/([^/]+)$/);
    const paymentRefund = path.match(/^\/v1\/payments\/([^/]+)\/refund$/);
    if (req.method === "POST" && path === "/v1/orders") {
      const amount = Number(body?.amount);
      if (!Number.isInteger(amount) || amount < 100)
        return this.error(res, 400, "The amount must be atleast INR 1.00", "amount");
      const order: FakeOrder = {
        id: id("order"),
        entity: "order",
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: String(body?.currency ?? "INR"),
        receipt: (body?.receipt as string) ?? null,
        offer_id: null,
        status: "created",
        attempts: 0,
        notes: (body?.notes as Record<string, string>) ?? [],
        created_at: now(),
      };
      this.orders.set(order.id, order);
      return this.send(res, 200, order);
    }
    if (req.method === "GET" && orderPayments) {
      if (!this.orders.has(orderPayments[1]!)) return this.error(res, 400, "The id provided does not exist");
      const items = this.payments.get(orderPayments[1]!) ?? [];
      return this.send(res, 200, { entity: "collection", count: items.length, items });
    }
    if (req.method === "GET" && orderFetch) {
      const order = this.orders.get(orderFetch[1]!);
      return order ? this.send(res, 200, order) : this.error(res, 400, "The id provided does not exist");
    }
    if (req.method === "POST" && paymentRefund) {
      const paymentId = paymentRefund[1]!;
      const payment = [...this.payments.values()].flat().find((p) => p.id === paymentId);
      if (!payment) return this.error(res, 400, "The id provided does not exist");
      const amount = Number(body?.amount ?? payment.amount);
      if (amount > payment.amount - payment.amount_refunded) {
        return this.error(res, 400, "The refund amount provided is greater than amount captured");
      }
      payment.amount_refunded += amount;
      return this.send(res, 200, refundEntity({ payment_id: paymentId, amount, notes: body?.notes }));
    }
    return this.error(res, 404, "The requested URL was not found on the server.");
  }
}

/** Razorpay's webhook envelope for an event. */
export function webhookEvent(event: string, payload: Record<string, unknown>) {
  return {
    entity: "event",
    account_id: "acc_BFQ7uQEaa7j2z7",
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: v }])),
    created_at: now(),
  };
}
