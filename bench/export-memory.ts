/**
 * The scaffolding of the export benchmarks (bench/ledger-export.ts, bench/gstr1-export.ts): a fresh
 * embedded database filled by the caller, the production server on it, the owner signed in, one
 * download streamed and counted (nothing kept) while the server's VmRSS is sampled from /proc every
 * 50 ms; VmHWM gives the peak.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { closeDb, type DbHandle, getDbHandle } from "~/db/client.server";
import { migrateAndSeed } from "~/db/migrate.server";
import { startServer } from "../tests/helpers/server";

export interface ExportRun {
  /** What the data directory is called, e.g. "ledger". */
  name: string;
  orders: number;
  /** Adds the orders (10,000 bench students exist already: ids bench-1 … bench-10000). */
  fill: (db: DbHandle["db"]) => Promise<void>;
  /** The download, e.g. /admin/sales/ledger.csv. */
  path: string;
  /** Figures of the downloaded bytes for the result, e.g. its rows. */
  describe: (bytes: number, newlines: number) => Record<string, number>;
}

export async function measureExportMemory(run: ExportRun) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ca-bench-${run.name}-`));
  process.env.DATA_DIR = dataDir;
  const t0 = Date.now();
  const handle = await getDbHandle();
  await migrateAndSeed(handle);
  await handle.db.execute(sql`
    insert into users (id, name, email)
    select 'bench-' || g, 'Bench Student ' || g, 'bench' || g || '@example.com' from generate_series(1, 10000) g`);
  await run.fill(handle.db);
  await closeDb();
  console.log(`data: ${run.orders} orders in ${dataDir} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  const owner = { email: "bench-owner@example.com", password: "bench-owner-password" };
  const server = await startServer({
    dataDir,
    env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, ORDERS_RECONCILE_INTERVAL_SECONDS: "86400" },
    timeoutMs: 180_000,
  });
  const pid = server.child.pid as number;
  const status = (field: string) => {
    const m = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:\\s+(\\d+) kB`));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  };
  try {
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      body: new URLSearchParams({ ...owner, redirectTo: "/" }),
      headers: { origin: server.url },
      redirect: "manual",
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const before = status("VmRSS");
    const hwmBefore = status("VmHWM");
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, status("VmRSS"));
    }, 50);
    const started = Date.now();
    const res = await fetch(`${server.url}${run.path}`, { headers: { cookie } });
    if (!res.ok || !res.body) throw new Error(`export failed: HTTP ${res.status}`);
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) newlines++;
    }
    clearInterval(timer);
    const result = {
      orders: run.orders,
      ...run.describe(bytes, newlines),
      seconds: +((Date.now() - started) / 1000).toFixed(1),
      rssBeforeMiB: +before.toFixed(0),
      peakRssDuringMiB: +peak.toFixed(0),
      vmHwmBeforeMiB: +hwmBefore.toFixed(0),
      vmHwmAfterMiB: +status("VmHWM").toFixed(0),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
