/**
 * Maintenance mode: while it is on, every request of anyone but an admin answers 503 (documents
 * with the maintenance page, everything else with `{ message }`), so nothing is bought, paid,
 * signed up, sent or downloaded. server/app.ts enforces it in one middleware that every request to
 * the app passes, ahead of the page cache and React Router; server.js's page-cache fast path
 * serves nothing while it is on.
 *
 * Open to everyone during maintenance: the log-in page (so an admin can sign in) and Better Auth's
 * sign-in endpoint, the payment gateway's webhook (a payment made on Razorpay's page is not lost),
 * the health checks and React Router's route discovery. Static files are served before the app.
 *
 * The setting is kept in memory (`isMaintenanceOn`), so a request costs no query: it is read at
 * start-up and again whenever the shared content version changes (a settings save bumps it and
 * every instance hears of it, server/app.ts), and this instance sets it at once when an admin
 * saves the settings here.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { settings } from "~/db/schema";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { routePath } from "~/lib/route-path";

export const MAINTENANCE_MESSAGE = "Commerce Academy is down for maintenance. Please try again in a few minutes.";
/** Seconds a client is asked to wait (`Retry-After`). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/** Route paths (see routePath) open to everyone during maintenance. */
const OPEN_PATHS = [
  /^\/login$/, // the log-in page, its form and its `.data`
  /^\/api\/auth\/sign-in\/email$/, // Better Auth's own sign-in endpoint
  /^\/api\/payments\/razorpay\/webhook$/, // payments captured meanwhile are recorded and fulfilled
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/__manifest$/, // React Router's route discovery (the log-in page's links)
];

export function isOpenDuringMaintenance(pathname: string) {
  const path = routePath(pathname);
  return OPEN_PATHS.some((re) => re.test(path));
}

let maintenanceOn = false;

/** Whether maintenance mode is on, as this instance last read it (no query). */
export function isMaintenanceOn() {
  return maintenanceOn;
}

/** Remembers the setting (this instance's admin just saved it, or it was read from the database). */
export function rememberMaintenanceMode(on: boolean) {
  maintenanceOn = on;
}

/** Reads the setting from the database into memory. */
export async function refreshMaintenanceMode(db: DbOrTx) {
  const [row] = await db.select({ on: settings.maintenanceMode }).from(settings).where(eq(settings.id, 1));
  maintenanceOn = row?.on ?? false;
  return maintenanceOn;
}

/**
 * Whether this request must be refused: maintenance is on, the path is not open and the visitor is
 * not a signed-in admin (looked up only for a request carrying a cookie while maintenance is on).
 */
export async function refusedForMaintenance(db: Db, request: Request): Promise<boolean> {
  if (!maintenanceOn || isOpenDuringMaintenance(new URL(request.url).pathname)) return false;
  if (!request.headers.get("cookie")) return true;
  const user = await getOptionalUser(db, request);
  return user?.role !== "admin";
}

/** What a browser asking for a page sees (self-contained: no stylesheet or script is loaded). */
export const MAINTENANCE_HTML = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>We'll be right back | Commerce Academy</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a;text-align:center;padding:24px}h1{font-size:1.75rem;margin:0 0 12px}p{color:#475569;max-width:28rem;margin:0 auto 20px}a{color:#1c3fb3;font-weight:600}</style></head><body><main><h1>We'll be right back</h1><p>${MAINTENANCE_MESSAGE} Your courses, notes and orders are safe.</p><a href="/">Try again</a><p style="margin-top:32px;font-size:.875rem">Running the store? <a href="/login">Log in</a></p></main></body></html>`;
