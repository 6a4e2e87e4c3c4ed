/**
 * GSTR-1 data for a month or a quarter, as the CSV files the GST offline tool imports (one zip):
 *
 * - `b2b.csv` (table 4A): each invoice to a registered buyer (a GSTIN given at checkout), one row each.
 * - `b2cs.csv` (table 7): supplies to unregistered buyers by place of supply, net of the period's
 *   credit notes — every B2C invoice except the large inter-state ones below.
 * - `b2cl.csv` (table 5): each inter-state B2C invoice above ₹1,00,000 (invoice value), one row each.
 * - `cdnr.csv` (table 9B, registered): the period's credit notes of b2b invoices.
 * - `cdnur.csv` (table 9B, unregistered): the period's credit notes of b2cl invoices.
 * - `hsn(b2b).csv` and `hsn(b2c).csv` (table 12, its B2B and B2C tabs): the SAC summary, one row per
 *   SAC of the lines (snapshotted at checkout), invoices minus credit notes, of registered and of
 *   unregistered buyers.
 * - `docs.csv` (table 13): the invoice and credit-note number ranges issued in the period.
 *
 * No file has a row whose figures are all zero (a sale and its refund in one period leave nothing).
 * A period in which the seller GSTIN changed after some of its documents were issued is refused (one
 * return per registration).
 *
 * An invoice belongs to the period of its date (paid_at), a credit note to the period of its own
 * date, both in India Standard Time; dates are written as the tool writes them (`09-Oct-2026`).
 * b2cs, hsn and docs are sums computed by the database (constant memory); b2b, b2cl, cdnr and cdnur
 * rows are read in keyset batches, and the zip is deflated as it streams (lib/zip.server.ts), so a
 * month of 100,000 orders neither blocks the server nor grows its memory.
 */
import { and, asc, eq, gt, gte, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { auditLog, creditNotes, orderItems, orders } from "~/db/schema";
import { csvLine } from "~/lib/csv";
import { formatDate, gstrDate } from "~/lib/dates";
import { HttpError } from "~/lib/errors";
import { paiseToDecimal } from "~/lib/money";
import { zipStream } from "~/lib/zip.server";
import { GSTIN_CHANGED } from "./gstin";
import { sacDescription } from "./sac";
import { gstrPlaceOfSupply } from "./states";
import { GST_RATE_PERCENT } from "./tax";

/** Table 5: an inter-state B2C invoice above this value (₹1 lakh) is reported invoice by invoice. */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;

export const GSTR1_HEADERS = {
  b2b: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Reverse Charge",
    "Applicable % of Tax Rate",
    "Invoice Type",
    "E-Commerce GSTIN",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  b2cs: [
    "Type",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  b2cl: [
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  cdnr: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Reverse Charge",
    "Note Supply Type",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  cdnur: [
    "UR Type",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  hsn: [
    "HSN",
    "Description",
    "UQC",
    "Total Quantity",
    "Total Value",
    "Rate",
    "Taxable Value",
    "Integrated Tax Amount",
    "Central Tax Amount",
    "State/UT Tax Amount",
    "Cess Amount",
  ],
  docs: ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
} as const;

export interface Gstr1Options {
  start: Date;
  /** Exclusive. */
  end: Date;
  /** The period as the owner chose it ("2026-10"), for messages. */
  label?: string;
  batchSize?: number;
}

const taxable = sql<number>`(${orders.subtotalPaise} - ${orders.discountPaise})`;
/** Invoices to registered buyers (table 4A, b2b) and, through them, their credit notes (table 9B, cdnr). */
const isB2b = sql<boolean>`(${orders.buyerGstin} is not null)`;
/** Large inter-state B2C invoices (table 5, b2cl) and, through them, their credit notes (table 9B, cdnur). */
const isB2cl = sql<boolean>`coalesce(${orders.buyerGstin} is null and ${orders.placeOfSupply} <> ${orders.supplierStateCode} and ${orders.totalPaise} > ${B2CL_THRESHOLD_PAISE}, false)`;
const invoicedIn = (o: Gstr1Options) =>
  and(sql`${orders.invoiceNumber} is not null`, gte(orders.paidAt, o.start), lt(orders.paidAt, o.end));
const notedIn = (o: Gstr1Options) => and(gte(creditNotes.issuedAt, o.start), lt(creditNotes.issuedAt, o.end));

/** Table 7: taxable value by place of supply, invoices less credit notes (b2b and b2cl ones excepted); no zero rows. */
async function b2csRows(db: DbOrTx, o: Gstr1Options) {
  const result = await db.execute<{ pos: string; taxable: string }>(sql`
    select pos, sum(value)::bigint as taxable from (
      select coalesce(${orders.placeOfSupply}, ${orders.supplierStateCode}) as pos, ${taxable} as value
        from ${orders} where ${invoicedIn(o)} and not ${isB2cl} and not ${isB2b}
      union all
      select coalesce(${orders.placeOfSupply}, ${orders.supplierStateCode}), -${creditNotes.taxablePaise}
        from ${creditNotes} join ${orders} on ${orders.id} = ${creditNotes.orderId}
        where ${notedIn(o)} and not ${isB2cl} and not ${isB2b}
    ) supplies
    group by pos having sum(value) <> 0 order by pos`);
  return result.rows.map((r) => ({ placeOfSupply: r.pos, taxablePaise: Number(r.taxable) }));
}

/**
 * Each line's SAC (snapshotted at checkout) with its taxable value and tax: the lines of the invoices
 * of the period (`invoices`) or those the period's credit notes credit (`credited`, negated), of the
 * orders chosen by `where`. Orders placed before lines had their own tax (migration 0013) have it on
 * the order and the credit note only: their lines share one SAC, so those figures go to it.
 */
function linesBySac(o: Gstr1Options, side: "invoices" | "credited", where: SQL) {
  const oneSac = sql`(select min(i.sac_code) from order_items i where i.order_id = ${orders.id})`;
  const legacy = sql`exists (select 1 from order_items i where i.order_id = ${orders.id} and i.taxable_paise is null)`;
  if (side === "invoices") {
    return sql`
      select ${orderItems.sacCode} as sac, ${orderItems.taxablePaise} as taxable, ${orderItems.igstPaise} as igst,
             ${orderItems.cgstPaise} as cgst, ${orderItems.sgstPaise} as sgst
        from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
        where ${invoicedIn(o)} and ${where} and ${orderItems.taxablePaise} is not null
      union all
      select ${oneSac}, ${taxable}, ${orders.igstPaise}, ${orders.cgstPaise}, ${orders.sgstPaise}
        from ${orders} where ${invoicedIn(o)} and ${where} and ${legacy}`;
  }
  return sql`
    select ${orderItems.sacCode}, -${orderItems.taxablePaise}, -${orderItems.igstPaise},
           -${orderItems.cgstPaise}, -${orderItems.sgstPaise}
      from ${orderItems} join ${creditNotes} on ${creditNotes.id} = ${orderItems.creditNoteId}
      join ${orders} on ${orders.id} = ${creditNotes.orderId}
      where ${notedIn(o)} and ${where} and ${orderItems.taxablePaise} is not null
    union all
    select ${oneSac}, -${creditNotes.taxablePaise}, -${creditNotes.igstPaise}, -${creditNotes.cgstPaise},
           -${creditNotes.sgstPaise}
      from ${creditNotes} join ${orders} on ${orders.id} = ${creditNotes.orderId}
      where ${notedIn(o)} and ${where} and ${legacy}`;
}

/**
 * Table 12: the SAC summary of the period, one row per SAC (all at 18%): the invoices' lines less the
 * lines the credit notes credit, of registered (`b2b`) or unregistered buyers. Codes whose figures net
 * to zero are left out.
 */
export async function hsnSummary(db: DbOrTx, o: Gstr1Options, tab: "b2b" | "b2c") {
  const ofTab = tab === "b2b" ? isB2b : sql`not ${isB2b}`;
  const result = await db.execute<{ sac: string; taxable: string; igst: string; cgst: string; sgst: string }>(sql`
    select sac, sum(taxable)::bigint as taxable, sum(igst)::bigint as igst,
           sum(cgst)::bigint as cgst, sum(sgst)::bigint as sgst from (
      ${linesBySac(o, "invoices", ofTab)}
      union all
      ${linesBySac(o, "credited", ofTab)}
    ) supplies (sac, taxable, igst, cgst, sgst)
    group by sac
    having sum(taxable) <> 0 or sum(igst) <> 0 or sum(cgst) <> 0 or sum(sgst) <> 0
    order by sac`);
  return result.rows.map((r) => ({
    sacCode: r.sac,
    taxablePaise: Number(r.taxable),
    igstPaise: Number(r.igst),
    cgstPaise: Number(r.cgst),
    sgstPaise: Number(r.sgst),
  }));
}

/** How many invoices and credit notes were issued in the period. */
async function documentsIssued(db: DbOrTx, o: Gstr1Options) {
  const [invoices] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(invoicedIn(o));
  const [notes] = await db.select({ n: sql<number>`count(*)::int` }).from(creditNotes).where(notedIn(o));
  return invoices!.n + notes!.n;
}

/** Table 13: the first and last number and the count of each series issued in the period. */
async function docRanges(db: DbOrTx, o: Gstr1Options) {
  const [invoices] = await db
    .select({
      from: sql<string | null>`min(${orders.invoiceNumber})`,
      to: sql<string | null>`max(${orders.invoiceNumber})`,
      n: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(invoicedIn(o));
  const [notes] = await db
    .select({
      from: sql<string | null>`min(${creditNotes.number})`,
      to: sql<string | null>`max(${creditNotes.number})`,
      n: sql<number>`count(*)::int`,
    })
    .from(creditNotes)
    .where(notedIn(o));
  return { invoices: invoices!, notes: notes! };
}

/**
 * A CSV file of one GSTR-1 table: its header, then its rows read in batches of `o.batchSize` (1,000)
 * in the order of the document's number (an invoice or credit-note number, unique), each batch after
 * the last number of the one before, written as one chunk. What the four row-per-document tables
 * (b2b, cdnr, b2cl, cdnur) share.
 */
async function* keysetCsv<Row extends { number: string | null }>(
  o: Gstr1Options,
  header: readonly string[],
  readAfter: (after: string, limit: number) => Promise<Row[]>,
  fields: (row: Row) => unknown[],
) {
  yield csvLine([...header]);
  let after = "";
  for (;;) {
    const batch = await readAfter(after, o.batchSize ?? 1000);
    if (batch.length === 0) return;
    yield batch.map((r) => csvLine(fields(r))).join("");
    after = batch[batch.length - 1]!.number!;
  }
}

/** The period's invoices of `invoiceKind` (b2b or b2cl), in number order. */
function invoiceRows(db: DbOrTx, o: Gstr1Options, invoiceKind: SQL | undefined) {
  return (after: string, limit: number) =>
    db
      .select({
        gstin: orders.buyerGstin,
        name: orders.buyerLegalName,
        number: orders.invoiceNumber,
        paidAt: orders.paidAt,
        totalPaise: orders.totalPaise,
        pos: orders.placeOfSupply,
        taxablePaise: taxable,
      })
      .from(orders)
      .where(and(invoicedIn(o), invoiceKind, gt(orders.invoiceNumber, after)))
      .orderBy(asc(orders.invoiceNumber))
      .limit(limit);
}

/** The b2b invoices of the period, in number order. */
function b2bLines(db: DbOrTx, o: Gstr1Options) {
  return keysetCsv(o, GSTR1_HEADERS.b2b, invoiceRows(db, o, isB2b), (r) => [
    r.gstin!,
    r.name ?? "",
    r.number!,
    gstrDate(r.paidAt!),
    paiseToDecimal(r.totalPaise),
    gstrPlaceOfSupply(r.pos!),
    "N",
    "",
    "Regular B2B",
    "",
    GST_RATE_PERCENT,
    paiseToDecimal(Number(r.taxablePaise)),
    "0.00",
  ]);
}

/** The period's credit notes of invoices matching `invoiceKind` (b2b or b2cl), in number order. */
function creditNoteRows(db: DbOrTx, o: Gstr1Options, invoiceKind: SQL | undefined) {
  return (after: string, limit: number) =>
    db
      .select({
        gstin: orders.buyerGstin,
        name: orders.buyerLegalName,
        number: creditNotes.number,
        issuedAt: creditNotes.issuedAt,
        totalPaise: creditNotes.totalPaise,
        taxablePaise: creditNotes.taxablePaise,
        pos: orders.placeOfSupply,
      })
      .from(creditNotes)
      .innerJoin(orders, sql`${orders.id} = ${creditNotes.orderId}`)
      .where(and(notedIn(o), invoiceKind, gt(creditNotes.number, after)))
      .orderBy(asc(creditNotes.number))
      .limit(limit);
}

/** The period's credit notes of b2b invoices. */
function cdnrLines(db: DbOrTx, o: Gstr1Options) {
  return keysetCsv(o, GSTR1_HEADERS.cdnr, creditNoteRows(db, o, isB2b), (r) => [
    r.gstin!,
    r.name ?? "",
    r.number,
    gstrDate(r.issuedAt),
    "C",
    gstrPlaceOfSupply(r.pos!),
    "N",
    "Regular B2B",
    paiseToDecimal(r.totalPaise),
    "",
    GST_RATE_PERCENT,
    paiseToDecimal(r.taxablePaise),
    "0.00",
  ]);
}

/** The b2cl invoices of the period, in number order. */
function b2clLines(db: DbOrTx, o: Gstr1Options) {
  return keysetCsv(o, GSTR1_HEADERS.b2cl, invoiceRows(db, o, isB2cl), (r) => [
    r.number!,
    gstrDate(r.paidAt!),
    paiseToDecimal(r.totalPaise),
    gstrPlaceOfSupply(r.pos!),
    "",
    GST_RATE_PERCENT,
    paiseToDecimal(Number(r.taxablePaise)),
    "0.00",
    "",
  ]);
}

/** The period's credit notes of b2cl invoices. */
function cdnurLines(db: DbOrTx, o: Gstr1Options) {
  return keysetCsv(o, GSTR1_HEADERS.cdnur, creditNoteRows(db, o, isB2cl), (r) => [
    "B2CL",
    r.number,
    gstrDate(r.issuedAt),
    "C",
    gstrPlaceOfSupply(r.pos!),
    paiseToDecimal(r.totalPaise),
    "",
    GST_RATE_PERCENT,
    paiseToDecimal(r.taxablePaise),
    "0.00",
  ]);
}

async function* b2csLines(db: DbOrTx, o: Gstr1Options) {
  yield csvLine([...GSTR1_HEADERS.b2cs]);
  for (const r of await b2csRows(db, o)) {
    yield csvLine([
      "OE",
      gstrPlaceOfSupply(r.placeOfSupply),
      "",
      GST_RATE_PERCENT,
      paiseToDecimal(r.taxablePaise),
      "0.00",
      "",
    ]);
  }
}

async function* hsnLines(db: DbOrTx, o: Gstr1Options, tab: "b2b" | "b2c") {
  yield csvLine([...GSTR1_HEADERS.hsn]);
  for (const s of await hsnSummary(db, o, tab)) {
    const total = s.taxablePaise + s.igstPaise + s.cgstPaise + s.sgstPaise;
    yield csvLine([
      s.sacCode,
      sacDescription(s.sacCode) ?? "",
      "NA",
      "0",
      paiseToDecimal(total),
      GST_RATE_PERCENT,
      paiseToDecimal(s.taxablePaise),
      paiseToDecimal(s.igstPaise),
      paiseToDecimal(s.cgstPaise),
      paiseToDecimal(s.sgstPaise),
      "0.00",
    ]);
  }
}

async function* docsLines(db: DbOrTx, o: Gstr1Options) {
  yield csvLine([...GSTR1_HEADERS.docs]);
  const { invoices, notes } = await docRanges(db, o);
  if (invoices.n > 0) yield csvLine(["Invoices for outward supply", invoices.from!, invoices.to!, invoices.n, 0]);
  if (notes.n > 0) yield csvLine(["Credit Note", notes.from!, notes.to!, notes.n, 0]);
}

/**
 * The changes of the seller GSTIN inside the period, from the settings' audit trail (the words of
 * settings/changes.ts): when and to what.
 */
export async function gstinChangesIn(db: DbOrTx, o: Gstr1Options) {
  const rows = await db
    .select({ at: auditLog.createdAt, description: auditLog.description })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.type, "Settings"),
        eq(auditLog.entityType, "settings"),
        gte(auditLog.createdAt, o.start),
        lt(auditLog.createdAt, o.end),
        sql`position(${GSTIN_CHANGED} in ${auditLog.description}) > 0`,
      ),
    )
    .orderBy(asc(auditLog.createdAt));
  return rows.map((r) => ({
    at: r.at,
    gstin: r.description
      .slice(r.description.indexOf(GSTIN_CHANGED) + GSTIN_CHANGED.length)
      .split(";")[0]!
      .trim(),
  }));
}

/**
 * The GSTR-1 zip of the period, streamed. A return is filed per registration (GSTIN), and orders do
 * not record the GSTIN they were invoiced under: when the seller GSTIN changed during the period after
 * some of its invoices or credit notes were issued, the period is refused (409) with the reason,
 * before anything is read. (A change before the period's first document, e.g. the real GSTIN set up
 * before the first sale, leaves the whole period under the new one.)
 */
export async function gstr1Zip(db: DbOrTx, o: Gstr1Options): Promise<ReadableStream<Uint8Array>> {
  const change = (await gstinChangesIn(db, o)).at(-1);
  if (change && (await documentsIssued(db, { ...o, end: change.at })) > 0) {
    throw new HttpError(
      409,
      `The seller GSTIN changed during ${o.label ?? "this period"} (to ${change.gstin} on ${formatDate(change.at)}), ` +
        "after some of its invoices or credit notes were issued. A GSTR-1 return is filed per GSTIN, and the " +
        "orders do not record which GSTIN invoiced them, so this export cannot split the period between the two " +
        "registrations. Prepare this period's return from the sales ledger instead, taking the documents issued " +
        "before and after the change separately.",
    );
  }
  return zipStream([
    { name: "b2b.csv", content: b2bLines(db, o) },
    { name: "b2cs.csv", content: b2csLines(db, o) },
    { name: "b2cl.csv", content: b2clLines(db, o) },
    { name: "cdnr.csv", content: cdnrLines(db, o) },
    { name: "cdnur.csv", content: cdnurLines(db, o) },
    { name: "hsn(b2b).csv", content: hsnLines(db, o, "b2b") },
    { name: "hsn(b2c).csv", content: hsnLines(db, o, "b2c") },
    { name: "docs.csv", content: docsLines(db, o) },
  ]);
}
