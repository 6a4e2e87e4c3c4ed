/**
 * Drill: `kill -9` the app in the middle of a checkout load. After a restart and
 * `npm run orders:reconcile`, every paid order is fulfilled exactly once, every
 * acknowledged payment is kept, no order is half-written, invoice numbers have no
 * gaps, and pending orders either complete (the student comes back) or expire.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gstPaise } from "~/lib/money";
import { burstWithKill, pool } from "../helpers/burst";
import { createDrillDatabase } from "../helpers/pg-drill";
import { ROOT, type RunningServer, startServer } from "../helpers/server";
import {
  addToServerCart,
  getServerCart,
  payOnTestGateway,
  placeOrderOverHttp,
  STUDENT_PASSWORD,
  type Student,
  signUpOverHttp,
} from "../helpers/student-http";

const STUDENTS = 48;
const CONCURRENCY = 12;
/** The kill comes once this many payments were acknowledged, with the other workers mid-flight. */
const KILL_AFTER_PAID = 12;
/** These students place their order and stop at the pay page: pending orders at the crash. */
const ABANDONERS = 6;

let url: string;
let env: Record<string, string>;
let server: RunningServer | undefined;
let db: pg.Client;

beforeAll(async () => {
  url = await createDrillDatabase("crash");
  env = {
    DATABASE_URL: url,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    // Behind a proxy each simulated student has its own address (X-Forwarded-For), so the
    // per-IP sign-up limit applies per student as in production.
    TRUST_PROXY: "1",
    // Only the reconcile command settles orders here: it is what the drill proves.
    ORDERS_RECONCILE_INTERVAL_SECONDS: "0",
  };
  server = await startServer({ env });
  db = new pg.Client({ connectionString: url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await server?.stop();
});

type Stage = "new" | "carted" | "ordered" | "paid";
interface Runner {
  student: Student;
  products: number[];
  index: number;
  stage: Stage;
  orderId?: string;
  /** Stops at the pay page (this time). */
  abandon?: boolean;
}

async function runStudent(baseUrl: string, runner: Runner) {
  for (const id of runner.products) await addToServerCart(baseUrl, runner.student, id);
  runner.stage = "carted";
  runner.orderId = await placeOrderOverHttp(baseUrl, runner.student);
  runner.stage = "ordered";
  if (runner.abandon) return;
  await payOnTestGateway(baseUrl, runner.student, runner.orderId);
  runner.stage = "paid";
}

function reconcile(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "orders:reconcile"], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "ca-reconcile-")) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query(text, values)).rows as T[];
}

describe("crash drill", () => {
  it("after kill -9 mid-checkout, restart and reconcile, every paid order is fulfilled once and none is half-written", async () => {
    // Items a student buys one by one (a bundle, which grants its items too, has its own checkout and
    // refund tests: tests/integration/bundles.test.ts).
    const paid = (
      await rows<{ id: number }>(
        "select id from products where status = 'published' and price_paise > 0 and kind <> 'bundle' order by id",
      )
    ).map((p) => p.id);
    const runners: Runner[] = Array.from({ length: STUDENTS }, (_, i) => ({
      student: {
        name: `Student ${i}`,
        email: `crash-${i}@example.com`,
        password: STUDENT_PASSWORD,
        ip: `10.8.${i >> 8}.${i & 255}`,
      },
      products: [paid[i % paid.length]!, paid[(i + 5) % paid.length]!],
      index: i,
      stage: "new",
      abandon: i < ABANDONERS,
    }));
    const first = server!;
    await pool(runners, 6, async (r) => {
      await signUpOverHttp(first.url, r.student);
    });

    // Checkout load; the process is killed with SIGKILL once enough payments went through.
    const { killed, interrupted } = await burstWithKill(
      runners,
      { concurrency: CONCURRENCY, killAfter: KILL_AFTER_PAID, kill: () => first.child.kill("SIGKILL") },
      async (runner) => {
        await runStudent(first.url, runner);
        return runner.stage === "paid";
      },
    );
    expect(killed).toBe(true);
    await first.stop(); // resolves at once when the process is already gone
    expect(first.child.signalCode).toBe("SIGKILL");
    const ackedBeforeCrash = runners.filter((r) => r.stage === "paid").map((r) => r.orderId!);
    expect(ackedBeforeCrash.length).toBeGreaterThanOrEqual(KILL_AFTER_PAID);
    // Requests were in flight when the process died.
    expect(interrupted.length).toBeGreaterThan(0);

    // Restart, then reconcile.
    server = await startServer({ env });
    const second = server;
    const firstRun = await reconcile();
    expect(firstRun.output).toMatch(/Orders reconciled: \d+ fulfilled/);
    expect(firstRun.code).toBe(0);
    expect(await rows("select id, number from orders where status = 'paid'")).toEqual([]);

    // Every acknowledged payment survived.
    const acked = await rows<{ id: string; status: string }>("select id, status from orders where id = any($1)", [
      ackedBeforeCrash,
    ]);
    expect(acked.map((o) => o.status)).toEqual(ackedBeforeCrash.map(() => "fulfilled"));

    // Half of the unfinished students come back and finish (those never started run now);
    // the other half walk away and leave their pending orders behind.
    const unfinished = runners.filter((r) => r.stage !== "paid");
    const returning = unfinished.filter((r) => r.index % 2 === 0 || r.stage === "new");
    const walkedAway = unfinished.filter((r) => !returning.includes(r));
    // Pending orders are young: the reconciler leaves them to the students still on the pay page.
    const abandoned = runners.filter((r) => r.abandon && r.orderId).map((r) => r.orderId!);
    expect(abandoned.length).toBeGreaterThan(0);
    const young = await rows<{ status: string }>("select status from orders where id = any($1)", [abandoned]);
    expect(young.map((o) => o.status)).toEqual(abandoned.map(() => "pending"));
    for (const r of runners) r.abandon = false;
    await pool(returning, 6, async (runner) => {
      // A crash after the payment but before the answer: the reconciled order emptied the cart.
      if (runner.stage !== "new" && (await getServerCart(second.url, runner.student)).items.length === 0) return;
      await runStudent(second.url, runner);
    });

    // Two hours later the reconciler expires what nobody paid.
    await db.query(
      "update orders set created_at = created_at - interval '2 hours' where status = 'pending' and created_at > now() - interval '1 hour'",
    );
    const secondRun = await reconcile();
    expect(secondRun.code).toBe(0);
    expect(secondRun.output).toMatch(/[1-9]\d* expired/);
    // The walked-away students' orders expired; the returning ones' were replaced by the order they paid.
    const closed = await rows<{ id: string; status: string }>("select id, status from orders where id = any($1)", [
      abandoned,
    ]);
    expect(closed.map((o) => o.status)).toEqual(abandoned.map(() => "cancelled"));

    // ---- The database after the crash: nothing lost, nothing twice, nothing half-written.
    const orders = await rows<{
      id: string;
      number: string;
      user_id: string;
      status: string;
      subtotal_paise: number;
      discount_paise: number;
      gst_paise: number;
      total_paise: number;
      invoice_number: string | null;
      paid_at: Date | null;
      fulfilled_at: Date | null;
      gateway_payment_id: string | null;
      items: { productId: number; pricePaise: number }[] | null;
    }>(`select o.*, (select json_agg(json_build_object('productId', i.product_id, 'pricePaise', i.price_paise))
          from order_items i where i.order_id = o.id) as items
        from orders o order by o.number`);
    // No order is left open.
    expect(orders.filter((o) => !["fulfilled", "cancelled", "failed"].includes(o.status))).toEqual([]);
    // Every order has its items and totals that add up.
    for (const o of orders) {
      expect(o.items?.length ?? 0, `items of ${o.number}`).toBeGreaterThan(0);
      const subtotal = o.items!.reduce((s, i) => s + i.pricePaise, 0);
      expect([o.subtotal_paise, o.discount_paise, o.gst_paise, o.total_paise], o.number).toEqual([
        subtotal,
        0,
        gstPaise(subtotal),
        subtotal + gstPaise(subtotal),
      ]);
    }

    const fulfilled = orders.filter((o) => o.status === "fulfilled");
    for (const o of fulfilled) {
      expect(o.paid_at && o.fulfilled_at && o.gateway_payment_id && o.invoice_number, o.number).toBeTruthy();
    }
    for (const o of orders.filter((x) => x.status !== "fulfilled")) {
      expect([o.paid_at, o.invoice_number], o.number).toEqual([null, null]);
    }

    // Enrolments are exactly the items of the fulfilled orders, each once.
    const enrolments = await rows<{ user_id: string; product_id: number; order_id: string | null }>(
      "select user_id, product_id, order_id from enrolments where revoked_at is null",
    );
    const expected = fulfilled.flatMap((o) => o.items!.map((i) => `${o.user_id}/${i.productId}/${o.id}`)).sort();
    expect(enrolments.map((e) => `${e.user_id}/${e.product_id}/${e.order_id}`).sort()).toEqual(expected);
    // Nobody paid twice for the same item.
    expect(new Set(expected.map((k) => k.split("/").slice(0, 2).join("/"))).size).toBe(expected.length);

    // Invoice numbers: one per paid order, from 1 with no gaps, and the counter agrees.
    const invoiceNumbers = fulfilled.map((o) => Number(o.invoice_number!.split("/").pop())).sort((x, y) => x - y);
    expect(invoiceNumbers).toEqual(fulfilled.map((_, i) => i + 1));
    const counters = await rows<{ n: number }>("select coalesce(sum(last_number), 0)::int as n from invoice_counters");
    expect(counters[0]!.n).toBe(fulfilled.length);

    // Every student who came back (or never got to start) owns both items now; the ones who
    // walked away own nothing they did not pay for, and their carts are still there.
    const owned = new Set(enrolments.map((e) => `${e.user_id}/${e.product_id}`));
    const userIds = new Map(
      (await rows<{ id: string; email: string }>("select id, email from users")).map((u) => [u.email, u.id]),
    );
    for (const r of [...runners.filter((x) => x.stage === "paid"), ...returning]) {
      const userId = userIds.get(r.student.email)!;
      expect(
        r.products.every((p) => owned.has(`${userId}/${p}`)),
        r.student.email,
      ).toBe(true);
    }
    for (const r of walkedAway) {
      const userId = userIds.get(r.student.email)!;
      const bought = fulfilled.filter((o) => o.user_id === userId);
      const cart = await getServerCart(second.url, r.student);
      // Either the payment went through before the crash (and reconcile fulfilled it) or nothing was sold.
      if (bought.length === 0) expect(cart.items.map((i) => i.id).sort()).toEqual([...r.products].sort());
      else expect(cart.items).toEqual([]);
    }
  }, 110_000);
});
