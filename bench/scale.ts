/**
 * `npm run bench:scale -- [runs] [warmup]`: p50/p95 of the admin and catalog reads against the
 * database in DATABASE_URL (fill it first with `npm run bench:data`). Calls the same feature
 * functions the route loaders call (no HTTP, no rendering), one at a time, `runs` times each
 * after `warmup` untimed calls. Prints a Markdown table.
 */
import { sql } from "drizzle-orm";
import { closeDb, getDbHandle } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { listUsers, USERS_PAGE_SIZE } from "~/features/accounts/users.server";
import { loadDashboard, loadSalesOverview, userStats } from "~/features/analytics/metrics.server";
import { getPublishedProduct, listPublishedProducts } from "~/features/catalog/catalog.server";
import { listOrders, ORDERS_PAGE_SIZE } from "~/features/orders/sales.server";
import { encodeCursor, MAX_OFFSET_PAGE } from "~/platform/search/keyset.server";
import { adminSearch } from "~/platform/search/search.server";

const [runs = 30, warmup = 5] = process.argv.slice(2).map(Number);

const handle = await getDbHandle();
if (handle.kind !== "postgres") {
  console.error("bench:scale needs PostgreSQL: set DATABASE_URL=postgres://…");
  process.exit(1);
}
const db = handle.db;
const migrating = Date.now();
await migrate(handle);
console.log(`migrate(): ${((Date.now() - migrating) / 1000).toFixed(1)} s`);

const size = await db.execute<{ products: number; users: number; orders: number; enrolments: number }>(sql`
  select (select count(*) from products)::int as products, (select count(*) from users)::int as users,
         (select count(*) from orders)::int as orders, (select count(*) from enrolments)::int as enrolments`);
const s = size.rows[0]!;
const deepPage = Math.max(1, Math.floor(s.users / USERS_PAGE_SIZE / 2)); // the middle of the users list
const deepOrdersPage = Math.max(1, Math.floor(s.orders / ORDERS_PAGE_SIZE / 2)); // the middle of the orders list
// The cursors a Next / Previous link would carry in the middle of each list (found once, untimed).
async function middleCursor(table: "users" | "orders", offset: number) {
  const r = await db.execute<{ ts: string; id: string }>(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts, id::text as id
    from ${sql.identifier(table)} order by created_at desc, id desc offset ${offset} limit 1`);
  return encodeCursor(r.rows[0]!);
}
// Next from page N-1 carries its last row; Previous from page N carries its first row.
const userAfter = await middleCursor("users", (deepPage - 1) * USERS_PAGE_SIZE - 1);
const userBefore = await middleCursor("users", (deepPage - 1) * USERS_PAGE_SIZE);
const orderAfter = await middleCursor("orders", (deepOrdersPage - 1) * ORDERS_PAGE_SIZE - 1);
const orderBefore = await middleCursor("orders", (deepOrdersPage - 1) * ORDERS_PAGE_SIZE);
const [course] = await listPublishedProducts(db, "course", { classLevel: "12", limit: 1 });
const someUser = s.users > 1000 ? "student1234" : "student123";
const someOrder = "B-4242";
// A one-word query no email starts with, found only by the trigram contains-search (the fallback).
const middleOfEmail = s.users > 1000 ? "udent123456" : "udent1234";

const cases: [string, () => Promise<unknown>][] = [
  ["admin dashboard (loadDashboard)", () => loadDashboard(db)],
  ["sales page (loadSalesOverview + listOrders p1)", () => Promise.all([loadSalesOverview(db), listOrders(db)])],
  [`sales search, order number (listOrders q=${someOrder})`, () => listOrders(db, { q: someOrder })],
  [`sales search, customer email (listOrders q=${someUser}@)`, () => listOrders(db, { q: `${someUser}@` })],
  [
    `sales list middle page, Next link (listOrders p${deepOrdersPage} after cursor)`,
    () => listOrders(db, { page: deepOrdersPage, after: orderAfter }),
  ],
  [
    `sales list middle page, Previous link (listOrders p${deepOrdersPage - 1} before cursor)`,
    () => listOrders(db, { page: deepOrdersPage - 1, before: orderBefore }),
  ],
  ["users page (userStats + listUsers p1)", () => Promise.all([userStats(db), listUsers(db, { page: 1 })])],
  [
    `users list deepest offset page (listUsers p${MAX_OFFSET_PAGE}, no cursor)`,
    () => listUsers(db, { page: MAX_OFFSET_PAGE }),
  ],
  [
    `users list middle page, Next link (listUsers p${deepPage} after cursor)`,
    () => listUsers(db, { page: deepPage, after: userAfter }),
  ],
  [
    `users list middle page, Previous link (listUsers p${deepPage - 1} before cursor)`,
    () => listUsers(db, { page: deepPage - 1, before: userBefore }),
  ],
  [`user search (listUsers q=${someUser})`, () => listUsers(db, { q: someUser })],
  ["user search, many hits (listUsers q=Student 9)", () => listUsers(db, { q: "Student 9" })],
  [`user search, contains fallback (listUsers q=${middleOfEmail})`, () => listUsers(db, { q: middleOfEmail })],
  [`admin top-bar search (adminSearch ${someUser})`, () => adminSearch(db, someUser)],
  [`admin top-bar search (adminSearch ${someOrder})`, () => adminSearch(db, someOrder)],
  ["catalog class list (courses, Class 12)", () => listPublishedProducts(db, "course", { classLevel: "12" })],
  [
    "catalog class list (courses, Class 11: ~3,200 generated items)",
    () => listPublishedProducts(db, "course", { classLevel: "11" }),
  ],
  ["catalog product detail", () => getPublishedProduct(db, "course", course!.id)],
];

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

console.log(
  `Data: ${s.products.toLocaleString("en-IN")} products, ${s.users.toLocaleString("en-IN")} users, ` +
    `${s.orders.toLocaleString("en-IN")} orders, ${s.enrolments.toLocaleString("en-IN")} enrolments; ${runs} runs after ${warmup} warm-up\n`,
);
console.log("| read | p50 ms | p95 ms | max ms |");
console.log("|---|---:|---:|---:|");
for (const [label, fn] of cases) {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  console.log(`| ${label} | ${f(pct(times, 50))} | ${f(pct(times, 95))} | ${f(times.at(-1)!)} |`);
}
await closeDb();
