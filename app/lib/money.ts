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

/** "Rs. 1,00,000.00": the standard PDF fonts are WinAnsi and have no ₹ glyph (invoices, reports). */
export function formatPaiseForPdf(paise: number): string {
  return `Rs. ${inrPlain.format(paise / 100)}`;
}

/** "₹1.2L": chart axes. */
export function formatPaiseCompact(paise: number): string {
  return inrCompact.format(paise / 100);
}

/** "1000.00": rupees as a plain decimal for CSV exports, structured data and form inputs. */
export function paiseToDecimal(paise: number): string {
  return (paise / 100).toFixed(2);
}

/** Price as the store shows it: "Free" for 0, otherwise rupees with 2 decimals. */
export function formatPrice(paise: number): string {
  return paise === 0 ? "Free" : formatPaise(paise);
}

export const GST_RATE_PERCENT = 18;

/** GST on a taxable amount, rounded half-up to the paisa. */
export function gstPaise(taxablePaise: number): number {
  return Math.floor((taxablePaise * GST_RATE_PERCENT + 50) / 100);
}
