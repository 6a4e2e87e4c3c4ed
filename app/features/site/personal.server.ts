/**
 * GET /api/me?path=<page> (./personal.ts says what it is for, ADR 0012): the header's user, the cart and
 * the ids of what they own (one query), and on an item's page (`path` = /courses/12, /notes/7, /pyq/3)
 * their side of its reviews. `{ user: null, cart: null, owned: [] }` when nobody is signed in; a `path`
 * that names no item's page is ignored. server/app.ts answers it before React Router (issue 34: the
 * router's request handling cost more than the answer).
 */
import type { Db } from "~/db/client.server";
import { getOptionalUser, sessionCookies } from "~/features/accounts/guards.server";
import { getCartAndOwned } from "~/features/cart/cart.server";
import { getPublishedProduct } from "~/features/catalog/catalog.server";
import { kindFromPath } from "~/features/catalog/labels";
import { reviewViewer } from "~/features/reviews/reviews.server";
import { parseId } from "~/lib/id";
import type { Personal } from "./personal";

const ITEM_PAGE = /^\/(?:courses|notes|pyq)\/([^/]+)$/;

/** The answer, and the Set-Cookie values the session lookup produced (a renewed session cache, the hint cookie). */
export async function personalAnswer(db: Db, request: Request): Promise<{ body: Personal; cookies: string[] }> {
  const user = await getOptionalUser(db, request);
  const body: Personal = { user, cart: null, owned: [] };
  if (user) {
    const path = new URL(request.url).searchParams.get("path") ?? "";
    const itemId = parseId(ITEM_PAGE.exec(path)?.[1]);
    const kind = itemId === null ? null : kindFromPath(path);
    const [personal, item] = await Promise.all([
      getCartAndOwned(db, user.id),
      kind && itemId !== null ? getPublishedProduct(db, kind, itemId) : null,
    ]);
    body.cart = personal.cart;
    body.owned = [...personal.owned];
    if (item) body.viewer = await reviewViewer(db, user.id, item);
  }
  return { body, cookies: sessionCookies(request) };
}
