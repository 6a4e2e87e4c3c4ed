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
import type { DbOrTx } from "~/db/client.server";
import { settings } from "~/db/schema";
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
 * not a signed-in admin. `signedInUser` looks the visitor up (server/app.ts passes accounts'
 * getOptionalUser, so settings does not import accounts' guards); it is called only for a request
 * carrying a cookie while maintenance is on.
 */
export async function refusedForMaintenance(
  request: Request,
  signedInUser: () => Promise<{ role: string } | null>,
): Promise<boolean> {
  if (!maintenanceOn || isOpenDuringMaintenance(new URL(request.url).pathname)) return false;
  if (!request.headers.get("cookie")) return true;
  const user = await signedInUser();
  return user?.role !== "admin";
}

/** The brand's logo (public/favicon.svg), inline so the page needs no other request. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="40" height="40" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#2452e0"/><path d="M14 26 32 17l18 9-18 9z" fill="#fff"/><path d="M21 31v9c0 3 5 6 11 6s11-3 11-6v-9l-11 5z" fill="#f59e0b"/></svg>`;

/**
 * What a browser asking for a page sees: the brand, a friendly message and the one way that leads
 * somewhere during maintenance, the log-in page. No link back to the store: every store page
 * answers this same page until maintenance ends (a test checks that each link is open meanwhile).
 * Self-contained: no stylesheet, image or script is loaded.
 */
export const MAINTENANCE_HTML = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>We'll be right back | Commerce Academy</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a;text-align:center;padding:24px;box-sizing:border-box}main{max-width:28rem}.brand{display:inline-flex;align-items:center;gap:10px;font-size:1.25rem;font-weight:700;margin:0 0 28px}h1{font-size:1.75rem;margin:0 0 12px}p{color:#475569;margin:0 auto 16px;line-height:1.5}a{color:#1c3fb3;font-weight:600}.small{margin-top:32px;font-size:.875rem}</style></head><body><main><p class="brand">${LOGO_SVG}<span>Commerce Academy</span></p><h1>We'll be right back</h1><p>${MAINTENANCE_MESSAGE}</p><p>We are making a few improvements to the store. Your courses, notes and orders are safe, and everything will be where you left it.</p><p class="small">Running the store? <a href="/login">Log in</a></p></main></body></html>`;
