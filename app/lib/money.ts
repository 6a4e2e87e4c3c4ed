/** Money is integer paise everywhere; only these helpers make strings. */

const inr = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,00,000.00 */
export function formatPaise(paise: number): string {
  return inr.format(paise / 100);
}

const inrPlain = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const inrCompact = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  notation: "compact",
  maximumFractionDigits: 1,
});

/** "1,00,000.00": rupees with Indian grouping and no sign (invoice table columns headed "₹"). */
export function formatRupeesPlain(paise: number): string {
  return inrPlain.format(paise / 100);
}

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return n % 10 ? `${TENS[Math.floor(n / 10)]} ${ONES[n % 10]}` : TENS[Math.floor(n / 10)]!;
}

/** A whole number in words, grouped the Indian way: crore, lakh, thousand, hundred. */
export function numberInWords(n: number): string {
  if (n < 100) return belowHundred(n);
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  const lakh = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  const hundred = Math.floor(rest / 100);
  rest %= 100;
  if (hundred) parts.push(`${ONES[hundred]} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/** "Rupees One Thousand Nine Hundred Two and Fourteen Paise Only": an invoice's total in words. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ""} Only`;
}

/** "₹1.2L": chart axes. */
export function formatPaiseCompact(paise: number): string {
  return inrCompact.format(paise / 100);
}

/** "1000.00": rupees as a plain decimal for CSV exports, structured data and form inputs. */
export function paiseToDecimal(paise: number): string {
  return (paise / 100).toFixed(2);
}

const inrWhole = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Price as the store shows it, the way Indians write prices: "Free" for 0, whole rupees without
 * ".00" ("₹999", "₹1,499"), paise only when there are some ("₹24.50"). Totals, invoices and reports
 * keep two decimals (formatPaise).
 */
export function formatPrice(paise: number): string {
  if (paise === 0) return "Free";
  return paise % 100 === 0 ? inrWhole.format(paise / 100) : formatPaise(paise);
}

export const GST_RATE_PERCENT = 18;

/** GST on a taxable amount, rounded half-up to the paisa. */
export function gstPaise(taxablePaise: number): number {
  return Math.floor((taxablePaise * GST_RATE_PERCENT + 50) / 100);
}
