/**
 * Refunds (called by the admin screens and by Razorpay's refund.processed
 * webhook): the gateway refunds the payment, the order becomes "refunded",
 * the enrolments it granted are revoked and the audit log records it; once
 * that has committed, the buyer is emailed.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { enrolments, orders } from "~/db/schema";
import { recordEvent } from "~/features/audit/audit.server";
import { gatewayFor } from "~/features/payments/gateway.server";
import { HttpError } from "~/lib/errors";
import { formatPaise } from "~/lib/money";
import { issueCreditNote } from "./credit-notes.server";
import { sendRefundEmail } from "./emails.server";

export interface RefundResult {
  orderId: string;
  number: string;
  refundId: string | null;
  revokedEnrolments: number;
  /** The credit note issued (null: the order had no invoice, e.g. a free order). */
  creditNoteNumber: string | null;
}

/**
 * Refunds a paid order in full. `actorId` is the admin doing it (null for the
 * gateway's own webhook). With `callGateway: false` the money was already
 * returned at the gateway (its dashboard), so only our side is updated.
 * Throws HttpError: 404 unknown order, 409 not refundable, 502 gateway refused.
 * It opens its own transaction (hence `Db`): the email goes after the commit, and a
 * failure to write it is logged, never undoing the refund.
 */
export async function refundOrder(
  db: Db,
  orderId: string,
  actorId: string | null,
  opts: { callGateway?: boolean; gatewayRefundId?: string } = {},
): Promise<RefundResult> {
  const result = await db.transaction(async (tx) => {
    // The row lock makes a second, concurrent refund wait and then find the order refunded.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new HttpError(404, "Order not found.");
    if (order.status === "refunded") throw new HttpError(409, `Order ${order.number} is already refunded.`);
    if (order.status !== "paid" && order.status !== "fulfilled") {
      throw new HttpError(409, `Order ${order.number} was not paid, so there is nothing to refund.`);
    }
    let refundId: string | null = opts.gatewayRefundId ?? null;
    if (opts.callGateway !== false && order.totalPaise > 0 && order.gatewayPaymentId) {
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
          amountPaise: order.totalPaise,
          orderNumber: order.number,
        }));
      } catch (error) {
        throw new HttpError(
          502,
          `The payment gateway refused the refund: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const refundedAt = new Date();
    await tx.update(orders).set({ status: "refunded", refundedAt }).where(eq(orders.id, orderId));
    // The credit note reversing the invoice: its number is taken in this transaction, so none is lost.
    const creditNote = await issueCreditNote(tx, order, refundedAt);
    const revoked = await tx
      .update(enrolments)
      .set({ revokedAt: new Date() })
      .where(and(eq(enrolments.orderId, orderId), isNull(enrolments.revokedAt)))
      .returning({ id: enrolments.id });
    await recordEvent(tx, {
      actorId,
      type: "Refund",
      description: `Order ${order.number} refunded: ${formatPaise(order.totalPaise)}${refundId ? ` (refund ${refundId})` : ""}${creditNote ? `; credit note ${creditNote.number}` : ""}`,
      status: "Success",
      entityType: "order",
      entityId: order.id,
    });
    return {
      orderId,
      number: order.number,
      refundId,
      revokedEnrolments: revoked.length,
      creditNoteNumber: creditNote?.number ?? null,
    };
  });
  try {
    await sendRefundEmail(db, orderId);
  } catch (error) {
    console.warn(`[orders] the refund email of order ${result.number} could not be sent:`, error);
  }
  return result;
}
