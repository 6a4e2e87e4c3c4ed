/**
 * A signed-in visitor's catalog pages (home, class lists, detail pages, about, toppers) may come
 * from the shared page cache: the page everyone gets, rendered for nobody. What is theirs (the
 * header's name, the cart, "Open" on what they own, their side of an item's reviews) comes from one
 * small request, GET /api/me?path=<the page>,
 * made while the page hydrates by the root's clientLoader (app/root.tsx), which puts it in the root's
 * loader data for the store layout and the pages to read (`usePersonal`).
 *
 * The server knows such a visitor by a hint cookie next to the session (`ca_signed_in`, readable
 * by scripts, holding nothing but "1"; set and cleared with the session in guards.server.ts): the
 * page cache shares a page only with a request that carries it, and the inline script below hides
 * the "Log In / Sign Up" buttons before the first paint while the hint says someone is signed in,
 * so the header does not flash them. Server-rendered pages carry the personal data themselves;
 * nothing here runs for them. docs/decisions/0012-shared-catalog-pages.md
 */
import { useRouteLoaderData } from "react-router";
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

/**
 * What the root's clientLoader fetched for a shared page (undefined on a page rendered for its
 * visitor): the store layout takes the cart from it, store pages `owned` and the review viewer.
 */
export function usePersonal(): Personal | undefined {
  return (useRouteLoaderData("root") as { personal?: Personal } | undefined)?.personal;
}
