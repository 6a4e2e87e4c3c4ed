import { dbContext } from "~/features/accounts/context.server";
import { analyticsPdf } from "~/features/analytics/reports.server";
import { attachment } from "~/lib/attachment.server";
import { istDateStamp } from "~/lib/dates";
import { asResponse } from "~/lib/errors";
import type { Route } from "./+types/sales-analytics";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const pdf = await analyticsPdf(db).catch((error) => {
    throw asResponse(error);
  });
  const date = istDateStamp(new Date()); // the day in India
  return attachment(new Uint8Array(pdf), `sales-analytics-${date}.pdf`, "application/pdf");
}
