import { redirect } from "react-router";
import type { Route } from "./+types/outbox";

/** The email outbox lives on the admin inbox page (with the contact messages); this old address leads there. */
export async function loader(_: Route.LoaderArgs) {
  return redirect("/admin/inbox");
}
