/**
 * Credit notes: a refund of an invoiced order issues one (GST rule 53), numbered in its own series
 * per Indian financial year (CN/26-27/000001, no gaps: taken inside the refunding transaction),
 * referencing the original invoice and reversing its taxable value and tax split in full. The
 * student downloads it from their order page, the admin from Sales & Reports, and it is attached to
 * the refund email. Like the invoice, what a credit note prints is frozen when it is issued
 * (credit_notes.document), from the frozen invoice it reverses.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { creditNotes, type orders } from "~/db/schema";
import { getSettings } from "~/features/settings/settings.server";
import { nextCreditNoteNumber } from "./invoice.server";
import type { InvoiceData, TaxDocumentLine } from "./invoice-pdf.server";
import {
  documentFromRecord,
  documentRecord,
  invoiceDocumentOf,
  invoicePdf,
  loadOrder,
  type OrderDetail,
  signatoryOf,
} from "./orders.server";

export type CreditNote = typeof creditNotes.$inferSelect;

/** What the order's credit notes gave back so far, in paise. */
export async function creditedSoFar(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${creditNotes.totalPaise}), 0)::int` })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId));
  return row?.total ?? 0;
}

export interface CreditNoteRequest {
  /** Indexes into the issued invoice's lines (the order's items in id order) of the lines refunded. */
  lineIndexes: number[];
  /** These are all the lines not refunded yet: the note credits all that is left of the invoice. */
  whole: boolean;
  issuedAt: Date;
}

/**
 * Issues the credit note of a refund of an invoiced order (inside the refund's transaction, the
 * order row locked): for the chosen lines of the issued invoice and their tax, or, when the refund
 * takes the last lines, for all that earlier credit notes left of the invoice (so the notes add up
 * to the invoice to the paisa). Nothing for an order without an invoice or without an amount.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  order: typeof orders.$inferSelect,
  request: CreditNoteRequest,
): Promise<CreditNote | null> {
  if (!order.invoiceNumber || order.totalPaise === 0) return null;
  const detail = await loadOrder(tx, order.id);
  const invoice = detail ? await invoiceDocumentOf(tx, detail) : null;
  if (!invoice) return null;
  const lines = request.lineIndexes.map((i) => invoice.lines[i]).filter((l) => l !== undefined);
  let figures = sumLines(lines);
  if (request.whole) {
    const earlier = await tx.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    const less = (key: "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "totalPaise") =>
      earlier.reduce(
        (left, n) => left - n[key],
        key === "taxablePaise" ? order.subtotalPaise - order.discountPaise : order[key],
      );
    figures = {
      taxablePaise: less("taxablePaise"),
      cgstPaise: less("cgstPaise"),
      sgstPaise: less("sgstPaise"),
      igstPaise: less("igstPaise"),
      totalPaise: less("totalPaise"),
    };
  }
  if (figures.totalPaise <= 0) return null;
  const values = {
    number: await nextCreditNoteNumber(tx, request.issuedAt),
    orderId: order.id,
    invoiceNumber: order.invoiceNumber,
    issuedAt: request.issuedAt,
    ...figures,
  };
  const [note] = await tx
    .insert(creditNotes)
    .values({
      ...values,
      // Signed by whoever is the authorised signatory when the note is issued, not when the invoice was.
      document: documentRecord({
        ...creditNoteDocument(invoice, values, lines),
        signatory: signatoryOf(await getSettings(tx)),
      }),
    })
    .returning();
  return note!;
}

function sumLines(lines: TaxDocumentLine[]) {
  const sum = (f: (l: TaxDocumentLine) => number) => lines.reduce((total, l) => total + f(l), 0);
  return {
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    totalPaise: sum((l) => l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise),
  };
}

type CreditNoteFigures = Pick<
  CreditNote,
  "number" | "issuedAt" | "invoiceNumber" | "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "totalPaise"
>;

/** What a credit note prints: the issued invoice's seller, buyer and place of supply, with the lines it reverses. */
function creditNoteDocument(invoice: InvoiceData, note: CreditNoteFigures, lines: TaxDocumentLine[]): InvoiceData {
  const subtotalPaise = lines.reduce((total, l) => total + l.pricePaise, 0);
  const discountPaise = lines.reduce((total, l) => total + l.pricePaise - l.taxablePaise, 0);
  return {
    ...invoice,
    kind: "credit-note",
    number: note.number,
    date: note.issuedAt,
    original: { number: note.invoiceNumber, date: invoice.date },
    lines,
    subtotalPaise,
    discountPaise,
    couponCode: discountPaise > 0 ? invoice.couponCode : null,
    taxablePaise: note.taxablePaise,
    cgstPaise: note.cgstPaise,
    sgstPaise: note.sgstPaise,
    igstPaise: note.igstPaise,
    totalPaise: note.totalPaise,
  };
}

/** The order's credit notes, oldest first. */
export async function creditNotesOf(db: DbOrTx, orderId: string): Promise<CreditNote[]> {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
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
  // Notes from before partial refunds reversed the whole invoice; otherwise the lines it refunded.
  const covered = order.items.flatMap((item, i) => (item.creditNoteId === note.id ? [i] : []));
  const lines = covered.length ? covered.map((i) => invoice.lines[i]!).filter(Boolean) : invoice.lines;
  const data = creditNoteDocument(invoice, note, lines);
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

/**
 * The `?number=` of a credit-note download: "CN/26-27/000001" (or as in its file name,
 * "CN-26-27-000001"); undefined when absent, "" (matches no note: 404) when malformed.
 */
export function creditNoteNumberParam(request: Request): string | undefined {
  const raw = new URL(request.url).searchParams.get("number");
  if (raw === null) return undefined;
  const match = /^CN[/-](\d\d-\d\d)[/-](\d{6})$/.exec(raw.trim());
  return match ? `CN/${match[1]}/${match[2]}` : "";
}

/**
 * A credit note PDF of an order, made on the PDF pool (null: the order has no such note). `number`
 * picks one of the order's notes; without it, the latest.
 */
export async function creditNotePdf(db: DbOrTx, orderId: string, opts: { userId?: string; number?: string } = {}) {
  const order = await loadOrder(db, orderId);
  if (!order || (opts.userId !== undefined && order.userId !== opts.userId)) return null;
  const notes = await creditNotesOf(db, orderId);
  const note = opts.number !== undefined ? notes.find((n) => n.number === opts.number) : notes.at(-1);
  if (!note) return null;
  const data = await creditNoteDocumentOf(db, order, note);
  if (!data) return null;
  return {
    id: note.id,
    number: note.number,
    fileName: creditNoteFileName(note.number),
    bytes: await invoicePdf(data),
  };
}

/** Records that the buyer was emailed the credit note. */
export async function markCreditNoteEmailed(db: DbOrTx, noteId: string) {
  await db.update(creditNotes).set({ emailedAt: new Date() }).where(eq(creditNotes.id, noteId));
}
