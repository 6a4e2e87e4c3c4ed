/**
 * Maintenance mode on the built server: every request of anyone but an admin answers 503
 * (documents the maintenance page, everything else `{ message }`), except the log-in page, the
 * payment webhook, health checks and static files. Nothing is written meanwhile: no order, no
 * payment, no account, no contact message. This file changes what every visitor sees, so it
 * starts a server of its own; its database is prepared before the server starts and read again
 * after it stopped (the embedded database admits one process at a time).
 */
import { createHmac } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll } from "vitest";
import { openPglite, setDbHandle } from "~/db/client.server";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { confirmPayment } from "~/features/orders/fulfilment.server";
import { DEFAULT_SETTINGS } from "~/features/settings/defaults";
import { createTestUser, signInBrowser, signInOverHttp, type TestUser } from "../helpers/auth";
import { describe, expect, freshInstall, it } from "../helpers/fixtures";
import { paymentEntity, RazorpayFake, webhookEvent } from "../helpers/razorpay-fake";
import { type RunningServer, startServer } from "../helpers/server";

const OWNER = { email: "owner@example.com", password: "owner-password-123", name: "Asha Owner" };
const KEY_SECRET = "maintenance_key_secret";
const WEBHOOK_SECRET = "whsec_maintenance";
const SIGNUP_EMAIL = "new.visitor@example.com";
const CONTACT_TEXT = "Sent while the site was in maintenance";
const BANNER = "Maintenance mode is on — visitors see the maintenance page.";

let dataDir: string;
let server: RunningServer;
let base: string;
let browser: Browser;
const razorpay = new RazorpayFake("rzp_test_maintenance", KEY_SECRET);
let student: TestUser;
let payer: TestUser;
let studentCookie: string;
let adminCookie: string;
/** Fulfilled before maintenance (the student owns the note and has an invoice). */
let paidOrderId: string;
/** Pending Razorpay orders: one the student tries to pay during maintenance, one Razorpay's webhook settles. */
const pending = { payAttempt: "", webhook: "" };
/** What Razorpay captures for the webhook's order (its total, in paise). */
let webhookTotal = 0;
const ids = { note: 0, course: 0 };

it.beforeAll(async ({ browser: shared }) => {
  dataDir = await freshInstall();
  const handle = await openPglite(path.join(dataDir, "pglite"));
  setDbHandle(handle);
  try {
    const db = handle.db;
    const bySlug = async (slug: string) =>
      (await db.select().from(schema.products).where(eq(schema.products.slug, slug)))[0]!.id;
    ids.note = await bySlug("macroeconomics-quick-revision");
    ids.course = await bySlug("economics-class-12");
    student = await createTestUser({ name: "Meera Iyer", email: "meera.iyer@example.com" });
    payer = await createTestUser({ name: "Kabir Malhotra", email: "kabir.m@example.com" });
    // A paid order (test gateway in this process): the student owns the note and has its invoice.
    await db.insert(schema.cartItems).values({ userId: student.id, productId: ids.note });
    const placed = await placeOrder(db, student.id);
    paidOrderId = placed.orderId;
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, paidOrderId));
    await confirmPayment(db, {
      orderId: paidOrderId,
      gateway: "test",
      paymentId: "test_pay_maintenance",
      amountPaise: order!.totalPaise,
      source: "test",
    });
    // Two unpaid Razorpay orders, as checkout leaves them while the buyer is on Razorpay's page.
    const course = (await db.select().from(schema.products).where(eq(schema.products.id, ids.course)))[0]!;
    for (const [key, user, n] of [
      ["payAttempt", student, 1],
      ["webhook", payer, 2],
    ] as const) {
      const gst = Math.round(course.pricePaise * 0.18);
      const [row] = await db
        .insert(schema.orders)
        .values({
          number: `CA-90000${n}`,
          userId: user.id,
          status: "pending",
          subtotalPaise: course.pricePaise,
          gstPaise: gst,
          totalPaise: course.pricePaise + gst,
          gateway: "razorpay",
          gatewayOrderId: `order_maint0000000${n}`,
        })
        .returning({ id: schema.orders.id });
      await db
        .insert(schema.orderItems)
        .values({ orderId: row!.id, productId: course.id, title: course.title, pricePaise: course.pricePaise });
      pending[key] = row!.id;
      webhookTotal = course.pricePaise + gst;
    }
    // Something to check out.
    await db.insert(schema.cartItems).values({ userId: student.id, productId: ids.course });
  } finally {
    await handle.close();
    setDbHandle(undefined);
  }
  await razorpay.listen();
  server = await startServer({
    dataDir,
    env: {
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ADMIN_NAME: OWNER.name,
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_BASE_URL: razorpay.url,
      ORDERS_RECONCILE_INTERVAL_SECONDS: "0",
    },
  });
  base = server.url;
  studentCookie = await signInOverHttp(base, student.email);
  adminCookie = await signInOverHttp(base, OWNER.email, OWNER.password);
  browser = shared;
});

afterAll(async () => {
  await server?.stop();
  await razorpay.close();
});

type Who = "anonymous" | "student";

function send(method: string, url: string, who: Who | "admin", body?: Record<string, string>) {
  const headers: Record<string, string> = { origin: base };
  if (who === "student") headers.cookie = studentCookie;
  if (who === "admin") headers.cookie = adminCookie;
  return fetch(`${base}${url}`, {
    method,
    headers,
    body: body ? new URLSearchParams(body) : undefined,
    redirect: "manual",
  });
}

async function setMaintenance(on: boolean) {
  const res = await send("POST", "/admin/settings", "admin", {
    ...Object.fromEntries(Object.entries(DEFAULT_SETTINGS).map(([k, v]) => [k, String(v)])),
    maintenanceMode: on ? "on" : "",
  });
  expect(res.status).toBe(302);
  await res.body?.cancel();
}

function razorpayCallback(gatewayOrderId: string, paymentId: string) {
  return {
    razorpay_order_id: gatewayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: createHmac("sha256", KEY_SECRET).update(`${gatewayOrderId}|${paymentId}`).digest("hex"),
  };
}

/** Every request a visitor or a student could make that reads or writes something. */
function blockedRequests(): [string, string, Record<string, string>?][] {
  return [
    ["GET", "/"],
    ["GET", "/courses"],
    ["GET", "/_root.data"],
    ["GET", "/courses.data"],
    ["GET", "/signup"],
    ["POST", "/signup", { name: "New Visitor", email: SIGNUP_EMAIL, password: "visitor-password-1", redirectTo: "/" }],
    ["POST", "/signup.data", { name: "New Visitor", email: SIGNUP_EMAIL, password: "visitor-password-1" }],
    ["POST", "/api/auth/sign-up/email", { name: "New Visitor", email: SIGNUP_EMAIL, password: "visitor-password-1" }],
    ["GET", "/contact"],
    ["POST", "/contact", { name: "Visitor", email: "visitor@example.com", message: CONTACT_TEXT }],
    ["POST", "/contact.data", { name: "Visitor", email: "visitor@example.com", message: CONTACT_TEXT }],
    ["GET", "/api/cart"],
    ["POST", "/api/cart", { intent: "add", productId: String(ids.note) }],
    ["POST", "/checkout", { coupon: "" }],
    ["POST", "/checkout.data", { coupon: "" }],
    ["GET", "/checkout"],
    ["GET", `/checkout/pay/${pending.payAttempt}`],
    ["POST", `/checkout/pay/${pending.payAttempt}.data`, { intent: "pay" }],
    [
      "POST",
      `/checkout/pay/${pending.payAttempt}.data`,
      razorpayCallback("order_maint00000001", "pay_MaintenanceTry1"),
    ],
    ["POST", `/checkout/pay/${pending.payAttempt}`, razorpayCallback("order_maint00000001", "pay_MaintenanceTry1")],
    ["GET", `/downloads/${ids.note}`],
    ["GET", `/account/orders/${paidOrderId}/invoice`],
    ["GET", `/account/orders/${paidOrderId}`],
    ["GET", "/account"],
    ["GET", "/my-courses"],
    ["GET", "/forgot-password"],
    ["GET", "/sitemap.xml"],
    ["GET", "/media/images/missing.png"],
    ["GET", "/no-such-page"],
    ["POST", "/logout"],
  ];
}

describe("maintenance mode (production server)", () => {
  it("before maintenance the same requests are served (and the home page is in the page cache)", async () => {
    expect((await (await fetch(`${base}/`)).text()).length).toBeGreaterThan(0);
    const cached = await fetch(`${base}/`);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    await cached.body?.cancel();
    for (const url of [`/downloads/${ids.note}`, `/account/orders/${paidOrderId}/invoice`, "/api/cart"]) {
      const res = await send("GET", url, "student");
      expect(res.status, url).toBe(200);
      await res.body?.cancel();
    }
  });

  it("answers 503 to every request of a visitor and of a student, documents with the maintenance page", async () => {
    await setMaintenance(true);
    // Every request is sent (even when an earlier one is wrongly served), then all are judged at once.
    const answers: string[] = [];
    const expected: string[] = [];
    for (const who of ["anonymous", "student"] as const) {
      for (const [method, url, body] of blockedRequests()) {
        const res = await send(method, url, who, body);
        const text = await res.text();
        const what = `${who} ${method} ${url}`;
        answers.push(
          [
            what,
            res.status,
            `retry-after=${res.headers.get("retry-after")}`,
            `no-store=${/no-store/.test(res.headers.get("cache-control") ?? "")}`,
            `cache=${res.headers.get("x-page-cache") ?? "-"}`,
            /down for maintenance/.test(text) ? "maintenance message" : "other body",
          ].join(" "),
        );
        expected.push(`${what} 503 retry-after=300 no-store=true cache=- maintenance message`);
      }
    }
    expect(answers).toEqual(expected);
    // A browser asking for a page gets the friendly page; everything else a short JSON message.
    const page = await fetch(`${base}/courses`, { headers: { accept: "text/html" } });
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toMatch(/<h1>We'll be right back<\/h1>/);
    expect(html).toContain("<span>Commerce Academy</span>");
    // The owner, signed out, finds the way in from the page itself.
    expect(html).toContain('<a href="/login">Log in</a>');
    for (const url of ["/courses.data", "/api/cart", `/downloads/${ids.note}`]) {
      const res = await send("GET", url, "student");
      expect(res.headers.get("content-type"), url).toMatch(/application\/json/);
      expect(await res.json(), url).toEqual({
        message: "Commerce Academy is down for maintenance. Please try again in a few minutes.",
      });
    }
  });

  it("keeps the log-in page, health checks, static files and Razorpay's webhook open", async () => {
    for (const url of ["/healthz", "/readyz", "/login", "/login.data", "/favicon.svg"]) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(200);
      await res.body?.cancel();
    }
    const login = await (await fetch(`${base}/login`)).text();
    const asset = login.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    expect((await fetch(`${base}${asset}`)).status).toBe(200);
    // The admin can sign in (the student's session above shows a student cannot get any further).
    const cookie = await signInOverHttp(base, OWNER.email, OWNER.password);
    expect(cookie).toContain("session_token");

    // A payment made on Razorpay's page during maintenance is not lost: the webhook fulfils it.
    const payment = paymentEntity({
      order_id: "order_maint00000002",
      amount: webhookTotal,
      id: "pay_MaintenanceHook1",
    });
    const body = JSON.stringify(webhookEvent("payment.captured", { payment }));
    const res = await fetch(`${base}/api/payments/razorpay/webhook`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "x-razorpay-signature": createHmac("sha256", WEBHOOK_SECRET).update(body).digest("hex"),
        "x-razorpay-event-id": "evt_maintenance_1",
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: "fulfilled" });
  });

  it("an admin browses the store and the admin area, with a banner saying maintenance is on", async () => {
    for (const url of ["/", "/courses", "/admin/settings", `/downloads/${ids.note}`]) {
      const res = await send("GET", url, "admin");
      expect(res.status, url).not.toBe(503);
      await res.body?.cancel();
    }
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1440, height: 900 },
    ]) {
      const context = await browser.newContext({ viewport });
      await signInBrowser(context, base, OWNER.email, OWNER.password);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${base}/courses`, { waitUntil: "networkidle" });
      const banner = page.getByRole("region", { name: "Maintenance mode" });
      expect(await banner.getByText(BANNER).isVisible()).toBe(true);
      const turnOff = banner.getByRole("link", { name: "Turn it off" });
      expect(await turnOff.getAttribute("href")).toBe("/admin/settings#maintenanceMode");
      // Fits the narrow screen: the banner's text wraps inside the viewport, nothing of it is cut off.
      const box = await banner.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      expect(await banner.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // "Turn it off" leads to the switch itself, on screen; the admin area carries no banner.
      await turnOff.click();
      await page.waitForURL(`${base}/admin/settings#maintenanceMode`);
      const toggle = page.getByRole("checkbox", { name: "Maintenance mode" });
      expect(await toggle.isChecked()).toBe(true);
      await expect.poll(() => toggle.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(viewport.height);
      expect(await page.getByText(BANNER).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
    // Visitors never see the banner; after maintenance nobody does.
    await setMaintenance(false);
    const home = await send("GET", "/", "admin");
    expect(home.status).toBe(200);
    expect(await home.text()).not.toContain(BANNER);
  });

  it("wrote nothing for the refused requests: no order, no payment, no account, no message", async () => {
    await server.stop();
    const handle = await openPglite(path.join(dataDir, "pglite"));
    try {
      const db = handle.db;
      const orders = await db.select().from(schema.orders);
      expect(orders.map((o) => [o.id, o.status]).sort()).toEqual(
        [
          [paidOrderId, "fulfilled"],
          [pending.payAttempt, "pending"],
          [pending.webhook, "fulfilled"],
        ].sort(),
      );
      expect(orders.find((o) => o.id === pending.webhook)?.gatewayPaymentId).toBe("pay_MaintenanceHook1");
      expect(await db.select().from(schema.users).where(eq(schema.users.email, SIGNUP_EMAIL))).toEqual([]);
      expect(await db.select().from(schema.contactMessages)).toEqual([]);
      // The student's cart is as it was (nothing added, nothing checked out).
      const cart = await db.select().from(schema.cartItems).where(eq(schema.cartItems.userId, student.id));
      expect(cart.map((c) => c.productId)).toEqual([ids.course]);
    } finally {
      await handle.close();
    }
  });
});
