/**
 * GET /api/me: what the page cache's shared catalog pages leave out for a signed-in visitor (see
 * app/features/accounts/personal.ts): the header's user, the cart and the ids of what they own.
 * `{ user: null, cart: null, owned: [] }` when nobody is signed in. One query; never cached anywhere.
 */
import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { getOptionalUser, sessionCookies } from "~/features/accounts/guards.server";
import type { Personal } from "~/features/accounts/personal";
import { getCartAndOwned } from "~/features/cart/cart.server";
import { PRIVATE_CACHE_CONTROL } from "~/lib/route-path";
import type { Route } from "./+types/me";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await getDb();
  const user = await getOptionalUser(db, request, context);
  const personal = user ? await getCartAndOwned(db, user.id) : null;
  const headers = new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL });
  for (const cookie of sessionCookies(request, context)) headers.append("Set-Cookie", cookie);
  const body: Personal = { user, cart: personal?.cart ?? null, owned: personal ? [...personal.owned] : [] };
  return data(body, { headers });
}
