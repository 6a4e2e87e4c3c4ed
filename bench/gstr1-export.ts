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
import { sql } from "drizzle-orm";
import { measureExportMemory } from "./export-memory";

const N = Number(process.argv[2] ?? 100_000);

await measureExportMemory({
  name: "gstr1",
  orders: N,
  fill: async (db) => {
    // Odd orders: ₹1,00,000 to Karnataka (IGST, b2cl); even ones: ₹999 to Rajasthan (CGST + SGST) or Maharashtra.
    await db.execute(sql`
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
    await db.execute(sql`
      insert into order_items (order_id, product_id, title, price_paise)
      select o.id, p.id, p.title, o.subtotal_paise from orders o cross join lateral (select id, title from products order by id limit 1) p`);
    await db.execute(sql`
      insert into credit_notes (number, order_id, invoice_number, issued_at, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
      select 'CN/26-27/' || lpad(row_number() over (order by o.invoice_number)::text, 6, '0'), o.id, o.invoice_number,
             o.paid_at + interval '1 hour', o.subtotal_paise, o.cgst_paise, o.sgst_paise, o.igst_paise, o.total_paise
      from orders o where substr(o.number, 5)::int % 10 = 0`);
  },
  path: "/admin/sales/gstr1.zip?period=2026-10",
  describe: (bytes) => ({ zipMiB: +(bytes / 1024 / 1024).toFixed(2) }),
});
