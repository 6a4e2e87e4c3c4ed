import { data } from "react-router";
import { z } from "zod";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { listNotifications, markAllNotificationsRead } from "~/features/admin/notifications.server";
import { formFailure, readForm } from "~/lib/form.server";
import type { Route } from "./+types/notifications";

/** The notifications dropdown's data (fetched by the top bar). */
export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const list = await listNotifications(db, admin.id);
  return data(list, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const parsed = z.object({ intent: z.literal("mark-all-read") }).safeParse(await readForm(request));
  if (!parsed.success) return formFailure({ formError: "Unknown action." });
  await markAllNotificationsRead(db, admin.id);
  return { ok: true };
}
