/**
 * Credit notes: a refund of an invoiced order issues one (GST rule 53), numbered in its own series
 * per Indian financial year (CN/26-27/000001, no gaps: taken inside the refunding transaction),
 * referencing the original invoice and reversing its taxable value and tax split in full. The
 * student downloads it from their order page, the admin from Sales & Reports, and it is attached to
 * the refund email.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { creditNotes, type orders } from "~/db/schema";
import { runPdfJob } from "~/lib/pdf-pool.server";
import { nextCreditNoteNumber } from "./invoice.server";
import type { InvoiceData, renderInvoicePdf } from "./invoice-pdf.server";
import { buildInvoiceData, loadOrder, type OrderDetail } from "./orders.server";

export type CreditNote = typeof creditNotes.$inferSelect;

/**
 * Issues the credit note of an invoiced order being refunded (inside the refund's transaction, the
 * order row locked). Nothing for an order without an invoice or without an amount.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  order: typeof orders.$inferSelect,
  issuedAt: Date,
): Promise<CreditNote | null> {
  if (!order.invoiceNumber || order.totalPaise === 0) return null;
  const [note] = await tx
    .insert(creditNotes)
    .values({
      number: await nextCreditNoteNumber(tx, issuedAt),
      orderId: order.id,
      invoiceNumber: order.invoiceNumber,
      issuedAt,
      taxablePaise: order.subtotalPaise - order.discountPaise,
      cgstPaise: order.cgstPaise,
      sgstPaise: order.sgstPaise,
      igstPaise: order.igstPaise,
      totalPaise: order.totalPaise,
    })
    .returning();
  return note!;
}

export async function creditNoteOf(db: DbOrTx, orderId: string): Promise<CreditNote | null> {
  const [note] = await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  return note ?? null;
}

export function creditNoteFileName(number: string) {
  return `credit-note-${number.replace(/\//g, "-")}.pdf`;
}

/** What the credit note prints: the invoice's seller, buyer, place of supply and lines, reversed in full. */
export async function buildCreditNoteData(
  db: DbOrTx,
  order: OrderDetail,
  note: CreditNote,
): Promise<InvoiceData | null> {
  const invoice = await buildInvoiceData(db, order);
  if (!invoice) return null;
  return {
    ...invoice,
    kind: "credit-note",
    number: note.number,
    date: note.issuedAt,
    original: { number: note.invoiceNumber, date: invoice.date },
    taxablePaise: note.taxablePaise,
    cgstPaise: note.cgstPaise,
    sgstPaise: note.sgstPaise,
    igstPaise: note.igstPaise,
    totalPaise: note.totalPaise,
  };
}

/** The credit note PDF of an order (null: the order has none), made on the PDF pool. */
export async function creditNotePdf(db: DbOrTx, orderId: string, userId?: string) {
  const order = await loadOrder(db, orderId);
  if (!order || (userId !== undefined && order.userId !== userId)) return null;
  const note = await creditNoteOf(db, orderId);
  if (!note) return null;
  const data = await buildCreditNoteData(db, order, note);
  if (!data) return null;
  return {
    number: note.number,
    fileName: creditNoteFileName(note.number),
    bytes: await runPdfJob<typeof renderInvoicePdf>("invoice", data),
  };
}

/** Records that the buyer was emailed the credit note. */
export async function markCreditNoteEmailed(db: DbOrTx, orderId: string) {
  await db
    .update(creditNotes)
    .set({ emailedAt: new Date() })
    .where(and(eq(creditNotes.orderId, orderId)));
}
