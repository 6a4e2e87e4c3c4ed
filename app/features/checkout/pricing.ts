/**
 * Pure pricing rules of the checkout: subtotal, coupon discount, GST and total, all in integer
 * paise. Prices are GST-exclusive: GST is charged on each line's price less its share of the
 * discount, split by place of supply (CGST + SGST within the supplier's state, IGST across states;
 * gst/tax.ts), each component rounded half-up to the paisa.
 */
import { isIntraState, type LineTax, lineTaxes, sumTaxes } from "~/features/gst/tax";
import { formatPaise } from "~/lib/money";

export type ProductKind = "course" | "note" | "pyq" | "test" | "bundle";

export interface PricedLine {
  productId: number;
  title: string;
  kind: ProductKind;
  image: string;
  /** What this buyer pays for it (a bundle: less what they own of it, catalog/bundles.ts `bundleOffer`). */
  pricePaise: number;
  /** A bundle's line: the items it supplies (those the buyer does not own yet). */
  includes?: { productId: number; title: string }[];
}

export interface CouponRule {
  code: string;
  kind: "percent" | "fixed";
  value: number;
  productKind: ProductKind | null;
  minSubtotalPaise: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  usedCount: number;
  active: boolean;
}

export interface Totals {
  subtotalPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** cgst + sgst + igst, exactly. */
  gstPaise: number;
  totalPaise: number;
  /** Within the supplier's state; null for a ₹0 cart of a buyer whose state is not known (no tax either way). */
  intraState: boolean | null;
  /** Per line, in the order of the lines: taxable value and tax. */
  lineTaxes: LineTax[];
}

/** Where the supply is made: the supplier's state (settings) and the buyer's state, by GST state code. */
export interface Supply {
  supplierStateCode: string;
  placeOfSupply: string;
}

export type CouponProblem = "unknown" | "expired" | "not_started" | "exhausted" | "already_used" | "not_applicable";

const KIND_PLURAL: Record<ProductKind, string> = {
  course: "courses",
  note: "notes",
  pyq: "PYQ papers",
  test: "tests",
  bundle: "bundles",
};

/** The message a customer sees for each coupon problem. */
export function couponMessage(
  problem: CouponProblem,
  code: string,
  coupon?: Pick<CouponRule, "productKind" | "minSubtotalPaise">,
) {
  switch (problem) {
    case "unknown":
      return `The coupon code "${code}" does not exist. Check the spelling and try again.`;
    case "expired":
      return `The coupon "${code}" has expired.`;
    case "not_started":
      return `The coupon "${code}" is not active yet.`;
    case "exhausted":
      return `The coupon "${code}" has been fully redeemed: no uses are left.`;
    case "already_used":
      return `You have already used the coupon "${code}".`;
    case "not_applicable":
      if (coupon?.productKind)
        return `The coupon "${code}" applies only to ${KIND_PLURAL[coupon.productKind]}, and none are in your cart.`;
      if (coupon && coupon.minSubtotalPaise > 0)
        return `The coupon "${code}" needs a cart of at least ${formatPaise(coupon.minSubtotalPaise)} before GST.`;
      return `The coupon "${code}" does not apply to the items in your cart.`;
  }
}

/**
 * A coupon kept from the buyer's last unpaid checkout (a failed or abandoned payment) that no longer
 * applies: why, and that it was dropped. A coupon switched off since is "withdrawn", not misspelt.
 */
export function droppedCouponMessage(
  problem: CouponProblem,
  code: string,
  coupon?: Pick<CouponRule, "productKind" | "minSubtotalPaise">,
) {
  const why = problem === "unknown" ? `The coupon "${code}" has been withdrawn.` : couponMessage(problem, code, coupon);
  return `${why} It is no longer applied.`;
}

/** Upper-cases and trims what the customer typed. */
export function normaliseCouponCode(input: string) {
  return input.trim().toUpperCase();
}

/** Why the coupon cannot be used on these lines now (null = it can). Per-user use is checked against the database. */
export function couponProblem(coupon: CouponRule, lines: PricedLine[], now: Date): CouponProblem | null {
  if (!coupon.active) return "unknown";
  if (coupon.startsAt && now < coupon.startsAt) return "not_started";
  if (coupon.endsAt && now >= coupon.endsAt) return "expired";
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) return "exhausted";
  const eligible = eligibleSubtotal(coupon, lines);
  const hasEligible = lines.some((l) => !coupon.productKind || l.kind === coupon.productKind);
  if (!hasEligible || eligible <= 0 || eligible < coupon.minSubtotalPaise) return "not_applicable";
  return null;
}

function eligibleSubtotal(coupon: Pick<CouponRule, "productKind">, lines: PricedLine[]) {
  return lines
    .filter((l) => !coupon.productKind || l.kind === coupon.productKind)
    .reduce((s, l) => s + l.pricePaise, 0);
}

/** Discount of an applicable coupon: percent rounded half-up to the paisa, fixed capped at the eligible amount. */
export function couponDiscount(coupon: Pick<CouponRule, "kind" | "value" | "productKind">, lines: PricedLine[]) {
  const eligible = eligibleSubtotal(coupon, lines);
  if (coupon.kind === "percent") return Math.min(eligible, Math.floor((eligible * coupon.value + 50) / 100));
  return Math.min(eligible, coupon.value);
}

/** The totals of these lines taxed within the supplier's state (CGST + SGST) or across states (IGST). */
function totalsOf(
  lines: PricedLine[],
  discountPaise: number,
  discountKind: ProductKind | null | undefined,
  intraState: boolean,
): Omit<Totals, "intraState"> {
  const subtotalPaise = lines.reduce((sum, l) => sum + l.pricePaise, 0);
  const discount = Math.max(0, Math.min(discountPaise, subtotalPaise));
  const perLine = lineTaxes(
    lines.map((l) => l.pricePaise),
    discount,
    intraState,
    lines.map((l) => !discountKind || l.kind === discountKind),
  );
  const sum = sumTaxes(perLine);
  const gstPaise = sum.cgstPaise + sum.sgstPaise + sum.igstPaise;
  return {
    subtotalPaise,
    discountPaise: discount,
    taxablePaise: sum.taxablePaise,
    cgstPaise: sum.cgstPaise,
    sgstPaise: sum.sgstPaise,
    igstPaise: sum.igstPaise,
    gstPaise,
    totalPaise: sum.taxablePaise + gstPaise,
    lineTaxes: perLine,
  };
}

/**
 * The totals of these lines: what the order charges. The discount is spread over the lines it applies
 * to (`discountKind`: the coupon's product kind, null = every line). GST depends on the place of
 * supply (2 × 9% rounded is not always 18% rounded), so there is no total without a `supply` unless
 * nothing is taxable (a ₹0 cart, which needs no state): asking for one is a programming error.
 */
export function computeTotals(
  lines: PricedLine[],
  discountPaise = 0,
  opts: { discountKind?: ProductKind | null; supply?: Supply | null } = {},
): Totals {
  if (!opts.supply) {
    const untaxed = totalsOf(lines, discountPaise, opts.discountKind, false);
    if (untaxed.taxablePaise > 0)
      throw new Error("GST depends on the buyer's state: no total without a place of supply");
    return { ...untaxed, intraState: null };
  }
  const intraState = isIntraState(opts.supply.supplierStateCode, opts.supply.placeOfSupply);
  return { ...totalsOf(lines, discountPaise, opts.discountKind, intraState), intraState };
}

/**
 * The totals of these lines both ways an order is taxed, each computed exactly as computeTotals
 * charges it: checkout shows the one of the state the buyer chooses (totalsFor), before the order is
 * placed and even before the state is saved, and never a figure for an unknown state.
 */
export interface TotalsByPlace {
  supplierStateCode: string;
  intraState: Totals;
  interState: Totals;
}

export function totalsByPlace(
  lines: PricedLine[],
  discountPaise: number,
  opts: { discountKind?: ProductKind | null; supplierStateCode: string },
): TotalsByPlace {
  return {
    supplierStateCode: opts.supplierStateCode,
    intraState: { ...totalsOf(lines, discountPaise, opts.discountKind, true), intraState: true },
    interState: { ...totalsOf(lines, discountPaise, opts.discountKind, false), intraState: false },
  };
}

/**
 * The totals for a buyer in this state (GST state code): the ones charged. Null while the state is not
 * chosen, unless nothing is taxable (₹0: nothing depends on it).
 */
export function totalsFor(byPlace: TotalsByPlace, placeOfSupply: string | null | undefined): Totals | null {
  if (placeOfSupply) {
    return isIntraState(byPlace.supplierStateCode, placeOfSupply) ? byPlace.intraState : byPlace.interState;
  }
  return byPlace.interState.taxablePaise === 0 ? { ...byPlace.interState, intraState: null } : null;
}
