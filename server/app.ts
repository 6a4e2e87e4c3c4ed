/**
 * The application part of the HTTP server, built by Vite together with the
 * React Router app (so it shares the app's database module). `server.js`
 * mounts it behind static files, compression, headers and logging.
 */
import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { closeDb, getDbHandle } from "~/db/client.server";
import { listenForContentChanges, readContentVersion } from "~/db/content-version.server";
import { databaseAvailable, probeDatabase, UNAVAILABLE_HTML } from "~/db/health.server";
import { migrateAndSeed } from "~/db/migrate.server";
import { PageCache } from "./page-cache";

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
if (process.env.PAGE_CACHE !== "0") app.use(pageCache.middleware());

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
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

/** Opens the database, applies migrations and seeds a new install. */
export async function startup() {
  const handle = await getDbHandle();
  const result = await migrateAndSeed(handle);
  await followContentVersion();
  return { database: handle.kind, seeded: result.seeded };
}

export async function shutdown() {
  for (const stop of stopTasks.splice(0)) await stop();
  await closeDb();
}
