/**
 * The payment gateway interface. Razorpay when its keys are configured, else
 * the built-in test gateway. Both end in the same confirmation and fulfilment
 * code (app/features/orders/fulfilment.server.ts).
 */
import { randomUUID } from "node:crypto";
import { type Env, getEnv } from "~/lib/env.server";
import { createRazorpayGateway, razorpayConfig } from "./razorpay.server";

export type GatewayName = "razorpay" | "test" | "free";

export interface GatewayOrderInput {
  orderId: string;
  number: string;
  totalPaise: number;
}

/** What the gateway says about one of its orders. */
export type GatewayOrderStatus =
  | { status: "paid"; paymentId: string; amountPaise: number }
  | { status: "failed" }
  | { status: "pending" };

export interface PaymentGateway {
  name: Exclude<GatewayName, "free">;
  /** Creates the gateway's own order for our order; returns its id. */
  createOrder(input: GatewayOrderInput): Promise<{ gatewayOrderId: string }>;
  /** Asks the gateway whether an order was paid (for reconciliation). */
  fetchOrderStatus(gatewayOrderId: string): Promise<GatewayOrderStatus>;
  /** Refunds a captured payment in full. */
  refund(input: { paymentId: string; amountPaise: number; orderNumber: string }): Promise<{ refundId: string }>;
}

export const testGateway: PaymentGateway = {
  name: "test",
  async createOrder(input) {
    return { gatewayOrderId: `test_order_${input.orderId}` };
  },
  async fetchOrderStatus() {
    // The test gateway has no state of its own: only its page confirms payments.
    return { status: "pending" };
  },
  async refund(input) {
    // One id per refund: an order can be refunded in parts.
    return { refundId: `test_refund_${input.paymentId}_${randomUUID().slice(0, 8)}` };
  },
};

/** The gateway new orders use: Razorpay when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set. */
export function getPaymentGateway(): PaymentGateway {
  const config = razorpayConfig();
  return config ? createRazorpayGateway(config) : testGateway;
}

/** The gateway that handled an existing order. */
export function gatewayFor(name: string): PaymentGateway | null {
  if (name === "test") return testGateway;
  if (name === "razorpay") {
    const config = razorpayConfig();
    return config ? createRazorpayGateway(config) : null;
  }
  return null;
}

/** True when the test gateway's Pay/Fail page may confirm orders (no Razorpay keys configured). */
export function isTestGatewayEnabled() {
  return razorpayConfig() === null;
}

/** Said at server start: which gateway takes payments (a half-configured Razorpay never gets here: getEnv() refuses it). */
export function describePaymentSetup(env: Env = getEnv()) {
  const config = razorpayConfig(env);
  if (!config)
    return {
      gateway: "test" as const,
      warning: "No Razorpay keys: payments use the built-in test gateway (Test mode).",
    };
  return {
    gateway: "razorpay" as const,
    warning: config.webhookSecret ? null : "RAZORPAY_WEBHOOK_SECRET is not set: Razorpay webhooks will be refused.",
  };
}
