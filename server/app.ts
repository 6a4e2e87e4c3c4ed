/**
 * The application part of the HTTP server, built by Vite together with the
 * React Router app (so it shares the app's database module). `server.js`
 * mounts it behind static files, compression, headers and logging.
 */
import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { closeDb, getDbHandle } from "~/db/client.server";
import { databaseAvailable, probeDatabase, UNAVAILABLE_HTML } from "~/db/health.server";
import { migrateAndSeed } from "~/db/migrate.server";

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

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);

/** Opens the database, applies migrations and seeds a new install. */
export async function startup() {
  const handle = await getDbHandle();
  const result = await migrateAndSeed(handle);
  return { database: handle.kind, seeded: result.seeded };
}

export async function shutdown() {
  await closeDb();
}
