import { createHash, randomBytes } from "node:crypto";

/**
 * Constant inline scripts of ours are allowed by their hash (they are the same on every page,
 * cached or not). The caller names the scripts, so this module knows no feature.
 */
export function inlineScriptHashes(sources: readonly string[]): string[] {
  return sources.map((source) => `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`);
}

export function createNonce() {
  return randomBytes(16).toString("base64");
}

/**
 * The document Content-Security-Policy: scripts only from us (plus Razorpay
 * Checkout) and inline scripts only with this request's nonce; video players
 * and Razorpay may be framed; nobody may frame us.
 */
export function contentSecurityPolicy(nonce: string, scriptHashes: readonly string[] = []) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${scriptHashes.join(" ")} https://checkout.razorpay.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
    "frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://api.razorpay.com https://checkout.razorpay.com",
    // blob: for the course player's hls.js (Media Source Extensions); playlists and segments are 'self'.
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
