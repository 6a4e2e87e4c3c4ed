import { createHash, randomFillSync } from "node:crypto";

/**
 * Constant inline scripts of ours are allowed by their hash (they are the same on every page,
 * cached or not). The caller names the scripts, so this module knows no feature.
 */
export function inlineScriptHashes(sources: readonly string[]): string[] {
  return sources.map((source) => `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`);
}

/**
 * 16 random bytes per page, taken from a pool filled 256 pages at a time: each `randomBytes` call
 * is a crypto job whose async-hook bookkeeping cost 1.5 % of a rendered page's CPU. No byte of
 * the pool is used twice.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;
export function createNonce() {
  if (used + 16 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const nonce = pool.toString("base64", used, used + 16);
  used += 16;
  return nonce;
}

/**
 * The document Content-Security-Policy: scripts only from us (plus Razorpay
 * Checkout) and inline scripts only with this request's nonce; video players
 * and Razorpay may be framed; nobody may frame us. `storeOrigin`: the object
 * store (FILE_STORAGE=s3) the course player's hls.js fetches segments from.
 */
export function contentSecurityPolicy(
  nonce: string,
  scriptHashes: readonly string[] = [],
  storeOrigin: string | null = null,
) {
  const store = storeOrigin ? ` ${storeOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${scriptHashes.join(" ")} https://checkout.razorpay.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com${store}`,
    "frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://api.razorpay.com https://checkout.razorpay.com",
    // blob: for the course player's hls.js (Media Source Extensions); playlists are 'self', segments
    // 'self' or presigned URLs of the object store (hls.js fetches them: connect-src).
    `media-src 'self' blob:${store}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
