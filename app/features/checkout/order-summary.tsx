import { formatPaise, formatPrice } from "~/lib/money";

export interface SummaryLine {
  productId: number;
  title: string;
  image: string;
  pricePaise: number;
}

export interface SummaryTotals {
  subtotalPaise: number;
  discountPaise: number;
  gstPaise: number;
  totalPaise: number;
}

export function SummaryLines({ lines }: { lines: SummaryLine[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {lines.map((line) => (
        <li key={line.productId} className="flex items-center gap-3 py-3">
          <img src={line.image} alt="" width={64} height={40} className="h-10 w-16 shrink-0 rounded object-cover" />
          <span className="min-w-0 flex-1 text-sm font-medium text-slate-900">{line.title}</span>
          <span className="shrink-0 text-sm font-semibold text-slate-900">{formatPrice(line.pricePaise)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, discount, "GST (18%)" and total, as the server computed them. */
export function SummaryTotalsTable({ totals, couponCode }: { totals: SummaryTotals; couponCode?: string | null }) {
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="font-medium text-slate-900">{formatPaise(totals.subtotalPaise)}</dd>
      </div>
      {totals.discountPaise > 0 ? (
        <div className="flex justify-between text-emerald-700">
          <dt>Discount{couponCode ? ` (${couponCode})` : ""}</dt>
          <dd className="font-medium">−{formatPaise(totals.discountPaise)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt className="text-slate-600">GST (18%)</dt>
        <dd className="font-medium text-slate-900">{formatPaise(totals.gstPaise)}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-3 text-base">
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="font-bold text-slate-900" data-testid="order-total">
          {formatPaise(totals.totalPaise)}
        </dd>
      </div>
    </dl>
  );
}
