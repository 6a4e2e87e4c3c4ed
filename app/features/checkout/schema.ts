/** Zod schemas of the checkout and payment forms (client and server). */
import { z } from "zod";

export const couponField = z
  .string()
  .trim()
  .max(40, "A coupon code has at most 40 characters.")
  .regex(/^[A-Za-z0-9_-]*$/, "A coupon code has only letters, digits, - and _.")
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));

/** Only the coupon is read from the checkout form: prices, items and totals come from the database. */
export const placeOrderSchema = z.object({ coupon: couponField });

export const orderIdParam = z.uuid();

export const payActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay") }),
  z.object({ intent: z.literal("fail") }),
  z.object({
    intent: z.literal("razorpay"),
    razorpay_order_id: z.string().min(1).max(100),
    razorpay_payment_id: z.string().min(1).max(100),
    razorpay_signature: z.string().min(1).max(200),
  }),
]);
