/**
 * `npm run bench:checkout`: 500 simulated students sign up, add two items to the server
 * cart (/api/cart), check out and pay on the test gateway, spread over two app instances
 * that share one PostgreSQL database (each request goes to the other instance than the
 * last, as a round-robin load balancer would send them). Reports orders per second and
 * the p50/p95 latency of each step, then counts in the database that no order or
 * enrolment was lost or duplicated. Exits 1 on any error or mismatch.
 *
 * Usage: npm run bench:checkout -- [students=500] [concurrency=50]
 * Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
 *
 * The instances run with TRUST_PROXY=1, as behind a real load balancer, and every student
 * sends its own X-Forwarded-For address: the per-IP sign-up limit then applies per student,
 * as it does for real students on their own phones. No limit is raised or switched off.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { buildIfStale } from "../scripts/build-if-stale.js";
import { createDrillDatabase } from "../tests/helpers/pg-drill";
import { type RunningServer, startServer } from "../tests/helpers/server";
import {
  addToServerCart,
  payOnTestGateway,
  placeOrderOverHttp,
  STUDENT_PASSWORD,
  type Student,
  signUpOverHttp,
} from "../tests/helpers/student-http";

const STUDENTS = Number(process.argv[2] ?? 500);
const CONCURRENCY = Number(process.argv[3] ?? 50);
type Step = "sign up" | "add to cart" | "checkout" | "pay";
const STEPS: Step[] = ["sign up", "add to cart", "checkout", "pay"];

const timings = new Map<Step, number[]>(STEPS.map((s) => [s, []]));
const errors: string[] = [];

async function timed<T>(step: Step, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  timings.get(step)!.push(performance.now() - started);
  return result;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

buildIfStale({ quiet: true });
const url = await createDrillDatabase("checkout_bench");
const env = {
  DATABASE_URL: url,
  BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
};
const instances: RunningServer[] = await Promise.all([startServer({ env }), startServer({ env })]);
const db = new pg.Client({ connectionString: url });
await db.connect();

try {
  const { rows: paid } = await db.query<{ id: number }>(
    "select id from products where status = 'published' and price_paise > 0 order by id",
  );
  let request = 0;
  /** Round-robin over the two instances, request by request. */
  const next = () => instances[request++ % instances.length]!.url;

  const queue = Array.from({ length: STUDENTS }, (_, i) => i);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        const student: Student = {
          name: `Bench Student ${i}`,
          email: `bench-${i}@example.com`,
          password: STUDENT_PASSWORD,
          ip: `10.${20 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`,
        };
        const items = [paid[i % paid.length]!.id, paid[(i * 7 + 3) % paid.length]!.id];
        if (items[0] === items[1]) items.pop();
        try {
          await timed("sign up", () => signUpOverHttp(next(), student));
          for (const id of items) await timed("add to cart", () => addToServerCart(next(), student, id));
          const orderId = await timed("checkout", () => placeOrderOverHttp(next(), student));
          await timed("pay", () => payOnTestGateway(next(), student, orderId));
        } catch (error) {
          errors.push(`${student.email}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // ---- Count in the database: every student has one fulfilled order with its items enrolled once.
  const one = async (sql: string) => Number((await db.query(sql)).rows[0].n);
  const checks = {
    students: await one("select count(*) as n from users where email like 'bench-%'"),
    orders: await one("select count(*) as n from orders"),
    fulfilledOrders: await one("select count(*) as n from orders where status = 'fulfilled'"),
    usersWithOneFulfilledOrder: await one(
      "select count(*) as n from (select user_id from orders where status = 'fulfilled' group by user_id having count(*) = 1) t",
    ),
    orderItems: await one("select count(*) as n from order_items"),
    enrolments: await one("select count(*) as n from enrolments where revoked_at is null"),
    enrolmentsMatchingAnItem: await one(
      `select count(*) as n from enrolments e join orders o on o.id = e.order_id and o.user_id = e.user_id
         join order_items i on i.order_id = o.id and i.product_id = e.product_id where e.revoked_at is null`,
    ),
    duplicateEnrolments: await one(
      "select count(*) as n from (select 1 from enrolments group by user_id, product_id having count(*) > 1) t",
    ),
    invoiceNumbers: await one(
      "select count(distinct invoice_number) as n from orders where invoice_number is not null",
    ),
    invoiceCounter: await one("select coalesce(sum(last_number), 0) as n from invoice_counters"),
    itemsLeftInCarts: await one("select count(*) as n from cart_items"),
  };
  const problems = [
    checks.students !== STUDENTS && "students",
    checks.orders !== STUDENTS && "orders",
    checks.fulfilledOrders !== STUDENTS && "fulfilled orders",
    checks.usersWithOneFulfilledOrder !== STUDENTS && "one order per student",
    checks.enrolments !== checks.orderItems && "enrolments = order items",
    checks.enrolmentsMatchingAnItem !== checks.orderItems && "each enrolment matches an item",
    checks.duplicateEnrolments !== 0 && "duplicate enrolments",
    checks.invoiceNumbers !== STUDENTS && "invoice numbers",
    checks.invoiceCounter !== STUDENTS && "invoice counter (gap-free)",
    checks.itemsLeftInCarts !== 0 && "carts emptied",
  ].filter(Boolean);

  const cpu = os.cpus();
  console.log(
    `\n${STUDENTS} students, ${CONCURRENCY} at a time, over 2 instances on one PostgreSQL; ${cpu.length} × ${cpu[0]?.model}, Node ${process.version}`,
  );
  console.log(
    `Wall time ${seconds.toFixed(1)} s: **${(checks.fulfilledOrders / seconds).toFixed(1)} paid orders/s** (each with its sign-up), ${errors.length} errors\n`,
  );
  console.log("| step | requests | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|");
  for (const step of STEPS) {
    const t = timings.get(step)!;
    console.log(
      `| ${step} | ${t.length} | ${Math.round(percentile(t, 50))} | ${Math.round(percentile(t, 95))} | ${Math.round(Math.max(0, ...t))} |`,
    );
  }
  console.log("\nDatabase after the run:", JSON.stringify(checks));
  if (errors.length) console.log(`Errors (first 10):\n${errors.slice(0, 10).join("\n")}`);
  if (problems.length) console.log(`MISMATCH: ${problems.join(", ")}`);
  console.log(
    errors.length || problems.length ? "FAILED" : "OK: zero errors, zero lost or duplicated orders or enrolments",
  );
  if (errors.length || problems.length) process.exitCode = 1;
} finally {
  await db.end();
  await Promise.all(instances.map((s) => s.stop()));
}
