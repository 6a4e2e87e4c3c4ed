/**
 * The private-cache rule as React Router middleware: answers made for one person carry
 * `Cache-Control: private, no-store` and `Vary: Cookie`, so no shared cache keeps them and no cache
 * hands one to anybody else.
 * - `privateAnswer`: every answer of the routes under a layout that lists it (app/routes.ts: the
 *   admin area, the account pages and their invoices, checkout, my courses and downloads), whatever
 *   its status and whatever the route set: a login redirect, a 403 and a 404 included.
 * - `privateWhenCookie` (root): every answer to a request that carries a cookie, unless its route
 *   chose its own caching (a public image, a private video segment). A page rendered for a
 *   signed-in visitor holds their name and email in its root data (`/`, `/courses/1`,
 *   `/tests/24.data`, `/contact`); a flash message is one person's too. The shared catalog page the
 *   page cache gives a signed-in visitor is the anonymous page, with nothing of theirs
 *   (app/features/accounts/personal.ts), and never reaches React Router.
 */
import type { MiddlewareFunction } from "react-router";
import { PRIVATE_CACHE_CONTROL } from "./route-path";

function setPrivate(headers: Headers, always: boolean) {
  if (always || !headers.has("cache-control")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  const vary = headers.get("vary");
  if (!vary) headers.set("Vary", "Cookie");
  else if (!/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(vary)) headers.set("Vary", `${vary}, Cookie`);
}

function markPrivate(response: Response, always: boolean): Response {
  try {
    setPrivate(response.headers, always);
    return response;
  } catch {
    // The headers of a Response.redirect() or a fetch() answer are immutable: answer a copy.
    const copy = new Response(response.body, response);
    setPrivate(copy.headers, always);
    return copy;
  }
}

export const privateAnswer: MiddlewareFunction<Response> = async (_args, next) => markPrivate(await next(), true);

export const privateWhenCookie: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  return request.headers.has("cookie") ? markPrivate(response, false) : response;
};
