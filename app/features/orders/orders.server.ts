/**
 * Order history and order pages of the signed-in user, and the invoice of an order.
 *
 * An issued tax document never changes (ADR 0016): what an invoice prints is built once, by
 * buildInvoiceData, in the transaction that takes its number (freezeInvoice), and stored in
 * orders.invoice_document; every download and email reads that record (invoiceDocumentOf), never
 * today's buyer, settings or catalogue.
 */
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { cachedRead, READ_MAX_AGE_MS, tablesRead } from "~/db/read-cache.server";
import { orderItems, orders, products, users } from "~/db/schema";
import { sacDescription } from "~/features/gst/sac";
import { allocateDiscount } from "~/features/gst/tax";
import { getSettings, type SiteSettings } from "~/features/settings/settings.server";
import { invoiceAccessText } from "~/lib/access-period";
import { runPdfJob } from "~/lib/pdf-pool.server";
import type { InvoiceData, renderInvoicePdf, TaxDocumentLine } from "./invoice-pdf.server";
import { invoicePdfInput } from "./signing.server";

export type OrderStatus = (typeof orders.$inferSelect)["status"];

export interface OrderListEntry {
  id: string;
  number: string;
  status: OrderStatus;
  totalPaise: number;
  itemCount: number;
  createdAt: Date;
}

/** What every list of orders shows of one: its id and number, status, total and when it was placed. */
export const orderSummaryColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  totalPaise: orders.totalPaise,
  createdAt: orders.createdAt,
};

const ORDER_LIST_TABLES = tablesRead(orders, orderItems);

/**
 * A user's orders, newest first: their order history, and the admin's page of the user. Kept in
 * memory on the embedded database until `orders` or `order_items` is written, 30 s at most.
 */
export async function listOrdersForUser(
  db: DbOrTx,
  userId: string,
  opts: { limit?: number } = {},
): Promise<OrderListEntry[]> {
  const limit = opts.limit ?? 100;
  return cachedRead(db, `orders:${userId}:${limit}`, ORDER_LIST_TABLES, READ_MAX_AGE_MS, () =>
    db
      .select({
        ...orderSummaryColumns,
        itemCount: sql<number>`(select count(*)::int from "order_items" oi where oi.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt))
      .limit(limit),
  );
}

export async function loadOrder(db: DbOrTx, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      title: orderItems.title,
      pricePaise: orderItems.pricePaise,
      sacCode: orderItems.sacCode,
      taxablePaise: orderItems.taxablePaise,
      cgstPaise: orderItems.cgstPaise,
      sgstPaise: orderItems.sgstPaise,
      igstPaise: orderItems.igstPaise,
      refundedAt: orderItems.refundedAt,
      creditNoteId: orderItems.creditNoteId,
      includes: orderItems.includes,
      kind: products.kind,
      image: products.image,
      accessUntil: products.accessUntil,
      accessMonths: products.accessMonths,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...order, items };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

/** The totals an order page shows: the snapshot of checkout, with its GST split and place of supply. */
export function orderTotals(order: typeof orders.$inferSelect) {
  return {
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    gstPaise: order.gstPaise,
    cgstPaise: order.cgstPaise,
    sgstPaise: order.sgstPaise,
    igstPaise: order.igstPaise,
    totalPaise: order.totalPaise,
    intraState: order.placeOfSupply && order.supplierStateCode ? order.placeOfSupply === order.supplierStateCode : null,
    placeOfSupply: order.placeOfSupply,
    supplierStateCode: order.supplierStateCode,
  };
}

/** The order when it belongs to this user; null otherwise (the page answers 404 either way). */
export async function getOrderForUser(db: DbOrTx, userId: string, orderId: string): Promise<OrderDetail | null> {
  const [owned] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!owned) return null;
  return loadOrder(db, orderId);
}

export function invoiceFileName(invoiceNumber: string) {
  return `invoice-${invoiceNumber.replace(/\//g, "-")}.pdf`;
}

/**
 * The lines of an order's tax documents with their taxable value and tax. Orders placed before the
 * split (migration 0013) have none stored: their discount and stored tax are spread over the lines
 * by value, so the lines still add up to what the buyer paid.
 */
export function taxLinesOf(order: OrderDetail): TaxDocumentLine[] {
  // Each line's SAC as snapshotted at checkout, with its description from the table (gst/sac.ts).
  const sac = ({ sacCode }: OrderDetail["items"][number]) => {
    const description = sacDescription(sacCode);
    return description ? { sacCode, sacDescription: description } : { sacCode };
  };
  // A bundle is one supply (issue 36): one line whose description lists what it includes.
  const includes = ({ includes: items }: OrderDetail["items"][number]) =>
    items?.length ? { includes: items.map((i) => i.title) } : {};
  if (order.items.every((i) => i.taxablePaise !== null)) {
    return order.items.map((i) => ({
      title: i.title,
      ...includes(i),
      ...sac(i),
      pricePaise: i.pricePaise,
      taxablePaise: i.taxablePaise ?? i.pricePaise,
      cgstPaise: i.cgstPaise ?? 0,
      sgstPaise: i.sgstPaise ?? 0,
      igstPaise: i.igstPaise ?? 0,
    }));
  }
  const prices = order.items.map((i) => i.pricePaise);
  const shares = allocateDiscount(prices, order.discountPaise);
  const taxable = prices.map((p, i) => p - shares[i]!);
  const cgst = allocateDiscount(taxable, order.cgstPaise);
  const sgst = allocateDiscount(taxable, order.sgstPaise);
  const igst = allocateDiscount(taxable, order.igstPaise);
  return order.items.map((i, k) => ({
    title: i.title,
    ...includes(i),
    ...sac(i),
    pricePaise: i.pricePaise,
    taxablePaise: taxable[k]!,
    cgstPaise: cgst[k]!,
    sgstPaise: sgst[k]!,
    igstPaise: igst[k]!,
  }));
}

/**
 * What the tax invoice of a paid order prints, from the data of this moment (null: not paid, so no
 * invoice). Only freezeInvoice calls it: everything else reads the frozen record.
 */
export async function buildInvoiceData(db: DbOrTx, order: OrderDetail): Promise<InvoiceData | null> {
  if (!order.invoiceNumber || !order.paidAt) return null;
  const [buyer] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, order.userId));
  const settings = await getSettings(db);
  const supplierStateCode = order.supplierStateCode ?? settings.sellerStateCode;
  const placeOfSupply = order.placeOfSupply ?? supplierStateCode;
  return {
    kind: "invoice",
    number: order.invoiceNumber,
    date: order.paidAt,
    orderNumber: order.number,
    original: null,
    seller: {
      name: settings.sellerName,
      address: settings.sellerAddress,
      gstin: settings.sellerGstin,
      stateCode: supplierStateCode,
    },
    buyer: {
      name: buyer?.name ?? "",
      email: buyer?.email ?? "",
      // The order's snapshot of checkout: a business (B2B), or a large B2C invoice's address.
      ...(order.buyerGstin ? { gstin: order.buyerGstin, legalName: order.buyerLegalName ?? "" } : {}),
      ...(order.buyerAddress ? { address: order.buyerAddress } : {}),
    },
    placeOfSupply,
    intraState: placeOfSupply === supplierStateCode,
    // Each line says the access it sells when it is not for life (issue 36), counted from the payment.
    lines: taxLinesOf(order).map((line, i) => {
      const access = invoiceAccessText(order.items[i]!, order.paidAt!);
      return access ? { ...line, access } : line;
    }),
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    couponCode: order.couponCode,
    taxablePaise: order.subtotalPaise - order.discountPaise,
    cgstPaise: order.cgstPaise,
    sgstPaise: order.sgstPaise,
    igstPaise: order.igstPaise,
    totalPaise: order.totalPaise,
    paymentId: order.gatewayPaymentId,
    signatory: signatoryOf(settings),
  };
}

/** The authorised signatory a tax document issued now prints (Settings); undefined when none is set. */
export function signatoryOf(settings: SiteSettings): InvoiceData["signatory"] {
  if (!settings.signatoryName && !settings.signatureImageKey) return undefined;
  return { name: settings.signatoryName, imageKey: settings.signatureImageKey };
}

/** An issued document as stored (orders.invoice_document, credit_notes.document): its dates as ISO strings. */
export function documentRecord(data: InvoiceData): Record<string, unknown> {
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

/** The document a stored record holds (the inverse of documentRecord). */
export function documentFromRecord(record: Record<string, unknown>): InvoiceData {
  const data = record as unknown as InvoiceData & { date: string; original: { number: string; date: string } | null };
  return {
    ...data,
    date: new Date(data.date),
    original: data.original ? { ...data.original, date: new Date(data.original.date) } : null,
  };
}

/**
 * Freezes the invoice of a paid order: builds what it prints from the data of this moment and stores
 * it. Called in the transaction that takes the invoice number; an invoice frozen already keeps its
 * record (the stored one is returned). Null: no such order, or it has no invoice.
 */
export async function freezeInvoice(tx: DbOrTx, orderId: string): Promise<InvoiceData | null> {
  const order = await loadOrder(tx, orderId);
  if (!order) return null;
  if (order.invoiceDocument) return documentFromRecord(order.invoiceDocument);
  const data = await buildInvoiceData(tx, order);
  if (!data) return null;
  const [stored] = await tx
    .update(orders)
    .set({ invoiceDocument: documentRecord(data) })
    .where(and(eq(orders.id, orderId), isNull(orders.invoiceDocument)))
    .returning({ id: orders.id });
  if (stored) return data;
  // Another process froze it between our read and write: theirs is the record.
  const [row] = await tx.select({ doc: orders.invoiceDocument }).from(orders).where(eq(orders.id, orderId));
  return row?.doc ? documentFromRecord(row.doc) : null;
}

/**
 * The issued invoice of an order, as it was issued (null: not paid, or free, so no invoice). An
 * invoice from before records were kept is frozen on first read; the start-up migration step
 * (freezeIssuedDocuments) normally did that already.
 */
export async function invoiceDocumentOf(db: DbOrTx, order: OrderDetail): Promise<InvoiceData | null> {
  if (order.invoiceDocument) return documentFromRecord(order.invoiceDocument);
  if (!order.invoiceNumber || !order.paidAt) return null;
  return freezeInvoice(db, order.id);
}

/** Orders whose invoice was issued before records were kept (migration 0018), a batch at a time. */
export async function ordersWithUnfrozenInvoices(db: DbOrTx, limit: number) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.invoiceNumber), isNotNull(orders.paidAt), isNull(orders.invoiceDocument)))
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The PDF of a tax document, invoice or credit note (made on the PDF pool's worker threads), with the
 * signature image it names and, when a certificate is configured, digitally signed.
 */
export async function invoicePdf(invoice: InvoiceData): Promise<Uint8Array> {
  return runPdfJob<typeof renderInvoicePdf>("invoice", await invoicePdfInput(invoice));
}

/** The invoice PDF of one of the user's orders, or null (no such order, not theirs, or not paid). */
export async function getInvoicePdfForUser(db: DbOrTx, userId: string, orderId: string) {
  const order = await getOrderForUser(db, userId, orderId);
  if (!order) return null;
  const data = await invoiceDocumentOf(db, order);
  if (!data) return null;
  return { fileName: invoiceFileName(data.number), bytes: await invoicePdf(data) };
}

/** The invoice PDF of any order, for the admin (null: no such order, or not paid). */
export async function getInvoicePdfForOrder(db: DbOrTx, orderId: string) {
  const order = await loadOrder(db, orderId);
  if (!order) return null;
  const data = await invoiceDocumentOf(db, order);
  if (!data) return null;
  return { fileName: invoiceFileName(data.number), bytes: await invoicePdf(data) };
}
