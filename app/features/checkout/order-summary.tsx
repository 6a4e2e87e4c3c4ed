import { taxRows } from "~/features/gst/tax";
import { formatPaise } from "~/lib/money";

export interface SummaryLine {
  productId: number;
  title: string;
  image: string;
  pricePaise: number;
  /** An order's line refunded on its own or with the order: shown as "Refunded". */
  refundedAt?: Date | string | null;
}

export interface SummaryTotals {
  subtotalPaise: number;
  discountPaise: number;
  gstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  /** null: the buyer's state is not known yet, GST shows as one 18% figure. */
  intraState: boolean | null;
}

export function SummaryLines({ lines }: { lines: SummaryLine[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {lines.map((line) => (
        <li key={line.productId} className="flex items-center gap-3 py-3">
          <img src={line.image} alt="" width={64} height={40} className="h-10 w-16 shrink-0 rounded object-cover" />
          <span className="min-w-0 flex-1 text-sm font-medium text-slate-900">
            {line.title}
            {line.refundedAt ? (
              <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
                Refunded
              </span>
            ) : null}
          </span>
          <span className="shrink-0 text-sm font-semibold text-slate-900">
            {line.pricePaise === 0 ? "Free" : formatPaise(line.pricePaise)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Subtotal, discount, the GST split ("CGST (9%)" + "SGST (9%)" or "IGST (18%)"; "GST (18%)" while the
 * buyer's state is not known) and total, as the server computed them.
 */
export function SummaryTotalsTable({
  totals,
  couponCode,
  supplierStateCode,
}: {
  totals: SummaryTotals;
  couponCode?: string | null;
  supplierStateCode: string | null;
}) {
  const rows =
    totals.intraState === null || !supplierStateCode
      ? [{ label: "GST (18%)", paise: totals.gstPaise }]
      : taxRows(totals, totals.intraState, supplierStateCode);
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
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between">
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="font-medium text-slate-900">{formatPaise(row.paise)}</dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-slate-200 pt-3 text-base">
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="font-bold text-slate-900" data-testid="order-total">
          {formatPaise(totals.totalPaise)}
        </dd>
      </div>
    </dl>
  );
}
