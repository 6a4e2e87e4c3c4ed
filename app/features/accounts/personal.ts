/**
 * A signed-in visitor's catalog pages (home, class lists, detail pages, about, toppers) may come
 * from the shared page cache: the page everyone gets, rendered for nobody. What is theirs (the
 * header's name, the cart, "Open" on what they own, their side of an item's reviews) comes from one
 * small request, GET /api/me?path=<the page>,
 * made while the page hydrates (the clientLoaders of the root, the store layout and those pages).
 *
 * The server knows such a visitor by a hint cookie next to the session (`ca_signed_in`, readable
 * by scripts, holding nothing but "1"; set and cleared with the session in guards.server.ts): the
 * page cache shares a page only with a request that carries it, and the inline script below hides
 * the "Log In / Sign Up" buttons before the first paint while the hint says someone is signed in,
 * so the header does not flash them. Server-rendered pages carry the personal data themselves;
 * nothing here runs for them. docs/decisions/0012-shared-catalog-pages.md
 */
import type { CartItem } from "~/features/cart/cart-store";
import type { ReviewViewer } from "~/features/reviews/reviews-section";
import type { MenuUser } from "./user-menu";

export const SIGNED_IN_HINT_COOKIE = "ca_signed_in";

/** Runs before the header is painted (allowed by its hash, app/entry.server.tsx). */
export const SIGNED_IN_HINT_SCRIPT = `/(?:^|; )${SIGNED_IN_HINT_COOKIE}=1/.test(document.cookie)&&document.documentElement.setAttribute("data-signed-in","")`;

export interface Personal {
  user: (MenuUser & { id: string; isPrimary: boolean }) | null;
  cart: CartItem[] | null;
  owned: number[];
  /** On an item's page: the visitor's side of its reviews (ADR 0013). */
  viewer?: ReviewViewer;
}

export const hasSignedInHint = () => document.cookie.includes(`${SIGNED_IN_HINT_COOKIE}=1`);

let pending: Promise<Personal | null> | undefined;

/**
 * The visitor's personal data, or null without the hint (nobody is signed in). The loaders of one
 * page load share one request; the next load asks again.
 */
export function personalData(): Promise<Personal | null> {
  if (!hasSignedInHint()) return Promise.resolve(null);
  // The page's path: an item's page also needs the visitor's side of its reviews.
  const path = encodeURIComponent(location.pathname);
  pending ??= fetch(`/api/me?path=${path}`, { headers: { Accept: "application/json" } })
    .then((res) => (res.ok ? (res.json() as Promise<Personal>) : null))
    .catch(() => null)
    .finally(() => setTimeout(() => (pending = undefined)));
  return pending;
}

/** A store page's loader data with `owned` from /api/me when the page was rendered for nobody. */
export async function withOwned<T extends { owned?: number[] }>(server: T): Promise<T> {
  if (server.owned || !hasSignedInHint()) return server;
  const owned = (await personalData())?.owned;
  return owned ? { ...server, owned } : server;
}
