/**
 * Razorpay adapter: orders and refunds through the official `razorpay` SDK,
 * payment and webhook signatures checked with HMAC-SHA256 and a timing-safe
 * comparison. RAZORPAY_API_BASE_URL points the SDK elsewhere (a local fake in tests).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { type Env, getEnv } from "~/lib/env.server";
import type { GatewayOrderStatus, PaymentGateway } from "./gateway.server";

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string | null;
  apiBaseUrl: string;
}

/**
 * Razorpay settings from the parsed configuration, or null for the test gateway (neither key set).
 * One key without the other never gets here: getEnv() refuses it (silently falling back to the
 * test gateway would give courses away).
 */
export function razorpayConfig(env: Env = getEnv()): RazorpayConfig | null {
  const keyId = env.RAZORPAY_KEY_ID;
  const keySecret = env.RAZORPAY_KEY_SECRET;
  if (!keyId || !keySecret) return null;
  return {
    keyId,
    keySecret,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? null,
    apiBaseUrl: env.RAZORPAY_API_BASE_URL,
  };
}

export function hmacSha256Hex(secret: string, message: string) {
  return createHmac("sha256", secret).update(message, "utf8").digest("hex");
}

/** Constant-time comparison of two hex signatures (false for anything malformed). */
export function signaturesMatch(expectedHex: string, givenHex: string | null | undefined) {
  if (!givenHex || !/^[0-9a-f]+$/i.test(givenHex)) return false;
  const a = Buffer.from(expectedHex, "hex");
  const b = Buffer.from(givenHex.toLowerCase(), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checkout's razorpay_signature = HMAC-SHA256(order_id + "|" + payment_id, key secret). */
export function verifyPaymentSignature(
  input: { gatewayOrderId: string; paymentId: string; signature: string | null | undefined },
  keySecret: string,
) {
  return signaturesMatch(hmacSha256Hex(keySecret, `${input.gatewayOrderId}|${input.paymentId}`), input.signature);
}

/** X-Razorpay-Signature = HMAC-SHA256(raw request body, webhook secret). */
export function verifyWebhookSignature(rawBody: string, signature: string | null | undefined, webhookSecret: string) {
  return signaturesMatch(hmacSha256Hex(webhookSecret, rawBody), signature);
}

interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
}

function describeError(error: unknown) {
  if (error && typeof error === "object" && "error" in error) {
    const e = (error as { error?: { description?: string }; statusCode?: number }).error;
    return `Razorpay: ${e?.description ?? "request failed"}`;
  }
  return error instanceof Error ? error.message : String(error);
}

export function createRazorpayGateway(config: RazorpayConfig): PaymentGateway {
  // The SDK (axios and its own modules, ~20 MB of a process's memory) is loaded the first time a store
  // with Razorpay keys makes a gateway, never on one that takes payments on the test gateway.
  const loading = import("razorpay").then(({ default: RazorpaySdk }) => {
    const client = new RazorpaySdk({ key_id: config.keyId, key_secret: config.keySecret });
    // The SDK's HTTP client is an axios instance with a fixed host; allow a fake or proxy.
    const rq = (client as unknown as { api: { rq: { defaults: { baseURL: string; timeout: number } } } }).api.rq;
    rq.defaults.baseURL = config.apiBaseUrl;
    rq.defaults.timeout = 15_000;
    return client;
  });
  // Handled here so a failed load is not an unhandled rejection; each call below still gets its error.
  loading.catch(() => {});

  return {
    name: "razorpay",
    async createOrder(input) {
      try {
        const client = await loading;
        const order = await client.orders.create({
          amount: input.totalPaise,
          currency: "INR",
          receipt: input.number,
          notes: { order_id: input.orderId, order_number: input.number },
        });
        return { gatewayOrderId: order.id };
      } catch (error) {
        throw new Error(describeError(error));
      }
    },
    async fetchOrderStatus(gatewayOrderId): Promise<GatewayOrderStatus> {
      try {
        const client = await loading;
        const result = (await client.orders.fetchPayments(gatewayOrderId)) as unknown as { items: RazorpayPayment[] };
        const captured = result.items.find((p) => p.status === "captured");
        if (captured) return { status: "paid", paymentId: captured.id, amountPaise: captured.amount };
        const order = await client.orders.fetch(gatewayOrderId);
        if (order.status === "paid") return { status: "pending" }; // paid but the capture is not listed yet
        return { status: "pending" };
      } catch (error) {
        throw new Error(describeError(error));
      }
    },
    async refund(input) {
      try {
        const client = await loading;
        const refund = await client.payments.refund(input.paymentId, {
          amount: input.amountPaise,
          notes: { order_number: input.orderNumber },
        });
        return { refundId: refund.id };
      } catch (error) {
        throw new Error(describeError(error));
      }
    },
  };
}
