/**
 * `npm run bench:scale -- [runs] [warmup]`: p50/p95 of the admin and catalog reads against the
 * database in DATABASE_URL (fill it first with `npm run bench:data`). Calls the same feature
 * functions the route loaders call (no HTTP, no rendering), one at a time, `runs` times each
 * after `warmup` untimed calls. Prints a Markdown table.
 */
import { sql } from "drizzle-orm";
import { closeDb, getDbHandle } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { loadDashboard, loadSalesOverview } from "~/features/admin/metrics.server";
import { listOrders } from "~/features/admin/sales.server";
import { adminSearch } from "~/features/admin/search.server";
import { listUsers, userStats } from "~/features/admin/users-admin.server";
import { getPublishedProduct, listPublishedProducts } from "~/features/catalog/catalog.server";

const [runs = 30, warmup = 5] = process.argv.slice(2).map(Number);

const handle = await getDbHandle();
if (handle.kind !== "postgres") {
  console.error("bench:scale needs PostgreSQL: set DATABASE_URL=postgres://…");
  process.exit(1);
}
const db = handle.db;
await migrate(handle);

const size = await db.execute<{ products: number; users: number; orders: number; enrolments: number }>(sql`
  select (select count(*) from products)::int as products, (select count(*) from users)::int as users,
         (select count(*) from orders)::int as orders, (select count(*) from enrolments)::int as enrolments`);
const s = size.rows[0]!;
const deepPage = Math.max(1, Math.floor(s.users / 20 / 2)); // the middle of the users list
const { nextCursor } = await listUsers(db, { page: deepPage - 1 });
const [course] = await listPublishedProducts(db, "course", { classLevel: "12", limit: 1 });
const someUser = s.users > 1000 ? "student1234" : "student123";
const someOrder = "B-4242";

const cases: [string, () => Promise<unknown>][] = [
  ["admin dashboard (loadDashboard)", () => loadDashboard(db)],
  ["sales page (loadSalesOverview + listOrders p1)", () => Promise.all([loadSalesOverview(db), listOrders(db)])],
  ["sales search (listOrders q=order number)", () => listOrders(db, { q: someOrder })],
  ["users page (userStats + listUsers p1)", () => Promise.all([userStats(db), listUsers(db, { page: 1 })])],
  [`users list deep page (listUsers p${deepPage})`, () => listUsers(db, { page: deepPage })],
  [
    `users list deep page by keyset (listUsers p${deepPage} after cursor)`,
    () => listUsers(db, { page: deepPage, after: nextCursor ?? undefined }),
  ],
  [`user search (listUsers q=${someUser})`, () => listUsers(db, { q: someUser })],
  ["user search, many hits (listUsers q=Student 9)", () => listUsers(db, { q: "Student 9" })],
  [`admin top-bar search (adminSearch ${someUser})`, () => adminSearch(db, someUser)],
  [`admin top-bar search (adminSearch ${someOrder})`, () => adminSearch(db, someOrder)],
  ["catalog class list (courses, Class 12)", () => listPublishedProducts(db, "course", { classLevel: "12" })],
  [
    "catalog class list (courses, Class 11: ~3,200 generated items)",
    () => listPublishedProducts(db, "course", { classLevel: "11" }),
  ],
  ["catalog product detail", () => getPublishedProduct(db, "course", String(course!.id))],
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
