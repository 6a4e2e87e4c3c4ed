/** The whole question bank as CSV (layout: docs/practice-tests.md). */
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { exportQuestionsCsv } from "~/features/practice/csv.server";
import { istDateStamp } from "~/lib/dates";
import type { Route } from "./+types/practice-export";

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  await requireAdmin(db, request);
  const csv = await exportQuestionsCsv(db);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="questions-${istDateStamp(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
