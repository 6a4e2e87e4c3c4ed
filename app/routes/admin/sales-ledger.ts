import { dbContext, userContext } from "~/features/accounts/context.server";
import { salesLedgerStream } from "~/features/orders/sales.server";
import { attachment } from "~/lib/attachment.server";
import { istDateStamp } from "~/lib/dates";
import { recordEvent } from "~/platform/audit/audit.server";
import type { Route } from "./+types/sales-ledger";

/** The whole sales ledger as CSV, streamed from the database in batches (bounded memory at any size). */
export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  await recordEvent(db, {
    actorId: admin.id,
    type: "Export",
    description: "Sales ledger exported (CSV)",
    status: "Complete",
  });
  const date = istDateStamp(new Date()); // the day in India
  return attachment(salesLedgerStream(db), `sales-ledger-${date}.csv`, "text/csv; charset=utf-8");
}
