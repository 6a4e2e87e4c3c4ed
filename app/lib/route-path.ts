/**
 * The path React Router matches for a URL path, for rules the HTTP server applies by path before
 * React Router runs (maintenance mode). React Router matches percent-decoded and
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
 * downloads, a doubt's photo, and the admin area), whatever their status, are `Cache-Control: private, no-store`, so
 * no browser or shared cache keeps them: the middleware of their layouts in app/routes.ts says so
 * (app/lib/private-cache.server.ts), and app/lib/private-cache.test.ts checks that every route
 * under these paths has it.
 */
const PERSONALISED = /^\/(account|checkout|my-courses|admin|downloads|doubts)(\/|$)/;

export const PRIVATE_CACHE_CONTROL = "private, no-store";

export function isPersonalisedPath(pathname: string): boolean {
  return PERSONALISED.test(routePath(pathname));
}

/**
 * Store pages that look the same to everyone but for the parts the browser fills in for a signed-in
 * visitor (the header's user, the cart, "Open" on owned items: app/features/site/personal.ts):
 * the page cache may answer a signed-in visitor's document request for them with the shared page.
 * The raw path as the browser sends it, documents only (a `.data` request carries the root's
 * data, and a signed-in one must get its own).
 */
const SHARED_PAGE = /^\/(?:about|toppers|(?:courses|notes|pyq)(?:\/std\/1[12]|\/[1-9]\d{0,8})?)?$/;

export function isSharedPagePath(pathname: string): boolean {
  return SHARED_PAGE.test(pathname);
}

/**
 * The query parameters of the pages the page cache may store (server/page-cache.ts): a product's
 * review page (`reviews`), the reset link's `token`, the log-in and sign-up pages' `redirectTo`, and
 * React Router's single-fetch `_routes` and `index`. Any other parameter is left out of the cache's
 * key (and a page rendered for a request with one is not stored). A public page that starts reading
 * a new parameter adds it here.
 */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set(["reviews", "token", "redirectTo", "_routes", "index"]);
