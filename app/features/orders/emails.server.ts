/** The emails of an order: its confirmation (with the GST invoice attached) and its refund. */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders, users } from "~/db/schema";
import { taxRows } from "~/features/gst/tax";
import { formatDate, formatDateTimeIst } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { formatPaise } from "~/lib/money";
import { sendEmail } from "~/platform/email/email.server";
import { creditNotePdf, creditNotesOf, markCreditNoteEmailed } from "./credit-notes.server";
import { FREE_ORDER_NO_INVOICE } from "./messages";
import {
  invoiceDocumentOf,
  invoiceFileName,
  invoicePdf,
  loadOrder,
  type OrderDetail,
  orderTotals,
} from "./orders.server";

/** "CGST (9%): ₹89.91" and "SGST (9%): ₹89.91", or "IGST (18%): ₹179.82" ("GST (18%)" without a state). */
function taxLines(order: OrderDetail) {
  const totals = orderTotals(order);
  if (totals.intraState === null || !totals.supplierStateCode) return [`GST (18%): ${formatPaise(order.gstPaise)}`];
  return taxRows(totals, totals.intraState, totals.supplierStateCode).map((r) => `${r.label}: ${formatPaise(r.paise)}`);
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function sendOrderConfirmation(db: DbOrTx, orderId: string) {
  const order = await loadOrder(db, orderId);
  if (!order) return;
  const invoice = await invoiceDocumentOf(db, order);
  const to = invoice?.buyer.email ?? (await buyerEmail(db, orderId));
  if (!to) return;
  const link = new URL(`/account/orders/${order.id}`, getEnv().APP_URL).toString();
  const lines = order.items.map((i) => `- ${i.title}: ${i.pricePaise === 0 ? "Free" : formatPaise(i.pricePaise)}`);
  const free = order.totalPaise === 0;
  const text = [
    `Thank you for your order ${order.number}.`,
    "",
    ...lines,
    "",
    `Subtotal: ${formatPaise(order.subtotalPaise)}`,
    ...(order.discountPaise > 0 ? [`Discount (${order.couponCode}): -${formatPaise(order.discountPaise)}`] : []),
    ...(free ? [] : taxLines(order)),
    `Total: ${free ? "Free" : formatPaise(order.totalPaise)}`,
    "",
    "Your items are ready in My Courses.",
    invoice
      ? `Your GST invoice ${invoice.number} dated ${formatDate(invoice.date)} is attached.`
      : free
        ? FREE_ORDER_NO_INVOICE
        : "",
    `Order details: ${link}`,
  ].join("\n");
  const html = `<p>Thank you for your order <strong>${escapeHtml(order.number)}</strong>.</p><ul>${order.items
    .map((i) => `<li>${escapeHtml(i.title)}: ${i.pricePaise === 0 ? "Free" : formatPaise(i.pricePaise)}</li>`)
    .join("")}</ul><p>${
    free
      ? `Total: <strong>Free</strong>. ${FREE_ORDER_NO_INVOICE}`
      : `Total: <strong>${formatPaise(order.totalPaise)}</strong> (including GST ${formatPaise(order.gstPaise)})`
  }</p><p>Your items are ready in My Courses. <a href="${escapeHtml(link)}">View your order</a></p>`;
  await sendEmail(db, {
    to,
    subject: `Your Commerce Academy order ${order.number}`,
    text,
    html,
    attachments: invoice
      ? [
          {
            filename: invoiceFileName(invoice.number),
            content: await invoicePdf(invoice),
            contentType: "application/pdf",
          },
        ]
      : [],
  });
}

export interface RefundNotice {
  /** The credit note of this refund (null: none, e.g. a free order). */
  creditNoteId: string | null;
  /** The titles of the items refunded. */
  items: string[];
  amountPaise: number;
}

/**
 * Tells the buyer what was refunded: the order number, the amount in rupees, the items whose access
 * was removed, with this refund's credit note attached.
 */
export async function sendRefundEmail(db: DbOrTx, orderId: string, refund: RefundNotice) {
  const order = await loadOrder(db, orderId);
  if (!order) return;
  const to = await buyerEmail(db, orderId);
  if (!to) return;
  const amount = formatPaise(refund.amountPaise);
  const link = new URL(`/account/orders/${order.id}`, getEnv().APP_URL).toString();
  const partly = refund.items.length < order.items.length;
  const what = partly ? `${refund.items.join(", ")} from your order ${order.number}` : `your order ${order.number}`;
  const refunded =
    refund.amountPaise > 0
      ? `We have refunded ${what}: ${amount} is on its way back to the account you paid with (banks usually show it within 5 to 7 working days).`
      : partly
        ? `We have removed ${what} (it was free, so there is nothing to pay back).`
        : `Your order ${order.number} has been cancelled (it was free, so there is nothing to pay back).`;
  const notes = refund.creditNoteId ? await creditNotesOf(db, orderId) : [];
  const ours = notes.find((n) => n.id === refund.creditNoteId);
  const note = ours ? await creditNotePdf(db, orderId, { number: ours.number }) : null;
  const refundedAt = order.items.find((i) => refund.items.includes(i.title) && i.refundedAt)?.refundedAt;
  const text = [
    refunded,
    ...(refundedAt ? ["", `Refunded on ${formatDateTimeIst(refundedAt)}.`] : []),
    ...(note ? ["", `Credit note ${note.number} for this refund is attached.`] : []),
    "",
    "Your access to these items has been removed:",
    ...refund.items.map((title) => `- ${title}`),
    "",
    `Order details: ${link}`,
    "Questions? Write to us from the Contact page.",
  ].join("\n");
  const html = `<p>${escapeHtml(refunded)}</p>${
    note ? `<p>Credit note ${escapeHtml(note.number)} for this refund is attached.</p>` : ""
  }<p>Your access to these items has been removed:</p><ul>${refund.items
    .map((title) => `<li>${escapeHtml(title)}</li>`)
    .join("")}</ul><p><a href="${escapeHtml(link)}">View your order</a></p>`;
  await sendEmail(db, {
    to,
    subject: `Refund for your Commerce Academy order ${order.number}`,
    text,
    html,
    attachments: note ? [{ filename: note.fileName, content: note.bytes, contentType: "application/pdf" }] : [],
  });
  if (note) await markCreditNoteEmailed(db, note.id);
}

async function buyerEmail(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row?.email ?? null;
}
