/**
 * `npm run bench:data -- [products] [users] [orders]`: fills a PostgreSQL database
 * (DATABASE_URL, migrated and seeded by this script) with a realistic volume:
 * 10,000 products, 1,000,000 users and 5,000,000 paid orders by default, each
 * order with its line and enrolment, spread over the last 24 months.
 * Everything is generated inside PostgreSQL with generate_series (fast, no
 * round trips). Refuses to touch a database that already holds orders.
 */
import { sql } from "drizzle-orm";
import { closeDb, getDbHandle } from "~/db/client.server";
import { migrateAndSeed } from "~/db/migrate.server";

const [products = 10_000, users = 1_000_000, orders = 5_000_000] = process.argv.slice(2).map(Number);

async function step(label: string, fn: () => Promise<unknown>) {
  const started = Date.now();
  await fn();
  console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const handle = await getDbHandle();
if (handle.kind !== "postgres") {
  console.error("bench:data needs PostgreSQL: set DATABASE_URL=postgres://…");
  process.exit(1);
}
const db = handle.db;
await migrateAndSeed(handle);
const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
if ((existing.rows[0]?.n ?? 0) > 0) {
  console.error("This database already has orders; use an empty one.");
  process.exit(1);
}
await db.execute(sql`set synchronous_commit = off`);

await step(`products (${products})`, () =>
  db.execute(sql`
    insert into products (kind, slug, title, subject, class_level, status, price_paise, instructor_id, image, description, modules, position, published_at)
    select (array['course','note','pyq'])[1 + g % 3]::product_kind,
           'bench-item-' || g,
           (array['Accountancy','Economics','Business Studies','English'])[1 + g % 4] || ' practice set ' || g,
           (array['accountancy','economics','business_studies','english'])[1 + g % 4]::subject,
           (array['11','12','both'])[1 + g % 3]::class_level,
           case when g % 50 = 0 then 'draft' when g % 97 = 0 then 'archived' else 'published' end::product_status,
           (array[0, 999, 1499, 2499, 49999, 97999, 99999])[1 + g % 7],
           (select min(id) from instructors),
           '/images/covers/accountancy-course.svg',
           'Generated item for benchmarks, number ' || g || '. ' || repeat('Practice questions with solutions. ', 4),
           '["Unit 1","Unit 2","Unit 3"]'::jsonb,
           1000 + g,
           now()
    from generate_series(1, ${products}) g`),
);

await step(`users (${users})`, async () => {
  for (let start = 1; start <= users; start += 250_000) {
    const end = Math.min(users, start + 249_999);
    await db.execute(sql`
      insert into users (id, name, email, email_verified, role, created_at, updated_at, last_active_at)
      select 'bench-user-' || g, 'Student ' || g, 'student' || g || '@bench.example', true,
             case when g % 1000 = 0 then 'instructor' else 'student' end::user_role,
             now() - (g % 730) * interval '1 day', now(), now() - (g % 90) * interval '1 day'
      from generate_series(${start}::int, ${end}::int) g`);
  }
});

const productIds = await db.execute<{ lo: number; hi: number }>(
  sql`select min(id)::int as lo, max(id)::int as hi from products where slug like 'bench-item-%'`,
);
const lo = productIds.rows[0]!.lo;
const span = productIds.rows[0]!.hi - lo + 1;

await step(`orders, lines and enrolments (${orders})`, async () => {
  // Small statements: the rollup triggers (migration 0006) update the same totals row once per order
  // and enrolment, and one statement's updates of one row make a version chain each update walks
  // (quadratic: 100,000 enrolments in one statement did not finish in 13 minutes).
  const batch = Number(process.env.BENCH_DATA_BATCH ?? 5_000);
  for (let start = 1; start <= orders; start += batch) {
    const end = Math.min(orders, start + batch - 1);
    // Order g belongs to user ((g-1) % users) + 1 and buys one product; the product
    // differs for each order of the same user, so enrolments never collide.
    await db.execute(sql`
      with o as (
        select g,
               'bench-user-' || (1 + (g - 1) % ${users}) as user_id,
               ${lo} + ((((g - 1) % ${users}) * 7 + ((g - 1) / ${users}) * 13) % ${span}) as product_id,
               now() - ((g::bigint * 7919) % (730 * 24)) * interval '1 hour' as at,
               case when g % 40 = 0 then 'refunded' else 'fulfilled' end::order_status as status
        from generate_series(${start}::int, ${end}::int) g
      ), ins as (
        insert into orders (id, number, user_id, status, subtotal_paise, discount_paise, gst_paise, total_paise, gateway, gateway_order_id, paid_at, fulfilled_at, refunded_at, created_at, updated_at)
        select md5('bench-order-' || o.g)::uuid, 'B-' || o.g, o.user_id, o.status, p.price_paise, 0,
               (p.price_paise * 18 + 50) / 100, p.price_paise + (p.price_paise * 18 + 50) / 100,
               'test', 'bench_' || o.g, o.at, o.at, case when o.status = 'refunded' then o.at + interval '2 days' end, o.at, o.at
        from o join products p on p.id = o.product_id
        returning id, user_id, created_at, status
      )
      select 1`);
    await db.execute(sql`
      insert into order_items (order_id, product_id, title, price_paise)
      select md5('bench-order-' || g)::uuid, p.id, p.title, p.price_paise
      from generate_series(${start}::int, ${end}::int) g
      join products p on p.id = ${lo} + ((((g - 1) % ${users}) * 7 + ((g - 1) / ${users}) * 13) % ${span})`);
    await db.execute(sql`
      insert into enrolments (user_id, product_id, order_id, source, granted_at, revoked_at)
      select 'bench-user-' || (1 + (g - 1) % ${users}),
             ${lo} + ((((g - 1) % ${users}) * 7 + ((g - 1) / ${users}) * 13) % ${span}),
             md5('bench-order-' || g)::uuid, 'purchase', now(),
             case when g % 40 = 0 then now() end
      from generate_series(${start}::int, ${end}::int) g`);
    process.stdout.write(`  ${end.toLocaleString("en-IN")} orders\r`);
  }
  console.log();
});

await step("analyze", () => db.execute(sql`analyze`));
await closeDb();
