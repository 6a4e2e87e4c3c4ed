/**
 * The application part of the HTTP server, built by Vite together with the
 * React Router app (so it shares the app's database module). `server.js`
 * mounts it behind static files, compression, headers and logging.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { closeDb, getDbHandle } from "~/db/client.server";
import { listenForContentChanges, readContentVersion } from "~/db/content-version.server";
import { databaseAvailable, isDatabaseSuspect, probeDatabase, UNAVAILABLE_HTML } from "~/db/health.server";
import { migrateAndSeed } from "~/db/migrate.server";
import { ensureAdminFromEnv } from "~/features/accounts/accounts.server";
import { CROSS_ORIGIN_MESSAGE, isCrossOriginMutation } from "~/features/accounts/origin.server";
import { getFileStorage } from "~/features/files/storage.server";
import { ensureSeedFiles } from "~/features/learning/seed-files.server";
import { startReconciler, stopReconciler } from "~/features/orders/reconcile.server";
import { describePaymentSetup } from "~/features/payments/gateway.server";
import { getEnv } from "~/lib/env.server";
import { closePdfPool } from "~/lib/pdf-pool.server";
import { PageCache } from "./page-cache";

/** server.js reads its settings (PORT, HOST, LOG_LEVEL, TRUST_PROXY) here too: one parsed configuration. */
export { EnvError, getEnv } from "~/lib/env.server";

export const app = express.Router();

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

export const pageCache = new PageCache();
const pageCacheMiddleware = pageCache.middleware();
// PAGE_CACHE is read per request (not when this module loads), so that a bad value is reported by
// server.js as a configuration error rather than as a failed import.
app.use((req, res, next) => (getEnv().PAGE_CACHE ? pageCacheMiddleware(req, res, next) : next()));

/**
 * server.js calls this first for every request: a page-cache hit is answered at once, before
 * the security-header, compression, logging and routing middleware (its stored headers already
 * carry what those set). Never while the database is suspect: then the outage page answers.
 */
export function serveFromPageCache(req: IncomingMessage, res: ServerResponse): boolean {
  return getEnv().PAGE_CACHE && !isDatabaseSuspect() && pageCache.serveHit(req, res);
}

// State-changing requests from another site are refused before any action runs.
app.use((req, res, next) => {
  const own = new URL(getEnv().APP_URL).origin;
  const allowed = [own, `${req.protocol}://${req.get("host")}`];
  const origin = req.get("origin");
  if (isCrossOriginMutation(req.method, { origin, secFetchSite: req.get("sec-fetch-site") }, allowed)) {
    res.status(403).set("Cache-Control", "no-store").type("text/plain").send(CROSS_ORIGIN_MESSAGE);
    return;
  }
  next();
});

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    // The socket address (or X-Forwarded-For when TRUST_PROXY=1) for per-IP rate limits.
    getLoadContext: (req) => ({ clientIp: req.ip }),
  }),
);

const stopTasks: (() => Promise<void> | void)[] = [];

/** Keeps the page cache in step with the shared content version (NOTIFY, with a poll as the fallback). */
async function followContentVersion() {
  const handle = await getDbHandle();
  const refresh = async () => {
    try {
      pageCache.setVersion(await readContentVersion(handle));
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
  if (payments.warning) console.warn(JSON.stringify({ level: 40, msg: payments.warning }));
  const handle = await getDbHandle();
  const result = await migrateAndSeed(handle);
  await followContentVersion();
  // ADMIN_EMAIL/ADMIN_PASSWORD: create the owner on the first start (when no admin exists yet).
  const owner = await ensureAdminFromEnv(handle.db);
  // Settles paid-but-unfulfilled orders and expires stale pending ones (every instance may run it: it is idempotent).
  startReconciler(handle.db, env.ORDERS_RECONCILE_INTERVAL_SECONDS * 1000, (message, report) =>
    console.warn(JSON.stringify({ msg: message, ...report })),
  );
  const sampleFiles = await ensureSeedFiles(handle.db, getFileStorage());
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
  stopReconciler();
  await closePdfPool(); // a PDF job started while requests drained
  await closeDb();
}
