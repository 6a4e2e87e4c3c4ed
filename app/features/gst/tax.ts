/**
 * GST on what the store sells (18% on every line, whatever its SAC: sac.ts), split by place of
 * supply: within the supplier's state CGST 9% + SGST (or UTGST) 9%, across states IGST 18%. Each
 * component is computed on the order's taxable value (subtotal less discount) and rounded half-up to
 * the paisa; the GST is the exact sum of the components and the total the taxable value plus that.
 * The invoice's lines show the order's discount and each component spread over them by value
 * (largest remainder), so the lines add up to the totals to the paisa. All integer paise.
 */
import { stateByCode } from "./states";

export const GST_RATE_PERCENT = 18;
export const HALF_RATE_PERCENT = GST_RATE_PERCENT / 2;

export interface TaxSplit {
  cgstPaise: number;
  /** SGST, or UTGST in a union territory without a legislature. */
  sgstPaise: number;
  igstPaise: number;
}

export interface LineTax extends TaxSplit {
  taxablePaise: number;
}

/** `percent` of `paise`, rounded half-up to the paisa (non-negative integers). */
function percentOf(paise: number, percent: number) {
  return Math.floor((paise * percent + 50) / 100);
}

/** Intra-state when the buyer's state (place of supply) is the supplier's state. */
export function isIntraState(supplierStateCode: string, placeOfSupply: string) {
  return supplierStateCode === placeOfSupply;
}

/** The tax on one taxable value. */
export function taxOn(taxablePaise: number, intraState: boolean): TaxSplit {
  if (intraState) {
    const half = percentOf(taxablePaise, HALF_RATE_PERCENT);
    return { cgstPaise: half, sgstPaise: half, igstPaise: 0 };
  }
  return { cgstPaise: 0, sgstPaise: 0, igstPaise: percentOf(taxablePaise, GST_RATE_PERCENT) };
}

export function taxTotal(split: TaxSplit) {
  return split.cgstPaise + split.sgstPaise + split.igstPaise;
}

/**
 * Spreads an amount (an order's discount, a tax component) over its lines in proportion to their
 * values (only the lines it applies to: `eligible`), by largest remainder, so the shares add up to
 * the amount exactly (at most the eligible value) and no line goes below zero.
 */
export function allocateDiscount(prices: number[], discountPaise: number, eligible: boolean[] = []): number[] {
  const isEligible = (i: number) => eligible[i] ?? true;
  const base = prices.reduce((sum, p, i) => (isEligible(i) ? sum + p : sum), 0);
  const shares = prices.map(() => 0);
  if (discountPaise <= 0 || base <= 0) return shares;
  const discount = Math.min(discountPaise, base);
  const remainders: { i: number; rem: number }[] = [];
  let given = 0;
  prices.forEach((p, i) => {
    if (!isEligible(i)) return;
    const exact = discount * p;
    shares[i] = Math.floor(exact / base);
    given += shares[i]!;
    remainders.push({ i, rem: exact % base });
  });
  remainders.sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (let k = 0; given < discount; k++, given++) shares[remainders[k % remainders.length]!.i]! += 1;
  return shares;
}

/**
 * Each line's taxable value (price less its share of the discount) and its share of each tax
 * component of the order (computed once on the order's taxable value).
 */
export function lineTaxes(
  prices: number[],
  discountPaise: number,
  intraState: boolean,
  eligible: boolean[] = [],
): LineTax[] {
  const shares = allocateDiscount(prices, discountPaise, eligible);
  const taxable = prices.map((p, i) => p - shares[i]!);
  const order = taxOn(
    taxable.reduce((a, b) => a + b, 0),
    intraState,
  );
  const half = allocateDiscount(taxable, order.cgstPaise);
  const igst = allocateDiscount(taxable, order.igstPaise);
  return taxable.map((taxablePaise, i) => ({
    taxablePaise,
    cgstPaise: half[i]!,
    sgstPaise: half[i]!,
    igstPaise: igst[i]!,
  }));
}

/** The exact sum of the lines' taxable values and tax components. */
export function sumTaxes(lines: LineTax[]): LineTax {
  return lines.reduce(
    (sum, l) => ({
      taxablePaise: sum.taxablePaise + l.taxablePaise,
      cgstPaise: sum.cgstPaise + l.cgstPaise,
      sgstPaise: sum.sgstPaise + l.sgstPaise,
      igstPaise: sum.igstPaise + l.igstPaise,
    }),
    { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
  );
}

/** "SGST" or "UTGST": the name of the state half of an intra-state tax in the supplier's state. */
export function stateTaxName(supplierStateCode: string) {
  return stateByCode(supplierStateCode)?.utgst ? "UTGST" : "SGST";
}

/** The labelled rows of a split: "CGST (9%)" and "SGST (9%)" within the state, "IGST (18%)" across states. */
export function taxRows(
  split: TaxSplit,
  intraState: boolean,
  supplierStateCode: string,
): { label: string; paise: number }[] {
  if (!intraState) return [{ label: `IGST (${GST_RATE_PERCENT}%)`, paise: split.igstPaise }];
  return [
    { label: `CGST (${HALF_RATE_PERCENT}%)`, paise: split.cgstPaise },
    { label: `${stateTaxName(supplierStateCode)} (${HALF_RATE_PERCENT}%)`, paise: split.sgstPaise },
  ];
}
