/**
 * Credit notes: a refund of an invoiced order issues one (GST rule 53), numbered in its own series
 * per Indian financial year (CN/26-27/000001, no gaps: taken inside the refunding transaction),
 * referencing the original invoice and reversing its taxable value and tax split in full. The
 * student downloads it from their order page, the admin from Sales & Reports, and it is attached to
 * the refund email. Like the invoice, what a credit note prints is frozen when it is issued
 * (credit_notes.document), from the frozen invoice it reverses.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { creditNotes, type orders } from "~/db/schema";
import { runPdfJob } from "~/lib/pdf-pool.server";
import { nextCreditNoteNumber } from "./invoice.server";
import type { InvoiceData, renderInvoicePdf } from "./invoice-pdf.server";
import { documentFromRecord, documentRecord, invoiceDocumentOf, loadOrder, type OrderDetail } from "./orders.server";

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
  const detail = await loadOrder(tx, order.id);
  const invoice = detail ? await invoiceDocumentOf(tx, detail) : null;
  const values = {
    number: await nextCreditNoteNumber(tx, issuedAt),
    orderId: order.id,
    invoiceNumber: order.invoiceNumber,
    issuedAt,
    taxablePaise: order.subtotalPaise - order.discountPaise,
    cgstPaise: order.cgstPaise,
    sgstPaise: order.sgstPaise,
    igstPaise: order.igstPaise,
    totalPaise: order.totalPaise,
  };
  const document = invoice ? documentRecord(creditNoteDocument(invoice, values)) : null;
  const [note] = await tx
    .insert(creditNotes)
    .values({ ...values, document })
    .returning();
  return note!;
}

type CreditNoteFigures = Pick<
  CreditNote,
  "number" | "issuedAt" | "invoiceNumber" | "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "totalPaise"
>;

/** What a credit note prints: the issued invoice's seller, buyer, place of supply and lines, reversed. */
function creditNoteDocument(invoice: InvoiceData, note: CreditNoteFigures): InvoiceData {
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

export async function creditNoteOf(db: DbOrTx, orderId: string): Promise<CreditNote | null> {
  const [note] = await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  return note ?? null;
}

export function creditNoteFileName(number: string) {
  return `credit-note-${number.replace(/\//g, "-")}.pdf`;
}

/**
 * The credit note as issued. One from before records were kept (migration 0018) is frozen on first
 * read from the invoice's record; the start-up migration step normally did that already.
 */
export async function creditNoteDocumentOf(db: DbOrTx, order: OrderDetail, note: CreditNote) {
  if (note.document) return documentFromRecord(note.document);
  const invoice = await invoiceDocumentOf(db, order);
  if (!invoice) return null;
  const data = creditNoteDocument(invoice, note);
  await db
    .update(creditNotes)
    .set({ document: documentRecord(data) })
    .where(and(eq(creditNotes.id, note.id), isNull(creditNotes.document)));
  const [row] = await db
    .select({ document: creditNotes.document })
    .from(creditNotes)
    .where(eq(creditNotes.id, note.id));
  return row?.document ? documentFromRecord(row.document) : data;
}

/** Credit notes issued before records were kept (migration 0018), a batch at a time. */
export async function creditNotesWithoutDocument(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(creditNotes)
    .where(isNull(creditNotes.document))
    .orderBy(asc(creditNotes.issuedAt))
    .limit(limit);
}

/** The credit note PDF of an order (null: the order has none), made on the PDF pool. */
export async function creditNotePdf(db: DbOrTx, orderId: string, userId?: string) {
  const order = await loadOrder(db, orderId);
  if (!order || (userId !== undefined && order.userId !== userId)) return null;
  const note = await creditNoteOf(db, orderId);
  if (!note) return null;
  const data = await creditNoteDocumentOf(db, order, note);
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
