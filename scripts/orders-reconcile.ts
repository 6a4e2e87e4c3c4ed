// `npm run orders:reconcile`: fulfils paid-but-unfulfilled orders, confirms pending orders the
// gateway reports paid and cancels stale pending ones. The server also runs this periodically.
import { closeDb } from "~/db/client.server";
import { reconcileOrders } from "~/features/orders/reconcile.server";

try {
  const report = await reconcileOrders();
  console.log(
    `Orders reconciled: ${report.fulfilled} fulfilled, ${report.confirmed} confirmed with the gateway, ${report.expired} expired, ${report.errors} errors.`,
  );
  if (report.errors > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
