/** Order history and order pages of the signed-in user, and the invoice of an order. */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders, products, users } from "~/db/schema";
import { allocateDiscount } from "~/features/gst/tax";
import { getSettings } from "~/features/settings/settings.server";
import { runPdfJob } from "~/lib/pdf-pool.server";
import type { InvoiceData, renderInvoicePdf, TaxDocumentLine } from "./invoice-pdf.server";

export type OrderStatus = (typeof orders.$inferSelect)["status"];

export interface OrderListEntry {
  id: string;
  number: string;
  status: OrderStatus;
  totalPaise: number;
  itemCount: number;
  createdAt: Date;
}

export async function listOrdersForUser(
  db: DbOrTx,
  userId: string,
  opts: { limit?: number } = {},
): Promise<OrderListEntry[]> {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      totalPaise: orders.totalPaise,
      createdAt: orders.createdAt,
      itemCount: sql<number>`(select count(*)::int from "order_items" oi where oi.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(opts.limit ?? 100);
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
      taxablePaise: orderItems.taxablePaise,
      cgstPaise: orderItems.cgstPaise,
      sgstPaise: orderItems.sgstPaise,
      igstPaise: orderItems.igstPaise,
      kind: products.kind,
      image: products.image,
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
  if (order.items.every((i) => i.taxablePaise !== null)) {
    return order.items.map((i) => ({
      title: i.title,
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
    pricePaise: i.pricePaise,
    taxablePaise: taxable[k]!,
    cgstPaise: cgst[k]!,
    sgstPaise: sgst[k]!,
    igstPaise: igst[k]!,
  }));
}

/** What the tax invoice of a paid order prints (null: not paid, so no invoice). */
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
    buyer: { name: buyer?.name ?? "", email: buyer?.email ?? "" },
    placeOfSupply,
    intraState: placeOfSupply === supplierStateCode,
    sacCode: settings.sacCode,
    lines: taxLinesOf(order),
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    couponCode: order.couponCode,
    taxablePaise: order.subtotalPaise - order.discountPaise,
    cgstPaise: order.cgstPaise,
    sgstPaise: order.sgstPaise,
    igstPaise: order.igstPaise,
    totalPaise: order.totalPaise,
    paymentId: order.gatewayPaymentId,
  };
}

/** The invoice PDF (made on the PDF pool's worker threads). */
export function invoicePdf(invoice: InvoiceData): Promise<Uint8Array> {
  return runPdfJob<typeof renderInvoicePdf>("invoice", invoice);
}

/** The invoice PDF of one of the user's orders, or null (no such order, not theirs, or not paid). */
export async function getInvoicePdfForUser(db: DbOrTx, userId: string, orderId: string) {
  const order = await getOrderForUser(db, userId, orderId);
  if (!order) return null;
  const data = await buildInvoiceData(db, order);
  if (!data) return null;
  return { fileName: invoiceFileName(data.number), bytes: await invoicePdf(data) };
}

/** The invoice PDF of any order, for the admin (null: no such order, or not paid). */
export async function getInvoicePdfForOrder(db: DbOrTx, orderId: string) {
  const order = await loadOrder(db, orderId);
  if (!order) return null;
  const data = await buildInvoiceData(db, order);
  if (!data) return null;
  return { fileName: invoiceFileName(data.number), bytes: await invoicePdf(data) };
}
