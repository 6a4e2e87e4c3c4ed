/**
 * The application part of the HTTP server, built by Vite together with the
 * React Router app (so it shares the app's database module). `server.js`
 * mounts it behind static files, compression, headers and logging.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { closeDb, getDbHandle } from "~/db/client.server";
import { listenForContentChanges, readContentVersion } from "~/db/content-version.server";
import { databaseAvailable, isDatabaseSuspect, probeDatabase, UNAVAILABLE_HTML } from "~/db/health.server";
import { migrateAndSeed } from "~/db/migrate.server";
import { countQueriesOf } from "~/db/query-count.server";
import { ensureAdminFromEnv } from "~/features/accounts/accounts.server";
import { SESSION_COOKIE_NAMES } from "~/features/accounts/auth.server";
import { createRequestContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { CROSS_ORIGIN_MESSAGE, isCrossOriginMutation } from "~/features/accounts/origin.server";
import { SIGNED_IN_HINT_COOKIE } from "~/features/accounts/personal";
import { backupJobs, configuredBackupSchedule, lastBackup } from "~/features/admin/backups.server";
import { ensureSeedFiles } from "~/features/learning/seed-files.server";
import { announcementJobs } from "~/features/marketing/announcements.server";
import { orderJobs } from "~/features/orders/jobs.server";
import { invoiceSigning, invoiceSigningStatus } from "~/features/orders/signing.server";
import {
  isMaintenanceOn,
  MAINTENANCE_HTML,
  MAINTENANCE_MESSAGE,
  MAINTENANCE_RETRY_AFTER_SECONDS,
  refusedForMaintenance,
} from "~/features/settings/maintenance.server";
import { refreshStoreSettings } from "~/features/settings/settings.server";
import { personalAnswer } from "~/features/site/personal.server";
import { ensureSampleVideo, samplePrefixesInUse } from "~/features/video/sample.server";
import { videoJobs } from "~/features/video/video.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { mayReadMetrics, metricsText, observeRequest, registerReader, registry } from "~/lib/metrics.server";
import { closePdfPool, releaseIdlePdfPool } from "~/lib/pdf-pool.server";
import { isSharedPagePath, PAGE_QUERY_PARAMS, PRIVATE_CACHE_CONTROL, routePath } from "~/lib/route-path";
import { getFileStorage } from "~/platform/files/storage.server";
import { describePaymentSetup } from "~/platform/gateway/gateway.server";
import { type JobQueue, startJobQueue } from "~/platform/jobs/queue.server";
import { PageCache } from "./page-cache";
import { discardUnreadBodyAfterAnswer } from "./request-body";
import { isStaticRequest } from "./request-log.js";

/** server.js reads its settings (PORT, HOST, LOG_LEVEL, TRUST_PROXY) here too: one parsed configuration. */
export { EnvError, getEnv } from "~/lib/env.server";

export const app = express.Router();

/**
 * The methods the app answers. Anything else (TRACE, PROPFIND, made-up verbs) is a 405 here, before
 * a route sees it: the Fetch API the router builds requests with refuses some of them (TRACE) with
 * an exception.
 */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
app.use((req, res, next) => {
  if (METHODS.includes(req.method)) return next();
  res
    .status(405)
    .set({ Allow: METHODS.join(", "), "Cache-Control": "no-store" })
    .type("text/plain");
  res.send("Method not allowed.");
});

// A form refused at its limit is answered before its body is all read: the rest is discarded after
// the answer, so the connection serves the next request (server/request-body.ts).
app.use((req, res, next) => {
  discardUnreadBodyAfterAnswer(req, res);
  next();
});

// Answers made for one person are private (`Cache-Control: private, no-store`, `Vary: Cookie`): React
// Router middleware says so, on the layouts of app/routes.ts and on the root for any request with a
// cookie (app/lib/private-cache.server.ts). The answers made here (405, 503, 403) are `no-store`.

// Development (or LOG_QUERY_COUNTS=1): the number of queries each request made, in the request log.
app.use((req, res, next) => {
  if (!getEnv().LOG_QUERY_COUNTS) return next();
  const counter = countQueriesOf(() => next());
  res.on("finish", () => {
    const log = (req as { log?: { info(obj: object, msg: string): void } }).log;
    log?.info({ queries: counter.queries }, `${req.method} ${req.originalUrl}: ${counter.queries} queries`);
  });
});

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

app.get("/readyz", async (_req, res) => {
  res.set("Cache-Control", "no-store");
  if (await probeDatabase(2000)) {
    res.json({ status: "ok", database: (await getDbHandle()).kind });
  } else {
    res.status(503).json({ status: "unavailable", database: "not answering" });
  }
});

/**
 * Prometheus metrics (app/lib/metrics.server.ts): to loopback, or with `Authorization: Bearer
 * <METRICS_TOKEN>`; anyone else gets a 403. Before the database checks: an outage is when they matter.
 */
app.get("/metrics", async (req, res) => {
  res.set("Cache-Control", "no-store");
  if (!mayReadMetrics(req, getEnv().METRICS_TOKEN)) {
    res
      .status(403)
      .type("text/plain")
      .send("The metrics are served to loopback, or with the metrics token (METRICS_TOKEN).");
    return;
  }
  try {
    res.type(registry.contentType).send(await metricsText());
  } catch {
    res.status(503).set("Retry-After", "5").type("text/plain").send("The metrics could not be collected. Try again.");
  }
});

// During a database outage answer a friendly 503 at once instead of failing
// deep inside a loader; recovery is detected by a probe, no restart needed.
app.use(async (req, res, next) => {
  if (await databaseAvailable()) return next();
  res.status(503).set({ "Retry-After": "10", "Cache-Control": "no-store" });
  if (req.accepts(["html", "json"]) === "json" || req.path.endsWith(".data")) {
    res.json({ message: "The service is briefly unavailable. Please try again in a minute." });
  } else {
    res.type("html").send(UNAVAILABLE_HTML);
  }
});

/**
 * Maintenance mode (app/features/settings/maintenance.server.ts): every request that gets this far
 * (everything but static files and the health checks above) passes here, before the page cache and
 * React Router. While it is on, anyone but a signed-in admin gets a 503 except on the few open paths.
 * Costs nothing while it is off (the setting is in memory).
 */
app.use(async (req, res, next) => {
  if (!isMaintenanceOn()) return next();
  try {
    const { db } = await getDbHandle();
    const request = fetchRequestOf(req);
    if (!(await refusedForMaintenance(request, () => getOptionalUser(db, request)))) return next();
  } catch (error) {
    return next(error);
  }
  res.status(503).set({ "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  const wantsPage =
    (req.method === "GET" || req.method === "HEAD") &&
    !req.path.endsWith(".data") &&
    !req.path.toLowerCase().startsWith("/api/") &&
    /text\/html/.test(req.get("accept") ?? "");
  if (wantsPage) res.type("html").send(MAINTENANCE_HTML);
  else res.json({ message: MAINTENANCE_MESSAGE });
});

/** The URL and headers of an Express request as a fetch Request (no body), for session look-ups. */
function fetchRequestOf(req: express.Request): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`), { headers });
}

/**
 * A signed-in visitor's catalog page may be the shared one (app/features/accounts/personal.ts):
 * documents of the shared pages, for a request whose cookies are the session's and the hint only
 * (a flash message, or any cookie we do not know, gets its own render).
 */
const SHARED_COOKIES = new Set([SIGNED_IN_HINT_COOKIE, ...SESSION_COOKIE_NAMES]);
function sharedWithSignedIn(req: IncomingMessage): boolean {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  if (!isSharedPagePath(q === -1 ? url : url.slice(0, q))) return false;
  if (req.headers.authorization) return false;
  let hint = false;
  let session = false;
  for (const pair of (req.headers.cookie ?? "").split(";")) {
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq === -1 ? undefined : eq).trim();
    const value = eq === -1 ? "" : pair.slice(eq + 1).trim();
    if (!SHARED_COOKIES.has(name)) return false;
    if (name === SIGNED_IN_HINT_COOKIE) hint = value === "1";
    else if (name.endsWith(".session_token")) session = value !== "";
  }
  return hint && session;
}

export const pageCache = new PageCache({ sharedWith: sharedWithSignedIn, queryParams: PAGE_QUERY_PARAMS });
const pageCacheMiddleware = pageCache.middleware();
// PAGE_CACHE is read per request (not when this module loads), so that a bad value is reported by
// server.js as a configuration error rather than as a failed import.
app.use((req, res, next) => (getEnv().PAGE_CACHE ? pageCacheMiddleware(req, res, next) : next()));

/**
 * server.js calls this first for every request: a page-cache hit is answered at once, before
 * the security-header, compression, logging and routing middleware (its stored headers already
 * carry what those set). Never while the database is suspect (the outage page answers) nor in
 * maintenance mode (the maintenance middleware answers).
 */
export function serveFromPageCache(req: IncomingMessage, res: ServerResponse): boolean {
  return getEnv().PAGE_CACHE && !isDatabaseSuspect() && !isMaintenanceOn() && pageCache.serveHit(req, res);
}

// State-changing requests from another site are refused before any action runs.
app.use((req, res, next) => {
  const allowed = [...getEnv().APP_ORIGINS, `${req.protocol}://${req.get("host")}`];
  const origin = req.get("origin");
  if (isCrossOriginMutation(req.method, { origin, secFetchSite: req.get("sec-fetch-site") }, allowed)) {
    res.status(403).set("Cache-Control", "no-store").type("text/plain").send(CROSS_ORIGIN_MESSAGE);
    return;
  }
  next();
});

/**
 * GET /api/me (app/features/site/personal.server.ts): asked by every signed-in view of a shared page,
 * so answered here rather than through React Router, whose request handling cost more than the
 * answer itself (bench/RESULTS.md). Private like every answer made for one person.
 */
app.get("/api/me", async (req, res, next) => {
  try {
    const { db } = await getDbHandle();
    const { body, cookies } = await personalAnswer(db, fetchRequestOf(req));
    res.set({ "Cache-Control": PRIVATE_CACHE_CONTROL, Vary: "Cookie" });
    for (const cookie of cookies) res.append("Set-Cookie", cookie);
    res.json(body);
  } catch (error) {
    next(error);
  }
});

// React Router derives its route tables (data routes, ranked branches, a compiled pattern per route)
// from the build once when it is given the build itself, but again on every request when it is
// given a function: that cost ~15 % of a rendered page's CPU. Only development needs the function
// (a fresh build after each edit).
const serverBuild = import.meta.env.DEV
  ? () => import("virtual:react-router/server-build")
  : await import("virtual:react-router/server-build");

/** A route of the build as React Router's matchRoutes takes it, for the metrics' route label. */
type LabelRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: LabelRoute[] };
function labelRoutes(routes: ServerBuild["routes"]): RouteObject[] {
  const byParent = new Map<string | undefined, LabelRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive };
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), node]);
  }
  const attach = (list: LabelRoute[]): LabelRoute[] =>
    list.map((node) => {
      const children = attach(byParent.get(node.id) ?? []);
      return children.length > 0 ? { ...node, children } : node;
    });
  return attach(byParent.get(undefined) ?? []) as RouteObject[];
}
let routeTree: RouteObject[] | undefined;
const OWN_PATHS = new Set(["/healthz", "/readyz", "/metrics", "/api/me"]);
const labels = new Map<string, string>();

/**
 * The route pattern a path is answered by (`/courses/:id`, `/*` for the 404 page, `static` for
 * files), never the raw path: the metrics' label. Remembered per path (at most 5,000).
 */
export function routeLabel(url: string): string {
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  const known = labels.get(pathname);
  if (known) return known;
  let label: string;
  if (isStaticRequest({ url: pathname })) label = "static";
  else if (OWN_PATHS.has(pathname)) label = pathname;
  else if (!routeTree) label = "unmatched";
  else {
    const matches = matchRoutes(routeTree, routePath(pathname)) ?? [];
    const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
    label = matches.length === 0 ? "unmatched" : `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
  }
  if (labels.size >= 5000) labels.clear();
  labels.set(pathname, label);
  return label;
}

/** server.js calls this first for every request: its route, method, status and time go to the metrics. */
export function observeHttp(req: IncomingMessage, res: ServerResponse) {
  const started = performance.now();
  const url = req.url ?? "/";
  res.once("finish", () => {
    observeRequest(routeLabel(url), req.method ?? "GET", res.statusCode, (performance.now() - started) / 1000);
  });
}

app.use(
  createRequestHandler({
    build: serverBuild,
    // React Router's context of the request (app/features/accounts/context.server.ts): the database,
    // the socket address (or X-Forwarded-For when TRUST_PROXY=1) for per-IP rate limits, and the
    // user, looked up only when something asks.
    getLoadContext: async (req) => createRequestContext({ db: (await getDbHandle()).db, clientIp: req.ip }),
  }),
);

const stopTasks: (() => Promise<void> | void)[] = [];
let jobQueue: JobQueue | undefined;
let jobQueueStarting: Promise<void> | undefined;

/**
 * Keeps the page cache and the in-memory store settings (WhatsApp number, maintenance mode) in
 * step with the shared content version (NOTIFY, with a poll as the fallback): a settings save bumps it in every instance.
 */
async function followContentVersion() {
  const handle = await getDbHandle();
  let settingsOf: string | undefined;
  const refresh = async () => {
    try {
      const version = await readContentVersion(handle);
      if (version !== settingsOf) {
        await refreshStoreSettings(handle.db);
        settingsOf = version;
      }
      pageCache.setVersion(version);
    } catch {
      pageCache.clear(); // database unreachable: serve nothing stale
    }
  };
  await refresh();
  const unlisten = await listenForContentChanges(handle, () => {
    void refresh();
  });
  const poll = setInterval(refresh, 5000);
  poll.unref();
  stopTasks.push(unlisten, () => clearInterval(poll));
}

/** Opens the database, applies migrations, seeds a new install and writes its sample PDFs. */
export async function startup() {
  // A bad setting (e.g. half a Razorpay key pair: never a silent test mode) stops the start here at the latest.
  const env = getEnv();
  const payments = describePaymentSetup(env);
  if (payments.warning) log.warn(payments.warning);
  // The certificate that signs invoices: a missing file or a wrong password stops the start (EnvError).
  invoiceSigning();
  const signing = invoiceSigningStatus();
  if (signing.state === "expired" || signing.state === "not-yet-valid") {
    const msg = `INVOICE_SIGNING_P12_FILE: the certificate is ${signing.state === "expired" ? "expired" : "not valid yet"}; invoices and credit notes go out unsigned`;
    log.warn(msg);
  }
  const handle = await getDbHandle();
  if (handle.poolStats) registerReader("dbPool", handle.poolStats);
  registerReader("lastBackup", async () => {
    const last = await lastBackup(handle.db);
    return last ? Date.parse(last.at) / 1000 : undefined;
  });
  routeTree = labelRoutes(
    (typeof serverBuild === "function" ? await serverBuild() : serverBuild).routes as ServerBuild["routes"],
  );
  const result = await migrateAndSeed(handle);
  await followContentVersion();
  // ADMIN_EMAIL/ADMIN_PASSWORD: create the owner on the first start (when no admin exists yet).
  const owner = await ensureAdminFromEnv(handle.db);
  // Background work on the job queue (docs/decisions/0014-job-queue.md): settles paid-but-unfulfilled
  // and stale pending orders and sends owed confirmation emails, on whichever instance is free.
  const warn = (message: string, extra?: Record<string, unknown>) => log.warn({ ...extra }, message);
  // Transcodes uploaded lesson videos (features/video).
  // Started beside the rest of start-up (several cluster workers would otherwise queue up behind
  // pg-boss's schema lock before listening); an upload meanwhile answers 503 "try again in a moment".
  jobQueueStarting = startJobQueue(
    handle,
    [
      ...orderJobs(handle.db, env.ORDERS_RECONCILE_INTERVAL_SECONDS, warn),
      ...videoJobs(handle.db, getFileStorage()),
      ...backupJobs(handle, configuredBackupSchedule(getFileStorage())),
      // Announcement emails (features/marketing): sent by the admin's action, swept every 5 minutes.
      ...announcementJobs(handle.db),
    ],
    // RUN_JOBS=0: a web-only instance sends jobs for the others to run (docs/deploy.md).
    { log: warn, work: env.RUN_JOBS },
  ).then(
    (queue) => {
      jobQueue = queue;
    },
    (error) => warn(`the job queue did not start: ${error instanceof Error ? error.message : String(error)}`),
  );

  const sampleFiles = await ensureSeedFiles(handle.db, getFileStorage());
  if (sampleFiles > 0) await releaseIdlePdfPool();
  // The seeded lessons' sample lecture (made once with ffmpeg into a cache, then copied); a
  // missing ffmpeg only costs the sample, not the start.
  const only = await samplePrefixesInUse(handle.db);
  await ensureSampleVideo(getFileStorage(), { log: warn, only }).catch((error) =>
    warn(`the sample lecture could not be made: ${error instanceof Error ? error.message : String(error)}`),
  );
  return {
    database: handle.kind,
    seeded: result.seeded,
    ownerCreated: Boolean(owner),
    payments: payments.gateway,
    sampleFiles,
  };
}

/**
 * The first step of a shutdown, while requests drain (server.js): PDF jobs still running are
 * cancelled, so their requests answer 503 at once instead of holding the drain up.
 */
export async function stopPdfJobs() {
  await closePdfPool();
}

export async function shutdown() {
  for (const stop of stopTasks.splice(0)) await stop();
  // Running jobs are asked to stop; what still runs after 3 s is failed and retried by another start.
  await jobQueueStarting;
  await jobQueue?.stop();
  jobQueue = undefined;
  await closePdfPool(); // a PDF job started while requests drained
  await closeDb();
}
