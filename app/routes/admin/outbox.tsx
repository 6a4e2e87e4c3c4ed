import { redirect } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import type { Route } from "./+types/outbox";

/** The email outbox lives on the admin inbox page (with the contact messages); this old address leads there. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return redirect("/admin/inbox");
}
