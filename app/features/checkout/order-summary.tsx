import type { ReactNode } from "react";
import { includesText } from "~/features/catalog/bundles";
import { stateLabel } from "~/features/gst/states";
import { taxRows } from "~/features/gst/tax";
import { formatPaise } from "~/lib/money";

export interface SummaryLine {
  productId: number;
  title: string;
  image: string;
  pricePaise: number;
  /** An order's line refunded on its own or with the order: shown as "Refunded". */
  refundedAt?: Date | string | null;
  /** A bundle's line (issue 36): the items it supplies, listed under its title. */
  includes?: { title: string }[] | null;
}

export interface SummaryTotals {
  subtotalPaise: number;
  discountPaise: number;
  gstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  /** null: a ₹0 cart of a buyer whose state is not known, or an order placed before states were asked. */
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
            {line.includes?.length ? (
              <span className="block text-xs font-normal text-slate-600">
                {includesText(line.includes.map((i) => i.title))}
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

/** Before the buyer's state is known: the subtotal and discount only, since GST depends on the state. */
export interface UntaxedTotals {
  subtotalPaise: number;
  discountPaise: number;
  gstPaise: null;
  totalPaise: null;
}

/**
 * Subtotal, discount, the GST split ("CGST (9%)" + "SGST (9%)" or "IGST (18%)"; "GST (18%)" on a ₹0
 * cart or an order from before states were asked) and total, as the server computed them. Untaxed
 * totals (checkout before the state is chosen) show no GST or total figure: no figure is shown that
 * the order might not charge.
 */
export function SummaryTotalsTable({
  totals,
  couponCode,
  supplierStateCode,
}: {
  totals: SummaryTotals | UntaxedTotals;
  couponCode?: string | null;
  supplierStateCode: string | null;
}) {
  const rows =
    totals.totalPaise === null
      ? [{ label: "GST (18%)", value: "Depends on your state" }]
      : (totals.intraState === null || !supplierStateCode
          ? [{ label: "GST (18%)", paise: totals.gstPaise }]
          : taxRows(totals, totals.intraState, supplierStateCode)
        ).map((row) => ({ label: row.label, value: formatPaise(row.paise) }));
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
        <div key={row.label} className="flex justify-between gap-3">
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="text-right font-medium text-slate-900">{row.value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-3 text-base">
        <dt className="font-semibold text-slate-900">Total</dt>
        {totals.totalPaise === null ? (
          <dd className="text-right text-sm font-medium text-slate-600" data-testid="order-total">
            Choose your state below
          </dd>
        ) : (
          <dd className="font-bold text-slate-900" data-testid="order-total">
            {formatPaise(totals.totalPaise)}
          </dd>
        )}
      </div>
    </dl>
  );
}

/**
 * A placed order's lines and totals with its place of supply (the pay page, the buyer's order page);
 * `children` follow the totals (the pay page's "Tax invoice to" line).
 */
export function PlacedOrderSummary({
  order,
  children,
}: {
  order: {
    items: SummaryLine[];
    couponCode: string | null;
    totals: SummaryTotals & { placeOfSupply: string | null; supplierStateCode: string | null };
  };
  children?: ReactNode;
}) {
  return (
    <>
      <SummaryLines lines={order.items} />
      <div className="mt-4 border-t border-slate-200 pt-4">
        <SummaryTotalsTable
          totals={order.totals}
          couponCode={order.couponCode}
          supplierStateCode={order.totals.supplierStateCode}
        />
        {order.totals.placeOfSupply ? (
          <p className="mt-2 text-xs text-slate-500">Place of supply: {stateLabel(order.totals.placeOfSupply)}</p>
        ) : null}
        {children}
      </div>
    </>
  );
}
