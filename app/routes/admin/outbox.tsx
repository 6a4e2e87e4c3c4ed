import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import type { Route } from "./+types/outbox";

/** The email outbox lives on the admin inbox page (with the contact messages); this old address leads there. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  await requireAdmin(db, request);
  return redirect("/admin/inbox");
}
