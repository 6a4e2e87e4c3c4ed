import type { ProductCard as ProductCardData } from "./catalog.server";
import { ProductCard } from "./product-card";

/**
 * A section of items in a responsive grid of 1, 2, 3 or 4 columns with a title and subtitle.
 * `itemAction` renders the button under each card: the store's routes pass cart's `cardAction(owned)`
 * ("Open", "Get it free" or "Add to Cart"), so the catalog knows neither the cart nor learning.
 */
export function ProductSection({
  title,
  subtitle,
  products,
  itemAction,
  headingLevel = 2,
  action,
  empty = "Nothing here yet. Please check back soon.",
}: {
  title: string;
  subtitle?: string;
  products: ProductCardData[];
  itemAction: (item: ProductCardData) => React.ReactNode;
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
              {itemAction(p)}
            </ProductCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
