/** The whole question bank as CSV (layout: docs/practice-tests.md). */
import { dbContext } from "~/features/accounts/context.server";
import { exportQuestionsCsv } from "~/features/practice/csv.server";
import { istDateStamp } from "~/lib/dates";
import type { Route } from "./+types/practice-export";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const csv = await exportQuestionsCsv(db);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="questions-${istDateStamp(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
