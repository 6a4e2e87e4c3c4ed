/**
 * Payment confirmation and fulfilment: the one path every gateway (Razorpay's
 * redirect and webhook, the test gateway, free orders, reconciliation) goes
 * through. Each step locks the order row (SELECT … FOR UPDATE) and checks its
 * status, so the same payment confirmed many times, by several app instances
 * at once, marks the order paid once, takes one invoice number and grants each
 * enrolment once (the enrolments' unique index is the last line of defence; an expired one is renewed).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { auditLog, cartItems, enrolments, orderItems, orders } from "~/db/schema";
import { renewExpiredEnrolment, withAccessExpiry } from "~/features/accounts/access-period.server";
import { log } from "~/lib/log.server";
import { formatPaise } from "~/lib/money";
import { PAYMENT_ALERT, recordEvent } from "~/platform/audit/audit.server";
import { reclaimCoupon, releaseCoupon } from "./coupon-uses.server";
import { sendOrderConfirmation } from "./emails.server";
import { nextInvoiceNumber } from "./invoice.server";
import { freezeInvoice } from "./orders.server";

export type ConfirmSource = "checkout" | "redirect" | "webhook" | "test" | "reconcile";

export interface ConfirmInput {
  orderId: string;
  /** The gateway that took the payment; must be the order's. */
  gateway: string;
  paymentId: string | null;
  /** What the gateway says was paid, in paise; must equal the order total. */
  amountPaise: number;
  source: ConfirmSource;
}

export type ConfirmOutcome =
  | { outcome: "fulfilled"; orderId: string }
  | { outcome: "already"; orderId: string; status: string }
  /** A different payment for an order already paid: nothing granted again, the admins are alerted. */
  | { outcome: "extra_payment"; orderId: string; status: string }
  | { outcome: "rejected"; orderId: string; reason: string }
  | { outcome: "missing"; orderId: string };

/**
 * Records a verified payment and fulfils the order. Safe to call any number of times, concurrently.
 * A second, different payment for an order already paid (the buyer paid twice) grants nothing more:
 * it is written to the audit log as a payment alert, once per payment, which the admin
 * notifications show, so the extra money can be refunded.
 */
export async function confirmPayment(db: DbOrTx, input: ConfirmInput): Promise<ConfirmOutcome> {
  const result = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return { outcome: "missing" as const };
    if (order.status === "paid" || order.status === "fulfilled" || order.status === "refunded") {
      const extra =
        input.gateway === order.gateway &&
        input.paymentId !== null &&
        order.gatewayPaymentId !== null &&
        input.paymentId !== order.gatewayPaymentId;
      if (extra) await alertExtraPayment(tx, order, input);
      return { outcome: extra ? ("extra_payment" as const) : ("already" as const), status: order.status };
    }
    if (order.gateway !== input.gateway) return { outcome: "rejected" as const, reason: "gateway mismatch" };
    if (input.amountPaise !== order.totalPaise) return { outcome: "rejected" as const, reason: "amount mismatch" };
    const now = new Date();
    // A capture can arrive after we gave up on the order (a retried UPI payment, a late webhook):
    // the money was taken, so the order is paid after all.
    if ((order.status === "failed" || order.status === "cancelled") && order.couponCode) {
      await reclaimCoupon(tx, order.couponCode, order.userId, order.id);
    }
    await tx
      .update(orders)
      .set({
        status: "paid",
        paidAt: now,
        gatewayPaymentId: input.paymentId,
        invoiceNumber: order.totalPaise > 0 ? await nextInvoiceNumber(tx, now) : null,
      })
      .where(eq(orders.id, order.id));
    // What the invoice prints is fixed now, with its number: later changes of the buyer's name or the
    // seller's settings never reach an issued invoice.
    if (order.totalPaise > 0) await freezeInvoice(tx, order.id);
    await recordEvent(tx, {
      actorId: order.userId,
      type: "Order",
      description:
        order.totalPaise > 0
          ? `Order ${order.number} paid: ${formatPaise(order.totalPaise)}`
          : `Order ${order.number} confirmed (free)`,
      status: "Success",
      entityType: "order",
      entityId: order.id,
    });
    return { outcome: "paid" as const };
  });
  if (result.outcome === "missing") return { outcome: "missing", orderId: input.orderId };
  if (result.outcome === "rejected") {
    log.warn(
      { orderId: input.orderId },
      `[payments] ${input.source} confirmation of order ${input.orderId} rejected: ${result.reason}`,
    );
    return { outcome: "rejected", orderId: input.orderId, reason: result.reason };
  }
  // Also finishes an order an earlier call marked paid but did not fulfil (a crash in between).
  const fulfilled = await fulfilOrder(db, input.orderId);
  if (result.outcome === "extra_payment") {
    log.warn(
      { orderId: input.orderId },
      `[payments] order ${input.orderId} received another payment ${input.paymentId}: admins alerted`,
    );
    return { outcome: "extra_payment", orderId: input.orderId, status: result.status };
  }
  // "fulfilled" only for the call that did the fulfilment: when another call got there first
  // (it may even have fulfilled the order this call marked paid), this one reports "already".
  if (fulfilled) return { outcome: "fulfilled", orderId: input.orderId };
  return {
    outcome: "already",
    orderId: input.orderId,
    status: result.outcome === "paid" ? "fulfilled" : result.status,
  };
}

/** Writes the payment alert of a second payment, unless this payment was alerted already (a redelivery). */
async function alertExtraPayment(tx: DbOrTx, order: typeof orders.$inferSelect, input: ConfirmInput) {
  const description =
    `Second payment on order ${order.number}: ${input.gateway} payment ${input.paymentId} ` +
    `(${formatPaise(input.amountPaise)}) arrived after the order was paid with ${order.gatewayPaymentId} ` +
    `(${formatPaise(order.totalPaise)}). Nothing more was granted: refund the extra payment at the gateway.`;
  const [seen] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, "order"),
        eq(auditLog.entityId, order.id),
        eq(auditLog.type, PAYMENT_ALERT),
        eq(auditLog.description, description),
      ),
    );
  if (seen) return;
  await recordEvent(tx, {
    type: PAYMENT_ALERT,
    description,
    status: "Pending",
    entityType: "order",
    entityId: order.id,
  });
}

/**
 * The enrolments an order grants: one per line, and for a bundle's line (issue 36) one per item it
 * supplies (`includes`, snapshot at checkout), all with the order's id, so a refund of the line finds
 * exactly what it granted.
 */
export function enrolmentRowsFor(
  order: Pick<typeof orders.$inferSelect, "id" | "userId">,
  items: Pick<typeof orderItems.$inferSelect, "productId" | "pricePaise" | "includes">[],
): (typeof enrolments.$inferInsert)[] {
  return items.flatMap((item) => {
    const source = item.pricePaise === 0 ? ("free" as const) : ("purchase" as const);
    const productIds = [item.productId, ...(item.includes ?? []).map((i) => i.productId)];
    return productIds.map((productId) => ({ userId: order.userId, productId, orderId: order.id, source }));
  });
}

/**
 * paid → fulfilled: grants the enrolments and takes the items out of the cart.
 * Returns true when this call did it (and sends the confirmation email).
 */
export async function fulfilOrder(db: DbOrTx, orderId: string): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.status !== "paid") return false;
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    if (items.length > 0) {
      const rows = enrolmentRowsFor(order, items);
      // What the buyer owns already keeps its own enrolment (the live unique index): nothing granted
      // twice; one whose access period ended is renewed (renewExpiredEnrolment).
      await tx
        .insert(enrolments)
        .values(await withAccessExpiry(tx, rows, order.paidAt ?? undefined))
        .onConflictDoUpdate(renewExpiredEnrolment);
      await tx.delete(cartItems).where(
        and(
          eq(cartItems.userId, order.userId),
          inArray(
            cartItems.productId,
            rows.map((r) => r.productId),
          ),
        ),
      );
    }
    await tx.update(orders).set({ status: "fulfilled", fulfilledAt: new Date() }).where(eq(orders.id, orderId));
    await recordEvent(tx, {
      actorId: order.userId,
      type: "Order",
      description: `Order ${order.number} fulfilled: ${items.length} item${items.length === 1 ? "" : "s"} unlocked`,
      status: "Complete",
      entityType: "order",
      entityId: order.id,
    });
    return true;
  });
  if (done) await deliverConfirmation(db, orderId);
  return done;
}

/**
 * Sends the confirmation email and records that it went. Whatever stops it here (a crash
 * between the fulfilment commit and this point, a failing mail server) leaves
 * confirmation_sent_at empty, and reconciliation sends it later: at least once, never lost.
 */
async function deliverConfirmation(db: DbOrTx, orderId: string) {
  try {
    await sendOrderConfirmation(db, orderId);
    await db.update(orders).set({ confirmationSentAt: new Date() }).where(eq(orders.id, orderId));
    return true;
  } catch (error) {
    log.warn({ err: error, orderId }, `[orders] the confirmation email of order ${orderId} could not be written`);
    return false;
  }
}

/**
 * Confirmation emails still owed: fulfilled orders without confirmation_sent_at whose
 * fulfilment is older than `graceMs` (the normal path sends right after it). Each is
 * claimed with a lease first, so concurrent reconcilers on several instances never send
 * the same email at the same time. Returns how many were sent.
 */
export async function resendOwedConfirmations(db: DbOrTx, now = new Date(), graceMs = 2 * 60_000, limit = 50) {
  const fulfilledBefore = new Date(now.getTime() - graceMs);
  const leaseExpired = new Date(now.getTime() - 10 * 60_000);
  const claimed = await db.execute<{ id: string }>(sql`
    update orders set confirmation_claimed_at = ${now}
    where id in (
      select id from orders
      where status = 'fulfilled' and confirmation_sent_at is null and fulfilled_at < ${fulfilledBefore}
        and (confirmation_claimed_at is null or confirmation_claimed_at < ${leaseExpired})
      order by fulfilled_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  let sent = 0;
  for (const { id } of claimed.rows) if (await deliverConfirmation(db, id)) sent++;
  return sent;
}

/** A failed or abandoned payment: the order grants nothing and the coupon use is given back. */
export async function closeUnpaidOrder(db: DbOrTx, orderId: string, status: "failed" | "cancelled") {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.status !== "pending") return false;
    await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
    await releaseCoupon(tx, orderId);
    return true;
  });
}
