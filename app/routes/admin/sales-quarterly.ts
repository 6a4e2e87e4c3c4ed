import { z } from "zod";
import { dbContext } from "~/features/accounts/context.server";
import { quarterReportPdf } from "~/features/analytics/reports.server";
import { attachment } from "~/lib/attachment.server";
import { asResponse, invariantResponse } from "~/lib/errors";
import type { Route } from "./+types/sales-quarterly";

const quarterSchema = z
  .string()
  .regex(/^(\d{4})-Q([1-4])$/)
  .transform((v) => ({ fyStartYear: Number(v.slice(0, 4)), quarter: Number(v.slice(6)) as 1 | 2 | 3 | 4 }))
  .refine((v) => v.fyStartYear >= 2000 && v.fyStartYear <= 2100);

/** ?quarter=2025-Q3 → the report for Q3 of FY 2025–26 (October–December 2025). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const parsed = quarterSchema.safeParse(new URL(request.url).searchParams.get("quarter"));
  invariantResponse(parsed.success, "Choose a quarter such as 2025-Q3.");
  const { fyStartYear, quarter } = parsed.data;
  const pdf = await quarterReportPdf(db, fyStartYear, quarter).catch((error) => {
    throw asResponse(error);
  });
  return attachment(new Uint8Array(pdf), `quarterly-report-FY${fyStartYear}-Q${quarter}.pdf`, "application/pdf");
}
