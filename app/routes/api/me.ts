/**
 * GET /api/me?path=<page>: what the page cache's shared catalog pages leave out for a signed-in
 * visitor (app/features/site/personal.ts, ADR 0012): the header's user, the cart and the ids of
 * what they own (one query), and on an item's page (`path` = /courses/12, /notes/7, /pyq/3) their
 * side of its reviews. `{ user: null, cart: null, owned: [] }` when nobody is signed in. Never
 * cached anywhere; a `path` that names no item's page is ignored.
 */

import { data } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { getOptionalUser, sessionCookies } from "~/features/accounts/guards.server";
import { getCartAndOwned } from "~/features/cart/cart.server";
import { getPublishedProduct } from "~/features/catalog/catalog.server";
import { kindFromPath } from "~/features/catalog/labels";
import { reviewViewer } from "~/features/reviews/reviews.server";
import type { Personal } from "~/features/site/personal";
import { parseId } from "~/lib/id";
import { PRIVATE_CACHE_CONTROL } from "~/lib/route-path";
import type { Route } from "./+types/me";

const ITEM_PAGE = /^\/(?:courses|notes|pyq)\/([^/]+)$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await getOptionalUser(db, request, context);
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
  const headers = new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL });
  for (const cookie of sessionCookies(request, context)) headers.append("Set-Cookie", cookie);
  return data(body, { headers });
}
