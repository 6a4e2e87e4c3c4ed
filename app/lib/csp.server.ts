import { createHash, randomBytes } from "node:crypto";
import { CART_QUEUE_SCRIPT } from "~/features/cart/cart-context";

/** Constant inline scripts of ours are allowed by their hash (they are the same on every page, cached or not). */
const INLINE_SCRIPT_HASHES = [CART_QUEUE_SCRIPT].map(
  (source) => `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`,
);

export function createNonce() {
  return randomBytes(16).toString("base64");
}

/**
 * The document Content-Security-Policy: scripts only from us (plus Razorpay
 * Checkout) and inline scripts only with this request's nonce; video players
 * and Razorpay may be framed; nobody may frame us.
 */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${INLINE_SCRIPT_HASHES.join(" ")} https://checkout.razorpay.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
    "frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://api.razorpay.com https://checkout.razorpay.com",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
