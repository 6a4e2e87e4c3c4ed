import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { describePaymentSetup } from "./gateway.server";
import { razorpayConfig, signaturesMatch, verifyPaymentSignature, verifyWebhookSignature } from "./razorpay.server";

describe("Razorpay configuration", () => {
  it("uses the test gateway without keys and refuses one key without the other", () => {
    expect(razorpayConfig(parseEnv({}))).toBeNull();
    expect(describePaymentSetup(parseEnv({})).gateway).toBe("test");
    expect(() => parseEnv({ RAZORPAY_KEY_ID: "rzp_live_x" })).toThrow(/must be set together/);
    expect(() => parseEnv({ RAZORPAY_KEY_SECRET: "s" })).toThrow(/only RAZORPAY_KEY_SECRET/);
    expect(() => parseEnv({ RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "  " })).toThrow(
      /only RAZORPAY_KEY_ID/,
    );
    expect(razorpayConfig(parseEnv({ RAZORPAY_KEY_ID: " rzp_test_x ", RAZORPAY_KEY_SECRET: "s" }))).toEqual({
      keyId: "rzp_test_x",
      keySecret: "s",
      webhookSecret: null,
      apiBaseUrl: "https://api.razorpay.com",
    });
    expect(describePaymentSetup(parseEnv({ RAZORPAY_KEY_ID: "k", RAZORPAY_KEY_SECRET: "s" })).warning).toMatch(
      /WEBHOOK_SECRET/,
    );
  });
});

describe("signatures", () => {
  const hmac = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");

  it("accepts HMAC-SHA256(order_id|payment_id) with the key secret only", () => {
    const signature = hmac("secret", "order_1|pay_1");
    expect(verifyPaymentSignature({ gatewayOrderId: "order_1", paymentId: "pay_1", signature }, "secret")).toBe(true);
    expect(verifyPaymentSignature({ gatewayOrderId: "order_1", paymentId: "pay_2", signature }, "secret")).toBe(false);
    expect(verifyPaymentSignature({ gatewayOrderId: "order_1", paymentId: "pay_1", signature }, "other")).toBe(false);
    expect(
      verifyPaymentSignature({ gatewayOrderId: "order_1", paymentId: "pay_1", signature: undefined }, "secret"),
    ).toBe(false);
  });

  it("checks webhook bodies byte for byte and rejects malformed signatures without throwing", () => {
    const body = '{"event":"payment.captured"}';
    expect(verifyWebhookSignature(body, hmac("wh", body), "wh")).toBe(true);
    expect(verifyWebhookSignature(`${body} `, hmac("wh", body), "wh")).toBe(false);
    expect(verifyWebhookSignature(body, hmac("wh", body).toUpperCase(), "wh")).toBe(true);
    for (const bad of ["", "zz", "abc", hmac("wh", body).slice(0, 10), null]) {
      expect(signaturesMatch(hmac("wh", body), bad)).toBe(false);
    }
  });
});
