/**
 * Peak memory of the server while it streams the GSTR-1 zip of a month of N invoiced orders.
 *
 *   npx tsx bench/gstr1-export.ts [orders=100000]
 *
 * 1. fills a fresh embedded database with N invoiced orders in October 2026 across states, every
 *    other one an inter-state invoice above ₹1 lakh (so b2cl has N/2 rows), a tenth credited;
 * 2. starts the production server on it (owner from ADMIN_EMAIL/ADMIN_PASSWORD);
 * 3. signs in, downloads /admin/sales/gstr1.zip?period=2026-10 (counting bytes, keeping nothing),
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
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-bench-gstr1-"));
process.env.DATA_DIR = dataDir;

const t0 = Date.now();
const handle = await getDbHandle();
await migrateAndSeed(handle);
await handle.db.execute(sql`
  insert into users (id, name, email)
  select 'bench-' || g, 'Bench Student ' || g, 'bench' || g || '@example.com' from generate_series(1, 10000) g`);
// Odd orders: ₹1,00,000 to Karnataka (IGST, b2cl); even ones: ₹999 to Rajasthan (CGST + SGST) or Maharashtra.
await handle.db.execute(sql`
  insert into orders (number, user_id, status, subtotal_paise, gst_paise, cgst_paise, sgst_paise, igst_paise,
                      total_paise, place_of_supply, supplier_state_code, invoice_number, gateway, paid_at, created_at)
  select 'CA-B' || lpad(g::text, 7, '0'), 'bench-' || (1 + g % 10000), 'fulfilled',
         case when g % 2 = 1 then 10000000 else 99900 end,
         case when g % 2 = 1 then 1800000 else 17982 end,
         case when g % 4 = 0 then 8991 else 0 end,
         case when g % 4 = 0 then 8991 else 0 end,
         case when g % 2 = 1 then 1800000 when g % 4 = 2 then 17982 else 0 end,
         case when g % 2 = 1 then 11800000 else 117882 end,
         case when g % 2 = 1 then '29' when g % 4 = 0 then '08' else '27' end, '08',
         'CA/26-27/' || lpad(g::text, 6, '0'), 'test',
         '2026-10-01T00:00:00+05:30'::timestamptz + (g * 20 || ' seconds')::interval,
         '2026-10-01T00:00:00+05:30'::timestamptz + (g * 20 || ' seconds')::interval
  from generate_series(1, ${N}) g`);
await handle.db.execute(sql`
  insert into order_items (order_id, product_id, title, price_paise)
  select o.id, p.id, p.title, o.subtotal_paise from orders o cross join lateral (select id, title from products order by id limit 1) p`);
await handle.db.execute(sql`
  insert into credit_notes (number, order_id, invoice_number, issued_at, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
  select 'CN/26-27/' || lpad(row_number() over (order by o.invoice_number)::text, 6, '0'), o.id, o.invoice_number,
         o.paid_at + interval '1 hour', o.subtotal_paise, o.cgst_paise, o.sgst_paise, o.igst_paise, o.total_paise
  from orders o where substr(o.number, 5)::int % 10 = 0`);
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
  const res = await fetch(`${server.url}/admin/sales/gstr1.zip?period=2026-10`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`export failed: HTTP ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(timer);
  const seconds = (Date.now() - started) / 1000;
  const result = {
    orders: N,
    zipMiB: +(bytes / 1024 / 1024).toFixed(2),
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
