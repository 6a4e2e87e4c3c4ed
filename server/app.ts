/**
 * The application part of the HTTP server, built by Vite together with the
 * React Router app (so it shares the app's database module). `server.js`
 * mounts it behind static files, compression, headers and logging.
 */
import { createRequestHandler } from "@react-router/express";
import { sql } from "drizzle-orm";
import express from "express";
import "react-router";
import { closeDb, getDbHandle } from "~/db/client.server";
import { migrateAndSeed } from "~/db/migrate.server";
import { ensureAdminFromEnv } from "~/features/accounts/accounts.server";
import { CROSS_ORIGIN_MESSAGE, isCrossOriginMutation } from "~/features/accounts/origin.server";
import { getFileStorage } from "~/features/files/storage.server";
import { ensureSeedFiles } from "~/features/learning/sample-pdf.server";
import { startReconciler, stopReconciler } from "~/features/orders/reconcile.server";
import { describePaymentSetup } from "~/features/payments/gateway.server";
import { getEnv } from "~/lib/env.server";

export const app = express.Router();

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

app.get("/readyz", async (_req, res) => {
  res.set("Cache-Control", "no-store");
  try {
    const handle = await getDbHandle();
    await Promise.race([
      handle.db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error("database timeout")), 2000)),
    ]);
    res.json({ status: "ok", database: handle.kind });
  } catch {
    res.status(503).json({ status: "unavailable", database: "not answering" });
  }
});

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

/** Opens the database, applies migrations, seeds a new install and writes its sample PDFs. */
export async function startup() {
  // A half-configured Razorpay stops the start with a clear message (never a silent test mode).
  const payments = describePaymentSetup();
  if (payments.warning) console.warn(JSON.stringify({ level: 40, msg: payments.warning }));
  const handle = await getDbHandle();
  const result = await migrateAndSeed(handle);
  // ADMIN_EMAIL/ADMIN_PASSWORD: create the owner on the first start (when no admin exists yet).
  const owner = await ensureAdminFromEnv();
  const sampleFiles = await ensureSeedFiles(handle.db, getFileStorage());
  // Settles paid-but-unfulfilled orders and expires stale pending ones (every instance may run it: it is idempotent).
  const setting = process.env.ORDERS_RECONCILE_INTERVAL_SECONDS?.trim();
  const seconds = setting ? Number(setting) : 300;
  startReconciler(Number.isFinite(seconds) ? seconds * 1000 : 300_000, (message, report) =>
    console.warn(JSON.stringify({ msg: message, ...report })),
  );
  return {
    database: handle.kind,
    seeded: result.seeded,
    ownerCreated: Boolean(owner),
    sampleFiles,
    payments: payments.gateway,
  };
}

export async function shutdown() {
  stopReconciler();
  await closeDb();
}
