/**
 * The path React Router matches for a URL path, for rules the HTTP server applies by path before
 * React Router runs (maintenance mode, private answers). React Router matches percent-decoded and
 * case-insensitively, and a single-fetch request names its page with `.data` (`/_root.data` for
 * "/"): a rule written for `/account` must also catch `/Account`, `/%61ccount` and `/account.data`.
 */
export function routePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: React Router answers it 400/404 itself; match the raw path
  }
  path = path.toLowerCase().replace(/\/{2,}/g, "/");
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path === "/_root") path = "/";
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return path || "/";
}

/**
 * Answers made for one signed-in person (their account, orders, invoices, checkout, courses and
 * downloads, and the admin area), whatever their status: the server sends them
 * `Cache-Control: private, no-store` (server/app.ts), so no browser or shared cache keeps them.
 */
const PERSONALISED = /^\/(account|checkout|my-courses|admin|downloads)(\/|$)/;

export const PRIVATE_CACHE_CONTROL = "private, no-store";

export function isPersonalisedPath(pathname: string): boolean {
  return PERSONALISED.test(routePath(pathname));
}
