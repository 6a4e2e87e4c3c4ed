/**
 * Peak memory of the server while it streams the sales ledger of N orders.
 *
 *   npx tsx bench/ledger-export.ts [orders=100000]
 *
 * 1. fills a fresh embedded database with N paid orders (one item each);
 * 2. starts the production server on it (owner from ADMIN_EMAIL/ADMIN_PASSWORD);
 * 3. signs in, downloads /admin/sales/ledger.csv (counting rows, keeping nothing),
 *    and samples the server's VmRSS from /proc every 50 ms; VmHWM gives the peak.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { closeDb, getDbHandle } from "~/db/client.server";
import { migrateAndSeed } from "~/db/migrate.server";
import { startServer } from "../tests/helpers/server";

const N = Number(process.argv[2] ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-bench-ledger-"));
process.env.DATA_DIR = dataDir;

const t0 = Date.now();
const handle = await getDbHandle();
await migrateAndSeed(handle);
await handle.db.execute(sql`
  insert into users (id, name, email)
  select 'bench-' || g, 'Bench Student ' || g, 'bench' || g || '@example.com' from generate_series(1, 10000) g`);
await handle.db.execute(sql`
  insert into orders (number, user_id, status, subtotal_paise, gst_paise, total_paise, gateway, paid_at, created_at)
  select 'CA-B' || lpad(g::text, 7, '0'), 'bench-' || (1 + g % 10000), 'fulfilled', 99999, 18000, 117999, 'test',
         now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
  from generate_series(1, ${N}) g`);
await handle.db.execute(sql`
  insert into order_items (order_id, product_id, title, price_paise)
  select o.id, p.id, p.title, p.price_paise from orders o cross join lateral (select id, title, price_paise from products order by id limit 1) p`);
await closeDb();
console.log(`data: ${N} orders in ${dataDir} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

const owner = { email: "bench-owner@example.com", password: "bench-owner-password" };
const server = await startServer({
  dataDir,
  env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, ORDERS_RECONCILE_INTERVAL_SECONDS: "86400" },
  timeoutMs: 180_000,
});
const pid = server.child.pid!;
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
  const res = await fetch(`${server.url}/admin/sales/ledger.csv`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`export failed: HTTP ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  clearInterval(timer);
  const seconds = (Date.now() - started) / 1000;
  const result = {
    orders: N,
    csvRows: lines - 1,
    csvMiB: +(bytes / 1024 / 1024).toFixed(1),
    seconds: +seconds.toFixed(1),
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
