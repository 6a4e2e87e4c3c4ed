import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { logOut } from "~/features/accounts/accounts.server";
import type { Route } from "./+types/logout";

/** Logging out is a POST (a link or an image cannot log anyone out); a GET just goes home. */
export function loader(_: Route.LoaderArgs) {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const db = await getDb();
  const headers = await logOut(db, { request });
  return redirect("/", { headers });
}
