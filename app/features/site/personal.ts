/**
 * What GET /api/me answers for a signed-in visitor of a shared page (accounts/personal.ts tells how
 * the page cache shares pages): the header's user, the cart, what they own and their side of an
 * item's reviews. It joins accounts, cart and reviews, so it lives here, above them.
 */
import { useRouteLoaderData } from "react-router";
import type { MenuUser } from "~/features/accounts/user-menu";
import type { CartItem } from "~/features/cart/cart-store";
import type { ReviewViewer } from "~/features/reviews/reviews-section";

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
