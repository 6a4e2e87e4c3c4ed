/**
 * Drill: two app instances on one PostgreSQL share everything that matters: sessions,
 * carts, payments (the same webhook at both fulfils once) and the page cache's
 * invalidation (an admin change on B empties A's cache).
 */

import { createHmac, randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import { signInOverHttp } from "../helpers/auth";
import { OWNER_SETTINGS } from "../helpers/owner-install";
import { createDrillDatabase } from "../helpers/pg-drill";
import { RazorpayFake, webhookEvent } from "../helpers/razorpay-fake";
import { type RunningServer, startServer } from "../helpers/server";
import {
  addToServerCart,
  getServerCart,
  placeOrderOverHttp,
  STUDENT_PASSWORD,
  type Student,
  signUpOverHttp,
} from "../helpers/student-http";

const ADMIN = { email: "owner@commerce-academy.test", password: "owner-password-123" };
const WEBHOOK_SECRET = "whsec_drill_two_instances";

let url: string;
let a: RunningServer;
let b: RunningServer;
let razorpay: RazorpayFake;
let db: pg.Client;

beforeAll(async () => {
  url = await createDrillDatabase("two");
  razorpay = new RazorpayFake("rzp_test_drill", "drill_key_secret");
  await razorpay.listen();
  const env = {
    DATABASE_URL: url,
    // Every instance must sign sessions with the same secret.
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    RAZORPAY_KEY_ID: razorpay.keyId,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_BASE_URL: razorpay.url,
    // Both bootstrap the owner at once: exactly one primary admin must come out of it.
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ORDERS_RECONCILE_INTERVAL_SECONDS: "0",
  };
  // Both start at once: migrations and the seed run exactly once under advisory locks.
  [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
  db = new pg.Client({ connectionString: url });
  await db.connect();
  // Live (Razorpay) payments need a real GSTIN, not the seed's sample, and the seller's address
  // (gst/setup.server.ts).
  await db.query("update settings set seller_gstin = '08AAPFU0939F1ZV', seller_address = $1 where id = 1", [
    OWNER_SETTINGS.sellerAddress,
  ]);
});

afterAll(async () => {
  await db?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await razorpay?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function one<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T> {
  const { rows } = await db.query(text, values);
  return rows[0] as T;
}

async function productByTitle(title: string) {
  return one<{
    id: number;
    title: string;
    subject: string;
    class_level: string;
    status: string;
    price_paise: number;
    instructor_id: number;
    description: string;
    modules: string[];
    image: string;
  }>("select * from products where title = $1", [title]);
}

/** Polls (bounded) until the anonymous page at `path` of `server` contains `text`. */
async function pageEventually(server: RunningServer, path: string, text: string) {
  let html = "";
  for (let i = 0; i < 40 && !html.includes(text); i++) {
    if (i > 0) await sleep(50);
    html = await (await fetch(`${server.url}${path}`)).text();
  }
  return html;
}

async function newStudent(on: RunningServer): Promise<Student> {
  const student: Student = {
    name: "Asha Verma",
    email: `asha-${randomUUID().slice(0, 8)}@example.com`,
    password: STUDENT_PASSWORD,
  };
  await signUpOverHttp(on.url, student);
  return student;
}

describe("two instances, one database", () => {
  it("seeded the shared database once and made one primary admin although both started together", async () => {
    expect((await one<{ n: number }>("select count(*)::int as n from products where kind = 'course'")).n).toBe(6);
    const admins = await db.query("select email, is_primary from users where role = 'admin'");
    expect(admins.rows).toEqual([{ email: ADMIN.email, is_primary: true }]);
  });

  it("a session made on instance A works on instance B", async () => {
    const student = await newStudent(a);
    const account = await fetch(`${b.url}/account`, { headers: { cookie: student.cookie! }, redirect: "manual" });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain(student.email);
    // Without the cookie B sends the visitor to log in: the 200 above is the session's doing.
    const anonymous = await fetch(`${b.url}/account`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    await anonymous.body?.cancel();
  });

  it("a cart changed on A is seen on B, and a change on B is seen on A", async () => {
    const student = await newStudent(a);
    const course = await productByTitle("Accountancy Class 12");
    const note = await productByTitle("Macroeconomics Quick Revision");

    await addToServerCart(a.url, student, course.id);
    expect((await getServerCart(b.url, student)).items.map((i) => i.id)).toEqual([course.id]);

    await addToServerCart(b.url, student, note.id);
    expect((await getServerCart(a.url, student)).items.map((i) => i.id)).toEqual([course.id, note.id]);
  });

  it("the same Razorpay webhook delivered to both instances (and redelivered) fulfils the order once", async () => {
    const student = await newStudent(a);
    const course = await productByTitle("Economics Class 11");
    const paper = await productByTitle("Economics Class 12 Sample Papers (Board Pattern)");
    await addToServerCart(a.url, student, course.id);
    await addToServerCart(a.url, student, paper.id);
    // The order is placed on B with the session from A; Razorpay's order comes from the fake.
    const orderId = await placeOrderOverHttp(b.url, student);
    const order = await one<{ gateway: string; gateway_order_id: string; total_paise: number; user_id: string }>(
      "select gateway, gateway_order_id, total_paise, user_id from orders where id = $1",
      [orderId],
    );
    expect(order.gateway).toBe("razorpay");
    expect(razorpay.orders.get(order.gateway_order_id)?.amount).toBe(order.total_paise);

    // The student pays at Razorpay; Razorpay sends payment.captured and order.paid, and
    // (at-least-once delivery) the same events again. A load balancer spreads them over A and B.
    const payment = razorpay.capture(order.gateway_order_id);
    const captured = JSON.stringify(webhookEvent("payment.captured", { payment }));
    const paid = JSON.stringify(
      webhookEvent("order.paid", { payment, order: razorpay.orders.get(order.gateway_order_id)! }),
    );
    const deliver = (server: RunningServer, body: string, eventId: string) =>
      fetch(`${server.url}/api/payments/razorpay/webhook`, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": createHmac("sha256", WEBHOOK_SECRET).update(body).digest("hex"),
          "x-razorpay-event-id": eventId,
        },
      });
    const deliveries = [
      [a, captured, "evt_captured"],
      [b, captured, "evt_captured"],
      [a, paid, "evt_paid"],
      [b, paid, "evt_paid"],
      [b, captured, "evt_captured"],
      [a, captured, "evt_captured"],
    ] as const;
    const responses = await Promise.all(deliveries.map(([server, body, id]) => deliver(server, body, id)));
    expect(responses.map((r) => r.status)).toEqual(deliveries.map(() => 200));
    const messages = await Promise.all(responses.map(async (r) => ((await r.json()) as { message: string }).message));
    // Each answer says whether that delivery did the work or found it done; the database below says it happened once.
    expect(messages.every((m) => m === "fulfilled" || m === "already")).toBe(true);
    expect(messages).toContain("fulfilled");

    const after = await one<{ status: string; invoice_number: string; gateway_payment_id: string }>(
      "select status, invoice_number, gateway_payment_id from orders where id = $1",
      [orderId],
    );
    expect(after.status).toBe("fulfilled");
    expect(after.gateway_payment_id).toBe(payment.id);
    expect(after.invoice_number).toMatch(/^CA\/\d{2}-\d{2}\/000001$/);
    // One invoice number taken, one enrolment per item, one "paid" entry, one email, one log row per event.
    expect((await one<{ n: number }>("select coalesce(sum(last_number), 0)::int as n from invoice_counters")).n).toBe(
      1,
    );
    const enrolled = await db.query(
      "select product_id, order_id from enrolments where user_id = $1 order by product_id",
      [order.user_id],
    );
    expect(enrolled.rows).toEqual(
      [course.id, paper.id].sort((x, y) => x - y).map((id) => ({ product_id: id, order_id: orderId })),
    );
    expect(
      (
        await one<{ n: number }>(
          "select count(*)::int as n from audit_log where entity_id = $1 and description like '%paid:%'",
          [orderId],
        )
      ).n,
    ).toBe(1);
    expect(
      (
        await one<{ n: number }>(
          "select count(*)::int as n from email_outbox where \"to\" = $1 and subject like 'Your Commerce Academy order%'",
          [student.email],
        )
      ).n,
    ).toBe(1);
    const logged = await db.query(
      "select event_id, count(*)::int as n from payment_events where order_id = $1 group by event_id order by event_id",
      [orderId],
    );
    expect(logged.rows).toEqual([
      { event_id: "evt_captured", n: 1 },
      { event_id: "evt_paid", n: 1 },
    ]);
    // The cart emptied on both instances.
    expect((await getServerCart(a.url, student)).items).toEqual([]);
    expect((await getServerCart(b.url, student)).items).toEqual([]);
  });

  it("a content change made through another connection empties instance A's page cache at once", async () => {
    await fetch(`${a.url}/`).then((r) => r.text());
    const cached = await fetch(`${a.url}/`);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(await cached.text()).toContain("Economics Class 12");

    await db.query(
      "update products set title = 'Economics Class 12: Macro Masterclass' where title = 'Economics Class 12'",
    );
    expect(await pageEventually(a, "/", "Macro Masterclass")).toContain("Economics Class 12: Macro Masterclass");
    expect(await (await fetch(`${b.url}/`)).text()).toContain("Macro Masterclass");
  });

  it("an admin saving a course on B through the admin form empties A's page cache at once", async () => {
    const product = await productByTitle("Business Studies Class 12");
    const path = `/courses/${product.id}`;
    // Warm A's cache for the course page and the home page.
    for (const p of [path, "/", path, "/"]) await (await fetch(`${a.url}${p}`)).text();
    const before = await fetch(`${a.url}${path}`);
    expect(before.headers.get("x-page-cache")).toBe("hit");
    const beforeHtml = await before.text();
    expect(beforeHtml).toContain("Business Studies Class 12");
    const seededPrice = formatPrice(product.price_paise); // whole rupees since issue 20: "₹979"
    expect(beforeHtml).toContain(seededPrice);
    expect(beforeHtml).not.toContain("Board Booster");

    const cookie = await signInOverHttp(b.url, ADMIN.email, ADMIN.password);
    const save = await fetch(`${b.url}/admin/courses/${product.id}`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "save",
        title: "Business Studies Class 12: Board Booster",
        instructor: String(product.instructor_id),
        category: product.subject,
        classLevel: product.class_level,
        status: product.status,
        price: "899",
        description: product.description,
        modules: product.modules.join("\n"),
        image: product.image,
      }),
      headers: { cookie, origin: b.url },
      redirect: "manual",
    });
    expect(save.status).toBe(302);
    expect(save.headers.get("location")).toBe(`/admin/courses/${product.id}`);
    await save.body?.cancel();
    expect((await productByTitle("Business Studies Class 12: Board Booster")).price_paise).toBe(89_900);

    const fresh = await pageEventually(a, path, "Board Booster");
    expect(fresh).toContain("Business Studies Class 12: Board Booster");
    expect(fresh).toContain("₹899");
    expect(fresh).not.toContain(seededPrice);
    expect(await pageEventually(a, "/", "Board Booster")).toContain("Business Studies Class 12: Board Booster");
  });
});
