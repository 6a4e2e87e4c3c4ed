/**
 * Refunds (called by the admin screens and by Razorpay's refund.processed webhook): the gateway
 * refunds the amount, the lines refunded end their access and get a credit note, the audit log
 * records it; once that has committed, the buyer is emailed.
 *
 * A refund covers some lines of an order (a partial refund: "Refund item" in Sales & Reports) or all
 * its lines not refunded yet (the whole order, or the rest after partial refunds); the order becomes
 * "refunded" when its last line is. Each refund issues its own credit note for exactly its lines and
 * their tax, so an order's credit notes add up to its invoice, never more.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { creditNotes, enrolments, orderItems, orders } from "~/db/schema";
import { closeAttemptsWithoutAccess } from "~/features/practice/marking.server";
import { HttpError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { formatPaise } from "~/lib/money";
import { recordEvent } from "~/platform/audit/audit.server";
import { gatewayFor } from "~/platform/gateway/gateway.server";
import { creditedSoFar, issueCreditNote } from "./credit-notes.server";
import { sendRefundEmail } from "./emails.server";

export interface RefundResult {
  orderId: string;
  number: string;
  refundId: string | null;
  revokedEnrolments: number;
  /** The credit note issued (null: the order had no invoice, e.g. a free order). */
  creditNoteNumber: string | null;
  /** What this refund gave back, in paise. */
  amountPaise: number;
  /** The titles of the lines it refunded. */
  items: string[];
  /** The order is refunded in full now (this refund took its last lines). */
  whole: boolean;
}

export interface RefundOptions {
  /** With false the money was already returned at the gateway (its dashboard): only our side is updated. */
  callGateway?: boolean;
  gatewayRefundId?: string;
  /** The order_items to refund; omitted: every line not refunded yet. */
  itemIds?: number[];
}

/**
 * Refunds lines of a paid order (all those not refunded yet, unless `itemIds` picks some).
 * `actorId` is the admin doing it (null for the gateway's own webhook).
 * Throws HttpError: 404 unknown order or item, 409 not refundable, 502 gateway refused.
 * It opens its own transaction (hence `Db`): the email goes after the commit, and a
 * failure to write it is logged, never undoing the refund.
 */
export async function refundOrder(
  db: Db,
  orderId: string,
  actorId: string | null,
  opts: RefundOptions = {},
): Promise<RefundResult> {
  const result = await db.transaction(async (tx) => {
    // The row lock makes a second, concurrent refund wait and then find the lines refunded.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new HttpError(404, "Order not found.");
    if (order.status === "refunded") throw new HttpError(409, `Order ${order.number} is already refunded.`);
    if (order.status !== "paid" && order.status !== "fulfilled") {
      throw new HttpError(409, `Order ${order.number} was not paid, so there is nothing to refund.`);
    }
    const lines = await tx
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        title: orderItems.title,
        refundedAt: orderItems.refundedAt,
        includes: orderItems.includes,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const open = lines.filter((l) => !l.refundedAt);
    let chosen = open;
    if (opts.itemIds) {
      const wanted = new Set(opts.itemIds);
      if (wanted.size === 0) throw new HttpError(400, "Choose the items to refund.");
      for (const id of wanted) {
        const line = lines.find((l) => l.id === id);
        if (!line) throw new HttpError(404, `That item is not part of order ${order.number}.`);
        if (line.refundedAt) throw new HttpError(409, `"${line.title}" of order ${order.number} is already refunded.`);
      }
      chosen = open.filter((l) => wanted.has(l.id));
    }
    const whole = chosen.length === open.length;
    // What the credit note gives back: the chosen lines of the issued invoice, or all that is left of it.
    const lineIndexes = chosen.map((c) => lines.findIndex((l) => l.id === c.id));
    const refundedAt = new Date();
    const note = await issueCreditNote(tx, order, { lineIndexes, whole, issuedAt: refundedAt });
    const amountPaise = note ? note.totalPaise : whole ? order.totalPaise - (await creditedSoFar(tx, orderId)) : 0;

    let refundId: string | null = opts.gatewayRefundId ?? null;
    if (opts.callGateway !== false && amountPaise > 0 && order.gatewayPaymentId) {
      const gateway = gatewayFor(order.gateway);
      if (!gateway) {
        throw new HttpError(
          502,
          `The ${order.gateway} gateway is not configured, so order ${order.number} cannot be refunded.`,
        );
      }
      try {
        ({ refundId } = await gateway.refund({
          paymentId: order.gatewayPaymentId,
          amountPaise,
          orderNumber: order.number,
        }));
      } catch (error) {
        throw new HttpError(
          502,
          `The payment gateway refused the refund: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (note && refundId) {
      await tx.update(creditNotes).set({ gatewayRefundId: refundId }).where(eq(creditNotes.id, note.id));
    }
    await tx
      .update(orderItems)
      .set({ refundedAt, creditNoteId: note?.id ?? null })
      .where(
        inArray(
          orderItems.id,
          chosen.map((c) => c.id),
        ),
      );
    if (whole) await tx.update(orders).set({ status: "refunded", refundedAt }).where(eq(orders.id, orderId));
    const revoked = await tx
      .update(enrolments)
      .set({ revokedAt: refundedAt })
      .where(
        and(
          eq(enrolments.orderId, orderId),
          // A bundle's line also ends the items it granted (issue 36): only those of this order, so an
          // item the buyer owned before keeps its own enrolment.
          inArray(
            enrolments.productId,
            chosen.flatMap((c) => [c.productId, ...(c.includes ?? []).map((i) => i.productId)]),
          ),
          isNull(enrolments.revokedAt),
        ),
      )
      .returning({ id: enrolments.id });
    // A practice test of the refunded lines (or of a refunded course) left open is closed now.
    await closeAttemptsWithoutAccess(tx, order.userId, refundedAt);
    const what = whole && chosen.length === lines.length ? "" : ` (${chosen.map((c) => c.title).join(", ")})`;
    await recordEvent(tx, {
      actorId,
      type: "Refund",
      description: `Order ${order.number} ${whole ? "refunded" : "partly refunded"}${what}: ${formatPaise(amountPaise)}${refundId ? ` (refund ${refundId})` : ""}${note ? `; credit note ${note.number}` : ""}`,
      status: "Success",
      entityType: "order",
      entityId: order.id,
    });
    return {
      orderId,
      number: order.number,
      refundId,
      revokedEnrolments: revoked.length,
      creditNoteNumber: note?.number ?? null,
      creditNoteId: note?.id ?? null,
      amountPaise,
      items: chosen.map((c) => c.title),
      whole,
    };
  });
  const { creditNoteId, ...refund } = result;
  try {
    await sendRefundEmail(db, orderId, { creditNoteId, items: refund.items, amountPaise: refund.amountPaise });
  } catch (error) {
    log.warn({ err: error, orderId }, `[orders] the refund email of order ${result.number} could not be sent`);
  }
  return refund;
}

/** The order's credit note that records this gateway refund, if any (a redelivered webhook). */
export async function creditNoteOfGatewayRefund(db: DbOrTx, gatewayRefundId: string) {
  const [note] = await db
    .select({ number: creditNotes.number })
    .from(creditNotes)
    .where(eq(creditNotes.gatewayRefundId, gatewayRefundId));
  return note ?? null;
}
