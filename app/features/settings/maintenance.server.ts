/**
 * Maintenance mode (PRODUCT.md): while on, every public page answers 503 with
 * the maintenance page; admins see everything; /login (and the auth API it
 * posts to) stays open. Health checks and static files never reach here.
 */
import { data } from "react-router";
import type { DbOrTx } from "~/db/client.server";
import type { SessionUser } from "~/features/accounts/guards.server";
import { getSettings } from "./settings.server";

/** Paths that stay reachable during maintenance, for everyone. */
const OPEN_PATHS = [/^\/login(\/|$)/, /^\/api\/auth(\/|$)/, /^\/healthz$/, /^\/readyz$/, /^\/admin(\/|$)/];

export function isOpenDuringMaintenance(pathname: string) {
  const path = pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/";
  return OPEN_PATHS.some((re) => re.test(path));
}

/** Throws a 503 when the site is in maintenance and this visitor may not pass. */
export async function assertNotInMaintenance(db: DbOrTx, request: Request, user: Pick<SessionUser, "role"> | null) {
  if (user?.role === "admin") return;
  const { pathname } = new URL(request.url);
  if (isOpenDuringMaintenance(pathname)) return;
  const settings = await getSettings(db);
  if (!settings.maintenanceMode) return;
  throw data(
    { message: "Commerce Academy is down for maintenance. Please try again in a few minutes." },
    { status: 503, headers: { "Retry-After": "300", "Cache-Control": "no-store" } },
  );
}
