import { data } from "react-router";
import { NotFoundPage } from "~/ui/not-found";
import type { Route } from "./+types/not-found";

/** Unknown /admin/* paths: the 404 page, but only for admins (the layout's middleware refuses everyone else first). */
export async function loader(_: Route.LoaderArgs) {
  throw data(null, { status: 404 });
}

export async function action(_: Route.ActionArgs) {
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
