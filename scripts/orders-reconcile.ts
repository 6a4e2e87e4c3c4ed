// `npm run orders:reconcile`: fulfils paid-but-unfulfilled orders, confirms pending orders the
// gateway reports paid and cancels stale pending ones. The server also runs this periodically.
import { closeDb, getDbHandle } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { reconcileOrders } from "~/features/orders/reconcile.server";
import { closePdfPool } from "~/lib/pdf-pool.server";

try {
  // Pending migrations first (a no-op on an up-to-date database), so the tables exist.
  const handle = await getDbHandle();
  await migrate(handle);
  const report = await reconcileOrders(handle.db);
  console.log(
    `Orders reconciled: ${report.fulfilled} fulfilled, ${report.confirmed} confirmed with the gateway, ${report.expired} expired, ${report.errors} errors.`,
  );
  if (report.errors > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  // Confirmation emails carry the invoice PDF, made on the PDF pool.
  await closePdfPool();
  await closeDb();
}
