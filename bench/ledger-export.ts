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
import { sql } from "drizzle-orm";
import { measureExportMemory } from "./export-memory";

const N = Number(process.argv[2] ?? 100_000);

await measureExportMemory({
  name: "ledger",
  orders: N,
  fill: async (db) => {
    await db.execute(sql`
      insert into orders (number, user_id, status, subtotal_paise, gst_paise, total_paise, gateway, paid_at, created_at)
      select 'CA-B' || lpad(g::text, 7, '0'), 'bench-' || (1 + g % 10000), 'fulfilled', 99999, 18000, 117999, 'test',
             now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from generate_series(1, ${N}) g`);
    await db.execute(sql`
      insert into order_items (order_id, product_id, title, price_paise)
      select o.id, p.id, p.title, p.price_paise from orders o cross join lateral (select id, title, price_paise from products order by id limit 1) p`);
  },
  path: "/admin/sales/ledger.csv",
  describe: (bytes, newlines) => ({ csvRows: newlines - 1, csvMiB: +(bytes / 1024 / 1024).toFixed(1) }),
});
