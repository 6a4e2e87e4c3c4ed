/**
 * The orders' background work as jobs on the queue (platform/jobs): fulfilling paid orders,
 * settling pending ones (gateway check, then expiry) and sending confirmation emails still owed.
 * Every instance sends each one every ORDERS_RECONCILE_INTERVAL_SECONDS, throttled to one job per
 * interval for the cluster; `stately` queues run at most one at a time and keep one queued.
 * A step that hit errors (the gateway was unreachable) throws, so the queue retries it with back-off.
 */
import type { Db } from "~/db/client.server";
import type { JobDefinition } from "~/platform/jobs/queue.server";
import { resendOwedConfirmations } from "./fulfilment.server";
import { fulfilPaidOrders, settlePendingOrders } from "./reconcile.server";

export const ORDER_JOBS = {
  fulfilPaid: "orders.fulfil-paid",
  settlePending: "orders.settle-pending",
  confirmationEmails: "orders.confirmation-emails",
} as const;

const queue = {
  policy: "stately",
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
} as const;

export function orderJobs(
  db: Db,
  intervalSeconds: number,
  log: (message: string, extra?: Record<string, unknown>) => void = () => {},
): JobDefinition[] {
  const every = intervalSeconds > 0 ? { seconds: intervalSeconds } : undefined;
  const pollingIntervalSeconds = Math.max(2, Math.min(60, intervalSeconds || 60));
  return [
    {
      name: ORDER_JOBS.fulfilPaid,
      queue,
      every,
      pollingIntervalSeconds,
      async run() {
        const report = await fulfilPaidOrders(db);
        if (report.fulfilled) log("paid orders fulfilled", report);
        return report;
      },
    },
    {
      name: ORDER_JOBS.settlePending,
      queue,
      every,
      pollingIntervalSeconds,
      async run() {
        const report = await settlePendingOrders(db);
        if (report.confirmed || report.expired || report.errors) log("pending orders settled", report);
        if (report.errors) throw new Error(`${report.errors} pending orders could not be checked with the gateway`);
        return report;
      },
    },
    {
      name: ORDER_JOBS.confirmationEmails,
      queue,
      every,
      pollingIntervalSeconds,
      async run() {
        const emailsResent = await resendOwedConfirmations(db);
        if (emailsResent) log("owed confirmation emails sent", { emailsResent });
        return { emailsResent };
      },
    },
  ];
}
