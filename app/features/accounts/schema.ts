/** Zod schemas of the account forms, shared by server and client. */
import { z } from "zod";
import { buyerDetailsFields, buyerDetailsRule, stateCodeField } from "~/features/gst/schema";
import { MAX_ID } from "~/lib/id";
import { ROLES } from "~/lib/roles";
import { MAX_PASSWORD, MIN_PASSWORD } from "./limits";

export { MAX_PASSWORD, MIN_PASSWORD };

export const emailField = z
  .string({ error: "Enter your email address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email("Enter a valid email address, like name@example.com."));

const newPassword = z
  .string({ error: "Enter a password." })
  .min(MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters.`)
  .max(MAX_PASSWORD, `Use at most ${MAX_PASSWORD} characters.`);

export const nameField = z
  .string({ error: "Enter your full name." })
  .trim()
  .min(1, "Enter your full name.")
  .max(100, "Use at most 100 characters.");

export const signupSchema = z.object({ name: nameField, email: emailField, password: newPassword });
export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(MAX_PASSWORD * 2),
});
export const forgotPasswordSchema = z.object({ email: emailField });
export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });
export const profileSchema = z
  .object({
    name: nameField,
    email: emailField,
    /** Needed only when the email changes. */
    currentPassword: z
      .string()
      .max(MAX_PASSWORD * 2)
      .optional(),
    /** The GST place of supply of the buyer's orders; left empty = unchanged. */
    state: z.preprocess((v) => (v === "" ? undefined : v), stateCodeField.optional()),
    /** The checkout's default business details (GSTIN, registered name, address); empty = none. */
    ...buyerDetailsFields,
  })
  .superRefine(buyerDetailsRule);
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, "Enter your current password.")
      .max(MAX_PASSWORD * 2),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

/**
 * Where to go after logging in: a path on this site, never back to the auth pages themselves.
 * The target is normalised first (dot segments, percent-decoding of the host part, control
 * characters) and checked after: `/.//evil.example` and `/../..//evil.example` normalise to
 * `//evil.example`, a protocol-relative URL to another host, and are refused like `//evil.example`.
 */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://internal.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://internal.invalid") return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Checked on the cleaned path: one leading slash, then not a second one (or a backslash).
  if (!/^\/(?![/\\])/.test(target)) return fallback;
  if (/^\/(login|signup|logout|forgot-password|reset-password)(\/|$)/.test(url.pathname)) return fallback;
  return target;
}

/**
 * Product ids of the guest cart: either "1,2,3" or the JSON of localStorage `cart-storage`
 * (`{ state: { items: [{ id }] } }`). Anything malformed is ignored.
 */
export function parseGuestCart(value: unknown, limit = 100): number[] {
  if (typeof value !== "string" || !value.trim() || value.length > 100_000) return [];
  let raw: unknown[] = [];
  const text = value.trim();
  if (text.startsWith("{") || text.startsWith("[")) {
    try {
      const parsed = JSON.parse(text) as unknown;
      const items = Array.isArray(parsed) ? parsed : (parsed as { state?: { items?: unknown } } | null)?.state?.items;
      if (Array.isArray(items))
        raw = items.map((item) => (item && typeof item === "object" ? (item as { id?: unknown }).id : item));
    } catch {
      return [];
    }
  } else {
    raw = text.split(",");
  }
  const ids = new Set<number>();
  for (const r of raw) {
    const n = typeof r === "number" ? r : typeof r === "string" && /^\s*\d+\s*$/.test(r) ? Number(r) : Number.NaN;
    if (Number.isSafeInteger(n) && n > 0 && n <= MAX_ID) ids.add(n);
    if (ids.size >= limit) break;
  }
  return [...ids];
}

/** The role select of the admin user page. */
export const roleSchema = z.enum(ROLES, { error: "Choose a role." });
