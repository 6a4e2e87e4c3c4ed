/**
 * Reconciliation, run by `npm run orders:reconcile` and periodically by the
 * server: fulfils orders left paid-but-unfulfilled, asks the gateway about
 * pending orders (a payment whose redirect and webhook never reached us) and
 * expires stale pending orders, and sends confirmation emails still owed. Each of the three steps
 * is also a job on the queue (jobs.server.ts). Several instances may run them at once: every
 * change goes through the same row-locked, idempotent steps as a payment.
 */
import { and, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { gatewayFor } from "~/platform/gateway/gateway.server";
import { closeUnpaidOrder, confirmPayment, fulfilOrder, resendOwedConfirmations } from "./fulfilment.server";

export interface ReconcileOptions {
  now?: Date;
  /** Pending orders older than this are asked about and then cancelled (default ORDER_PENDING_EXPIRY_MINUTES). */
  pendingExpiryMinutes?: number;
  /** Pending orders older than this are checked with the gateway. */
  checkAfterMinutes?: number;
  batchSize?: number;
}

export interface ReconcileReport {
  fulfilled: number;
  confirmed: number;
  expired: number;
  errors: number;
  /** Confirmation emails that were owed (e.g. after a crash) and went out now. */
  emailsResent: number;
}

type Step = Omit<ReconcileReport, "emailsResent">;

/** Fulfils orders left paid-but-unfulfilled (a crash between payment and fulfilment). */
export async function fulfilPaidOrders(db: DbOrTx, opts: ReconcileOptions = {}): Promise<Step> {
  const report: Step = { fulfilled: 0, confirmed: 0, expired: 0, errors: 0 };
  const paid = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.status, "paid"))
    .limit(opts.batchSize ?? 200);
  for (const { id } of paid) {
    if (await fulfilOrder(db, id)) report.fulfilled++;
  }
  return report;
}

/**
 * Pending orders: asks the gateway about those older than `checkAfterMinutes` (a payment whose
 * redirect and webhook never reached us is confirmed) and cancels those past the expiry, giving
 * their coupon use back.
 */
export async function settlePendingOrders(db: DbOrTx, opts: ReconcileOptions = {}): Promise<Step> {
  const now = opts.now ?? new Date();
  const expiry = new Date(
    now.getTime() - (opts.pendingExpiryMinutes ?? getEnv().ORDER_PENDING_EXPIRY_MINUTES) * 60_000,
  );
  const checkBefore = new Date(now.getTime() - (opts.checkAfterMinutes ?? 5) * 60_000);
  const report: Step = { fulfilled: 0, confirmed: 0, expired: 0, errors: 0 };
  const pending = await db
    .select({
      id: orders.id,
      gateway: orders.gateway,
      gatewayOrderId: orders.gatewayOrderId,
      totalPaise: orders.totalPaise,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.createdAt, checkBefore)))
    .limit(opts.batchSize ?? 200);
  for (const order of pending) {
    try {
      const gateway = gatewayFor(order.gateway);
      if (gateway && order.gatewayOrderId) {
        const status = await gateway.fetchOrderStatus(order.gatewayOrderId);
        if (status.status === "paid") {
          const outcome = await confirmPayment(db, {
            orderId: order.id,
            gateway: order.gateway,
            paymentId: status.paymentId,
            amountPaise: status.amountPaise,
            source: "reconcile",
          });
          if (outcome.outcome === "fulfilled") report.confirmed++;
          continue;
        }
      }
      if (order.createdAt < expiry && (await closeUnpaidOrder(db, order.id, "cancelled"))) report.expired++;
    } catch (error) {
      report.errors++;
      log.warn(
        { orderId: order.id },
        `[reconcile] order ${order.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return report;
}

/** All three steps at once: `npm run orders:reconcile`. */
export async function reconcileOrders(db: DbOrTx, opts: ReconcileOptions = {}): Promise<ReconcileReport> {
  const now = opts.now ?? new Date();
  const paid = await fulfilPaidOrders(db, opts);
  const pending = await settlePendingOrders(db, { ...opts, now });
  return {
    fulfilled: paid.fulfilled,
    confirmed: pending.confirmed,
    expired: pending.expired,
    errors: paid.errors + pending.errors,
    emailsResent: await resendOwedConfirmations(db, now),
  };
}
