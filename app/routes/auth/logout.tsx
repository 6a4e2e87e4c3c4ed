import { redirect } from "react-router";
import { logOut } from "~/features/accounts/accounts.server";
import { dbContext } from "~/features/accounts/context.server";
import type { Route } from "./+types/logout";

/** Logging out is a POST (a link or an image cannot log anyone out); a GET just goes home. */
export function loader(_: Route.LoaderArgs) {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const headers = await logOut(db, { request });
  return redirect("/", { headers });
}
