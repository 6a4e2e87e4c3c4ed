import { data } from "react-router";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { listNotifications, markAllNotificationsRead } from "~/features/admin/notifications.server";
import { formFailure, readForm } from "~/lib/form.server";
import type { Route } from "./+types/notifications";

/** The notifications dropdown's data (fetched by the top bar). */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const list = await listNotifications(await getDb(), admin.id);
  return data(list, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = z.object({ intent: z.literal("mark-all-read") }).safeParse(await readForm(request));
  if (!parsed.success) return formFailure({ formError: "Unknown action." });
  await markAllNotificationsRead(await getDb(), admin.id);
  return { ok: true };
}
