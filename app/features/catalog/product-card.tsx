import { Link } from "react-router";
import { accessLabel } from "~/lib/access-period";
import { isTitleShortened, shortenTitle } from "~/lib/display";
import { formatPrice } from "~/lib/money";
import { Stars } from "~/ui/stars";
import { Tooltip } from "~/ui/tooltip";
import type { ProductCard as ProductCardData } from "./catalog.server";
import { KIND_BASE_ROUTE, SUBJECT_LABELS } from "./labels";

export function ProductCard({
  product,
  children,
  headingLevel = 3,
  priority = false,
}: {
  product: ProductCardData;
  children?: React.ReactNode;
  headingLevel?: 2 | 3;
  /** The card's image is likely the page's largest paint: load it at once, before other images. */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `${KIND_BASE_ROUTE[product.kind]}/${product.id}`;
  const shortened = isTitleShortened(product.title);
  const titleLink = (
    <Link
      to={href}
      prefetch="intent"
      className="hover:text-brand-700"
      aria-label={shortened ? product.title : undefined}
    >
      {shortenTitle(product.title)}
    </Link>
  );
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link
        to={href}
        prefetch="intent"
        tabIndex={-1}
        aria-hidden
        className="block aspect-[16/10] overflow-hidden bg-slate-100"
      >
        <img
          src={product.image}
          alt=""
          width={640}
          height={400}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
          className="h-full w-full object-cover transition-transform group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <span className="w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
          {SUBJECT_LABELS[product.subject]}
        </span>
        <Heading className="text-base font-semibold leading-snug text-slate-900">
          {shortened ? <Tooltip content={product.title}>{titleLink}</Tooltip> : titleLink}
        </Heading>
        <p className="text-sm text-slate-600">{product.instructor}</p>
        {product.accessUntil || product.accessMonths ? (
          <p className="text-sm font-medium text-slate-700">{accessLabel(product)}</p>
        ) : null}
        <Stars rating={product.rating} count={product.reviewCount} />
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <p className="text-lg font-bold text-slate-900">{formatPrice(product.pricePaise)}</p>
          {children}
        </div>
      </div>
    </article>
  );
}
