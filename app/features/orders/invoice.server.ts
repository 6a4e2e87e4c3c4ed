/**
 * GST tax invoice numbers: sequential per Indian financial year (April–March)
 * with no gaps. The PDF is made by invoice-pdf.server.ts.
 *
 * Numbers look like CA/26-27/000001 (15 characters: GST rule 46 allows at most
 * 16, unique within a financial year). The counter row is incremented inside
 * the transaction that marks the order paid, so a rolled-back payment gives
 * its number back and concurrent payments queue on the row lock.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { creditNoteCounters, invoiceCounters } from "~/db/schema";
import { istParts } from "~/lib/dates";

const INVOICE_PREFIX = "CA";
const CREDIT_NOTE_PREFIX = "CN";

/** "2026-27" for any date from 1 April 2026 to 31 March 2027 (IST: the year turns at midnight IST on 1 April). */
export function financialYear(date: Date) {
  const { year, month } = istParts(date);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

export function formatInvoiceNumber(fy: string, n: number) {
  return `${INVOICE_PREFIX}/${fy.slice(2)}/${String(n).padStart(6, "0")}`;
}

/** Credit notes have their own series per financial year: CN/26-27/000001. */
export function formatCreditNoteNumber(fy: string, n: number) {
  return `${CREDIT_NOTE_PREFIX}/${fy.slice(2)}/${String(n).padStart(6, "0")}`;
}

/** Takes the next credit-note number of the financial year of `date`. Call inside the refunding transaction. */
export async function nextCreditNoteNumber(tx: DbOrTx, date: Date) {
  const fy = financialYear(date);
  const [row] = await tx
    .insert(creditNoteCounters)
    .values({ financialYear: fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.financialYear,
      set: { lastNumber: sql`${creditNoteCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: creditNoteCounters.lastNumber });
  return formatCreditNoteNumber(fy, row!.lastNumber);
}

/** Takes the next number of the financial year of `date`. Call inside the paying transaction. */
export async function nextInvoiceNumber(tx: DbOrTx, date: Date) {
  const fy = financialYear(date);
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ financialYear: fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financialYear,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return formatInvoiceNumber(fy, row!.lastNumber);
}
