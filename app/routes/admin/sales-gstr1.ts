import { dbContext, userContext } from "~/features/accounts/context.server";
import { gstr1Zip } from "~/features/gst/gstr1.server";
import { gstr1PeriodSchema } from "~/features/gst/schema";
import { getSettings } from "~/features/settings/settings.server";
import { attachment } from "~/lib/attachment.server";
import { asResponse, invariantResponse } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";
import type { Route } from "./+types/sales-gstr1";

/** GET /admin/sales/gstr1.zip?period=2026-10 (or 2026-Q3): the GSTR-1 CSVs of a month or quarter, streamed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const parsed = gstr1PeriodSchema.safeParse(new URL(request.url).searchParams.get("period") ?? undefined);
  invariantResponse(parsed.success, parsed.error?.issues[0]?.message ?? "Choose a month.", 400);
  const { key, start, end } = parsed.data;
  const settings = await getSettings(db);
  let zip: ReadableStream<Uint8Array>;
  try {
    zip = await gstr1Zip(db, { start, end, label: key });
  } catch (error) {
    throw asResponse(error);
  }
  await recordEvent(db, {
    actorId: admin.id,
    type: "Export",
    description: `GSTR-1 data exported for ${key}`,
    status: "Complete",
  });
  return attachment(zip, `gstr1-${settings.sellerGstin}-${key}.zip`, "application/zip");
}
