/** Zod schemas of the checkout and payment forms (client and server). */
import { z } from "zod";
import { buyerDetailsFields, buyerDetailsRule, stateCodeField } from "~/features/gst/schema";

export const couponField = z
  .string()
  .trim()
  .max(40, "A coupon code has at most 40 characters.")
  .regex(/^[A-Za-z0-9_-]*$/, "A coupon code has only letters, digits, - and _.")
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));

/**
 * Only the coupon, the buyer's state and their business details (GSTIN, registered name, address)
 * are read from the checkout form: prices, items and totals come from the database. The state may be
 * left out once the account has one.
 */
export const placeOrderSchema = z
  .object({
    coupon: couponField,
    state: z.preprocess((v) => (v === "" ? undefined : v), stateCodeField.optional()),
    ...buyerDetailsFields,
  })
  .superRefine(buyerDetailsRule);

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

/** The admin coupon form. */
const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const d = new Date(`${v}T00:00:00+05:30`);
    if (Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(v)) {
      ctx.addIssue({ code: "custom", message: "Enter a date as YYYY-MM-DD." });
      return z.NEVER;
    }
    return d;
  });

export const couponSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, "Use 3–32 letters, digits, - or _."),
    kind: z.enum(["percent", "fixed"], { error: "Choose percent or a fixed amount." }),
    value: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter a number."),
    productKind: z.enum(["any", "course", "note", "pyq", "test", "bundle"]).default("any"),
    minSubtotal: z
      .string()
      .trim()
      .default("0")
      .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount in rupees.")),
    startsAt: optionalDate,
    endsAt: optionalDate,
    maxUses: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        if (!/^\d{1,9}$/.test(v) || Number(v) < 1) {
          ctx.addIssue({ code: "custom", message: "Enter a whole number of uses, or leave empty for unlimited." });
          return z.NEVER;
        }
        return Number(v);
      }),
  })
  .transform((v, ctx) => {
    const value = v.kind === "percent" ? Number(v.value) : Math.round(Number(v.value) * 100);
    if (v.kind === "percent" && (!Number.isInteger(value) || value < 1 || value > 100)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is a whole number from 1 to 100." });
    }
    if (v.kind === "fixed" && value < 1)
      ctx.addIssue({ code: "custom", path: ["value"], message: "Enter an amount above ₹0." });
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end date must be after the start date." });
    }
    return {
      code: v.code,
      kind: v.kind,
      value,
      productKind: v.productKind === "any" ? null : v.productKind,
      minSubtotalPaise: Math.round(Number(v.minSubtotal) * 100),
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      maxUses: v.maxUses,
    };
  });

export type CouponInput = z.infer<typeof couponSchema>;
