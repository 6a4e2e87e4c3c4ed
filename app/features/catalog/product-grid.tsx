import { Link } from "react-router";
import { AddToCartButton } from "~/features/cart/add-to-cart-button";
import { OpenButton } from "~/features/learning/open-button";
import { Button } from "~/ui/button";
import type { ProductCard as ProductCardData } from "./catalog.server";
import { KIND_BASE_ROUTE } from "./labels";
import { ProductCard } from "./product-card";

/**
 * A free item's card leads to where it is taken in one step (issue 32): a note, paper or course's page
 * with "Get it free", a free test's start page. Never a ₹0 cart line.
 */
function FreeItemLink({ item }: { item: ProductCardData }) {
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
 * A section of items in a responsive grid of 1, 2, 3 or 4 columns with a title and subtitle.
 * Items in `owned` (the signed-in user's) show "Open" instead of "Add to Cart", free items "Get it free".
 */
export function ProductSection({
  title,
  subtitle,
  products,
  owned,
  headingLevel = 2,
  action,
  empty = "Nothing here yet. Please check back soon.",
}: {
  title: string;
  subtitle?: string;
  products: ProductCardData[];
  owned?: number[];
  headingLevel?: 1 | 2;
  action?: React.ReactNode;
  empty?: string;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <Heading className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</Heading>
          {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
        </div>
        {action}
      </div>
      {products.length === 0 ? <p className="text-slate-600">{empty}</p> : null}
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {products.map((p, i) => (
          <li key={p.id}>
            {/* On a listing page (h1) the first card is above the fold on a phone. */}
            <ProductCard product={p} headingLevel={headingLevel === 1 ? 2 : 3} priority={headingLevel === 1 && i === 0}>
              {owned?.includes(p.id) ? (
                <OpenButton item={p} aria-label={`Open: ${p.title}`} />
              ) : p.pricePaise === 0 ? (
                <FreeItemLink item={p} />
              ) : (
                <AddToCartButton item={p} aria-label={`Add to Cart: ${p.title}`} />
              )}
            </ProductCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
