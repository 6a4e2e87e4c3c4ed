import { data } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { NotFoundPage } from "~/features/site/not-found";
import type { Route } from "./+types/not-found";

/** Unknown /admin/* paths: the 404 page, but only for admins (everyone else is refused first). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  throw data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
