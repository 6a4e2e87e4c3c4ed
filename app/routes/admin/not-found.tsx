import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { NotFoundPage } from "~/ui/not-found";
import type { Route } from "./+types/not-found";

/** Unknown /admin/* paths: the 404 page, but only for admins (everyone else is refused first). */
export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  await requireAdmin(db, request);
  throw data(null, { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  const db = await getDb();
  await requireAdmin(db, request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
