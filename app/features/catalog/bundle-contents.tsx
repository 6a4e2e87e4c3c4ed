import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { ALL_OWNED, type BundleItem, type BundleOffer } from "./bundles";
import { KIND_BASE_ROUTE, KIND_SINGULAR } from "./labels";

/** The purchase box's figures of a bundle: its price for this buyer, what it saves, what they own. */
export function BundlePrice({ pricePaise, offer }: { pricePaise: number; offer: BundleOffer }) {
  const reduced = offer.ownedIds.length > 0 && !offer.allOwned;
  return (
    <div data-testid="bundle-price">
      <p className="text-3xl font-extrabold text-slate-900" data-testid="detail-price">
        {formatPrice(reduced ? offer.pricePaise : pricePaise)}
        {reduced || offer.savingPaise > 0 ? (
          <span className="ml-2 align-middle text-base font-medium text-slate-500 line-through">
            <span className="sr-only">instead of </span>
            {formatPrice(reduced ? pricePaise : offer.sumPaise)}
          </span>
        ) : null}
      </p>
      {offer.savingPaise > 0 ? (
        <p className="mt-1 text-sm font-semibold text-emerald-700">You save {formatPrice(offer.savingPaise)}</p>
      ) : null}
      {offer.allOwned ? <p className="mt-1 text-sm font-semibold text-emerald-700">{ALL_OWNED}</p> : null}
      {reduced ? (
        <p className="mt-1 text-sm text-slate-700">
          Your price: you already own {offer.ownedIds.length} of its items (worth {formatPrice(offer.ownedPaise)}), so
          they are taken off the bundle price.
        </p>
      ) : null}
    </div>
  );
}

/** The bundle's items with their own prices, the sum, the bundle price and the saving. */
export function BundleContents({
  items,
  pricePaise,
  offer,
}: {
  items: BundleItem[];
  pricePaise: number;
  offer: BundleOffer;
}) {
  const owned = new Set(offer.ownedIds);
  return (
    <section aria-labelledby="bundle-heading" className="mt-8">
      <h2 id="bundle-heading" className="text-2xl font-bold text-slate-900">
        In this bundle
      </h2>
      <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-3 sm:p-4">
            <span className="min-w-0 flex-1">
              <Link
                to={`${KIND_BASE_ROUTE[item.kind]}/${item.id}`}
                className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
              >
                {item.title}
              </Link>
              <span className="block text-xs text-slate-500">
                {KIND_SINGULAR[item.kind]}
                {owned.has(item.id) ? (
                  <span className="ml-2 inline-flex items-center gap-1 font-semibold text-emerald-700">
                    <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> You own this
                  </span>
                ) : null}
              </span>
            </span>
            <span className="font-semibold text-slate-900">{formatPrice(item.pricePaise)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-1 text-slate-700">
        <div className="flex justify-between gap-4">
          <dt>Bought one by one</dt>
          <dd data-testid="bundle-sum">{formatPrice(offer.sumPaise)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold text-slate-900">
          <dt>Bundle price</dt>
          <dd>{formatPrice(pricePaise)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold text-emerald-700">
          <dt>You save</dt>
          <dd data-testid="bundle-saving">{formatPrice(offer.savingPaise)}</dd>
        </div>
      </dl>
    </section>
  );
}
