/**
 * Cross-site request refusal for every state-changing request (forms, fetchers, .data actions).
 * Browsers send Origin on POST; when they do not, Sec-Fetch-Site tells. Requests with neither
 * (server-to-server calls such as payment webhooks) are let through: they carry no browser cookies
 * a forger could borrow.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossOriginMutation(
  method: string,
  headers: { origin?: string | null; secFetchSite?: string | null },
  allowedOrigins: string[],
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.origin;
  if (origin) {
    if (origin === "null") return true;
    return !allowedOrigins.includes(origin);
  }
  return headers.secFetchSite === "cross-site" || headers.secFetchSite === "same-site";
}

export const CROSS_ORIGIN_MESSAGE = "Cross-site requests are not allowed.";
