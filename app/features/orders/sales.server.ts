/** Sales & Reports: the orders list and the exports (sales ledger CSV, analytics PDF, quarterly report). */
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { creditNotes, orderItems, orders, users } from "~/db/schema";
import { gstrPlaceOfSupply } from "~/features/gst/states";
import { csvLine } from "~/lib/csv";
import { paiseToDecimal } from "~/lib/money";
import { cursorTs, keysetPage, keysetPageIds, keysetWindow, type PageRequest } from "~/platform/search/keyset.server";
import { orderSearchFilter } from "~/platform/search/text-search.server";
import { orderSummaryColumns } from "./orders.server";

export const ORDERS_PAGE_SIZE = 25;
type OrderStatus = (typeof orders.$inferSelect)["status"];

/**
 * One page of orders, newest first. A search matches the order number or the customer's email
 * (see text-search.server). Paged by keyset (`after` / `before`, the cursors of the Next and
 * Previous links) at any depth, or by a bounded offset (`page` ≤ MAX_OFFSET_PAGE without a
 * cursor), taken over the narrow (created_at, id) index before the customer and items are joined
 * for the 25 rows shown.
 */
export interface OrderListLine {
  id: number;
  title: string;
  pricePaise: number;
  refunded: boolean;
}

export async function listOrders(db: DbOrTx, opts: { q?: string; status?: OrderStatus } & PageRequest = {}) {
  const window = keysetWindow(opts, { createdAt: orders.createdAt, id: orders.id }, "uuid", ORDERS_PAGE_SIZE);
  const filters = [];
  if (opts.status) filters.push(eq(orders.status, opts.status));
  const q = opts.q?.trim();
  if (q) filters.push(await orderSearchFilter(db, q));
  const pageIds = keysetPageIds(db, orders, orders.id, filters, window, ORDERS_PAGE_SIZE);
  const rows = await db
    .select({
      ...orderSummaryColumns,
      paidAt: orders.paidAt,
      invoiceNumber: orders.invoiceNumber,
      creditNotes: sql<
        string[] | null
      >`(select json_agg(cn.number order by cn.issued_at, cn.number) from ${creditNotes} cn where cn.order_id = "orders"."id")`,
      userId: users.id,
      customer: users.name,
      email: users.email,
      items: sql<string>`(select string_agg(oi.title, ', ' order by oi.id) from ${orderItems} oi where oi.order_id = "orders"."id")`,
      /** Each line, with what it costs the buyer (taxable + tax) and whether it was refunded. */
      lines: sql<
        OrderListLine[]
      >`(select json_agg(json_build_object('id', oi.id, 'title', oi.title, 'pricePaise', oi.price_paise, 'refunded', oi.refunded_at is not null) order by oi.id) from ${orderItems} oi where oi.order_id = "orders"."id")`,
      cursorTs: cursorTs(orders.createdAt),
    })
    .from(pageIds)
    .innerJoin(orders, eq(orders.id, pageIds.id))
    .innerJoin(users, eq(users.id, orders.userId))
    .orderBy(...window.orderBy);
  const { rows: shown, ...paging } = keysetPage(rows, window, ORDERS_PAGE_SIZE);
  return {
    orders: shown.map(({ cursorTs: _, ...o }) => ({ ...o, creditNotes: o.creditNotes ?? [], lines: o.lines ?? [] })),
    ...paging,
  };
}

/** Times are India Standard Time, written with their zone ("2026-11-25 00:26:05 +05:30"). */
export const LEDGER_HEADER = [
  "order_number",
  "created_at_ist",
  "paid_at_ist",
  "status",
  "invoice_number",
  "customer_name",
  "customer_email",
  "items",
  "place_of_supply",
  "subtotal_inr",
  "discount_inr",
  "taxable_inr",
  "cgst_inr",
  "sgst_inr",
  "igst_inr",
  "gst_inr",
  "total_inr",
  "coupon_code",
  "gateway",
  "gateway_payment_id",
  "refunded_at_ist",
  "credit_note_number",
];

/**
 * The sales ledger as CSV, read from the database in batches of `batchSize`
 * orders (keyset on created_at, id) and pulled by the response stream, so
 * memory stays bounded whatever the number of orders.
 */
export function salesLedgerStream(db: DbOrTx, opts: { batchSize?: number; from?: Date; to?: Date } = {}) {
  const batchSize = opts.batchSize ?? 1000;
  const encoder = new TextEncoder();
  // The cursor keeps the timestamp as text: PostgreSQL has microseconds, a JS Date only milliseconds.
  let cursor: { ts: string; id: string } | null = null;
  let headerSent = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(LEDGER_HEADER)}`));
        return;
      }
      if (done) return;
      const filters = [];
      if (opts.from) filters.push(sql`${orders.createdAt} >= ${opts.from}`);
      if (opts.to) filters.push(lt(orders.createdAt, opts.to));
      if (cursor) {
        filters.push(sql`(${orders.createdAt}, ${orders.id}) > (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`);
      }
      const batch = await db
        .select({
          id: orders.id,
          number: orders.number,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
          status: orders.status,
          invoiceNumber: orders.invoiceNumber,
          name: users.name,
          email: users.email,
          subtotalPaise: orders.subtotalPaise,
          discountPaise: orders.discountPaise,
          placeOfSupply: orders.placeOfSupply,
          cgstPaise: orders.cgstPaise,
          sgstPaise: orders.sgstPaise,
          igstPaise: orders.igstPaise,
          gstPaise: orders.gstPaise,
          totalPaise: orders.totalPaise,
          couponCode: orders.couponCode,
          // An order refunded in parts has a credit note per refund: "CN/26-27/000001 CN/26-27/000002".
          creditNoteNumber: sql<
            string | null
          >`(select string_agg(cn.number, ' ' order by cn.issued_at, cn.number) from ${creditNotes} cn where cn.order_id = ${orders.id})`,
          gateway: orders.gateway,
          gatewayPaymentId: orders.gatewayPaymentId,
          refundedAt: orders.refundedAt,
          cursorTs: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(batchSize);
      if (batch.length === 0) {
        done = true;
        controller.close();
        return;
      }
      const items = await db
        .select({ orderId: orderItems.orderId, title: orderItems.title })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            batch.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.id));
      const titles = new Map<string, string[]>();
      for (const it of items) {
        const list = titles.get(it.orderId) ?? [];
        list.push(it.title);
        titles.set(it.orderId, list);
      }
      let chunk = "";
      for (const o of batch) {
        chunk += csvLine([
          o.number,
          o.createdAt,
          o.paidAt,
          o.status,
          o.invoiceNumber,
          o.name,
          o.email,
          (titles.get(o.id) ?? []).join("; "),
          o.placeOfSupply ? gstrPlaceOfSupply(o.placeOfSupply) : null,
          paiseToDecimal(o.subtotalPaise),
          paiseToDecimal(o.discountPaise),
          paiseToDecimal(o.subtotalPaise - o.discountPaise),
          paiseToDecimal(o.cgstPaise),
          paiseToDecimal(o.sgstPaise),
          paiseToDecimal(o.igstPaise),
          paiseToDecimal(o.gstPaise),
          paiseToDecimal(o.totalPaise),
          o.couponCode,
          o.gateway,
          o.gatewayPaymentId,
          o.refundedAt,
          o.creditNoteNumber,
        ]);
      }
      controller.enqueue(encoder.encode(chunk));
      const last = batch[batch.length - 1]!;
      cursor = { ts: last.cursorTs, id: last.id };
      if (batch.length < batchSize) {
        done = true;
        controller.close();
      }
    },
  });
}
