import { Link } from "react-router";
import type { ProductCard } from "~/features/catalog/catalog.server";
import { KIND_BASE_ROUTE } from "~/features/catalog/labels";
import { OpenButton } from "~/features/learning/open-button";
import { Button } from "~/ui/button";
import { AddToCartButton } from "./add-to-cart-button";

/**
 * A free item's card leads to where it is taken in one step (issue 32): a note, paper or course's page
 * with "Get it free", a free test's start page. Never a ₹0 cart line.
 */
function FreeItemLink({ item }: { item: ProductCard }) {
  const test = item.kind === "test";
  const label = test ? "Take the free test" : "Get it free";
  return (
    <Button asChild size="sm">
      <Link
        to={test ? `/my-courses/tests/start/${item.id}` : `${KIND_BASE_ROUTE[item.kind]}/${item.id}`}
        aria-label={`${label}: ${item.title}`}
      >
        {label}
      </Link>
    </Button>
  );
}

/**
 * The button under an item's card in a `ProductSection` (catalog/product-grid.tsx), passed in by the
 * store's routes: items in `owned` (the signed-in user's) show "Open" instead of "Add to Cart", free
 * items "Get it free".
 */
export function cardAction(owned: number[] | undefined) {
  return (p: ProductCard) =>
    owned?.includes(p.id) ? (
      <OpenButton item={p} aria-label={`Open: ${p.title}`} />
    ) : p.pricePaise === 0 ? (
      <FreeItemLink item={p} />
    ) : (
      <AddToCartButton item={p} aria-label={`Add to Cart: ${p.title}`} />
    );
}
