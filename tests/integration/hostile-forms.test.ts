/**
 * Hostile input, form by form (storefront, accounts, cart, checkout, payments, learning): each
 * field valid, hostile, missing, duplicated or a file; bodies in every encoding; duplicate
 * submissions. Never a 5xx; a refusal is a 4xx with a message and stores nothing; a form missing a
 * required field is always refused.
 */
import { createHmac, randomUUID } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { unsubscribeToken } from "~/features/marketing/announcements.server";
import { resetEnvCache } from "~/lib/env.server";
import * as accountRoute from "~/routes/account/account";
import * as authApi from "~/routes/api/auth";
import * as cartRoute from "~/routes/api/cart";
import * as webhookRoute from "~/routes/api/razorpay-webhook";
import * as forgotRoute from "~/routes/auth/forgot-password";
import * as loginRoute from "~/routes/auth/login";
import * as logoutRoute from "~/routes/auth/logout";
import * as resetRoute from "~/routes/auth/reset-password";
import * as signupRoute from "~/routes/auth/signup";
import * as checkoutRoute from "~/routes/store/checkout";
import * as payRoute from "~/routes/store/checkout-pay";
import * as contactRoute from "~/routes/store/contact";
import * as playerRoute from "~/routes/store/course-player";
import * as myCoursesRoute from "~/routes/store/my-courses";
import * as productRoute from "~/routes/store/product";
import * as unsubscribeRoute from "~/routes/store/unsubscribe";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { addToCart, createCoupon } from "../helpers/checkout";
import { createProduct } from "../helpers/factories";
import {
  type Answer,
  describeSubmission,
  expectRefusalStoresNothing,
  hostileJson,
  hostileString,
  invoke,
  requestFor,
  run,
  type Submission,
  submission,
  urlencoded,
} from "../helpers/hostile";
import { createOrder } from "../helpers/orders";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type RouteFn = (args: any) => unknown;

const CONTEXT = { clientIp: "198.51.100.7" };

/** True when the submission cannot be a valid form post (wrong encoding or a required field missing). */
function cannotBeValid(s: Submission, required: string[]) {
  if (s.encoding === "json" || s.encoding === "garbage" || s.encoding === "empty") return true;
  return required.some((f) => s.fields[f] === undefined);
}

/** The core property: sane answer, nothing stored on refusal, and refused when it cannot be valid. */
async function check(
  action: RouteFn,
  path: string,
  s: Submission,
  opts: { cookie?: string; params?: Record<string, string>; required?: string[] } = {},
): Promise<Answer> {
  const label = `POST ${path} ${describeSubmission(s)}`;
  const { answer } = await expectRefusalStoresNothing(label, () =>
    invoke(action, requestFor(path, s, { cookie: opts.cookie }), opts.params ?? {}, CONTEXT),
  );
  if (cannotBeValid(s, opts.required ?? [])) expect(answer.status, label).toBeGreaterThanOrEqual(400);
  return answer;
}

const emails = fc.uuid().map((u) => `student-${u.slice(0, 8)}@example.com`);
const passwords = fc.constantFrom("correct-horse-battery", "another-long-password");
const names = fc.constantFrom("Asha Verma", "Ravi Kumar", "अनन्या शर्मा");
const guestCarts = fc.constantFrom("1,2", '{"state":{"items":[{"id":1},{"id":2}]}}', "");
const redirects = fc.constantFrom("/", "/checkout", "/courses/1");
/** A business buyer's details (issue 30): a GSTIN of Maharashtra (27), or none. */
const businessDetails = {
  gstin: fc.constantFrom("27AABCB1234C1ZE", "27aabcb1234c1ze", ""),
  legalName: fc.constantFrom("Bright Future Coaching Pvt Ltd", ""),
  address: fc.constantFrom("Office 4, Linking Road\nMumbai 400050", ""),
};

let student: TestUser;
let studentCookie: string;

beforeEach(async () => {
  student = await createTestUser({ name: "Sam Student" });
  studentCookie = await cookieFor(student);
});

describe("storefront and account forms", () => {
  it("POST /contact", async () => {
    const body = submission({
      name: names,
      email: emails,
      message: fc.constantFrom("When does the next batch start?", "नमस्ते"),
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        const answer = await check(contactRoute.action, "/contact", s, { required: ["name", "email", "message"] });
        if (answer.status < 400) expect(answer.location).toBe("/contact");
      }),
      run(),
    );
  });

  it("POST /signup", async () => {
    const body = submission({
      name: names,
      email: emails,
      password: passwords,
      guestCart: guestCarts,
      redirectTo: redirects,
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        await check(signupRoute.action, "/signup", s, { required: ["name", "email", "password"] });
      }),
      run(),
    );
  });

  it("POST /login", async () => {
    const body = submission({
      email: fc.constantFrom(student.email, "nobody@example.com"),
      password: fc.constantFrom(student.password, "wrong-password"),
      guestCart: guestCarts,
      redirectTo: redirects,
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        const answer = await check(loginRoute.action, "/login", s, { required: ["email", "password"] });
        if (answer.status < 400) expect(answer.location).not.toMatch(/^\/\/|evil/);
      }),
      run(),
    );
  });

  it("POST /forgot-password", async () => {
    const body = submission({ email: fc.constantFrom(student.email, "nobody@example.com") });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        await check(forgotRoute.action, "/forgot-password", s, { required: ["email"] });
      }),
      run(),
    );
  });

  it("POST /reset-password", async () => {
    const body = submission({
      token: fc.constantFrom("abcdefghijklmnopqrstuvwx", randomUUID()),
      password: passwords,
      confirmPassword: passwords,
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        // No token we made is valid: every post is refused.
        const answer = await check(resetRoute.action, "/reset-password", s);
        expect(answer.status).toBeGreaterThanOrEqual(400);
      }),
      run(),
    );
  });

  it("POST /account (profile, password and announcement emails)", async () => {
    const body = submission({
      intent: fc.constantFrom("profile", "password", "announcements"),
      on: fc.constantFrom("true", "false", "maybe"),
      name: names,
      email: fc.constantFrom(student.email, "new-address@example.com"),
      currentPassword: fc.constantFrom(student.password, "wrong-password"),
      newPassword: passwords,
      confirmPassword: passwords,
      state: fc.constantFrom("27", "29", ""),
      ...businessDetails,
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        // A successful password change ends the other sessions: sign in again for the next run.
        const answer = await check(accountRoute.action, "/account", s, { cookie: studentCookie, required: ["intent"] });
        if (answer.status < 400) studentCookie = await cookieFor(student).catch(() => studentCookie);
        const [row] = await (await getDb()).select().from(schema.users).where(eq(schema.users.id, student.id));
        if (row) student.email = row.email;
        if (answer.location === "/account" && [s.fields.intent].flat().at(-1) === "password") {
          student.password = String(
            Array.isArray(s.fields.newPassword) ? s.fields.newPassword.at(-1) : s.fields.newPassword,
          );
          studentCookie = await cookieFor(student);
        }
      }),
      run(),
    );
  });

  it("POST /unsubscribe (valid, tampered and missing tokens; RFC 8058's body or not)", async () => {
    const student = await createTestUser();
    const token = unsubscribeToken(student.id);
    const valid = `/unsubscribe?token=${token}`;
    const paths = fc.constantFrom(
      valid,
      `/unsubscribe?token=${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      "/unsubscribe?token=x.y",
      "/unsubscribe",
    );
    const body = submission({ "List-Unsubscribe": fc.constantFrom("One-Click", "one-click", "") });
    await fc.assert(
      fc.asyncProperty(paths, body, async (path, s) => {
        const answer = await check(unsubscribeRoute.action, path, s, { required: ["List-Unsubscribe"] });
        // A refusal: 400, or 413 for a body over the limit.
        const refused = answer.status === 400 || answer.status === 413;
        if (path !== valid) expect(refused, String(answer.status)).toBe(true);
        if (s.encoding === "urlencoded" && s.fields["List-Unsubscribe"] !== "One-Click")
          expect(refused, String(answer.status)).toBe(true);
      }),
      run(),
    );
  });

  it("POST /logout with any body just logs out", async () => {
    await fc.assert(
      fc.asyncProperty(submission({ x: hostileString }), async (s) => {
        const answer = await invoke(logoutRoute.action, requestFor("/logout", s, { cookie: studentCookie }));
        expect(answer.status).toBe(302);
        expect(answer.location).toBe("/");
      }),
      run(10),
    );
  });
});

describe("cart API", () => {
  it("POST /api/cart (form and JSON)", async () => {
    const body = submission({
      intent: fc.constantFrom("add", "remove", "clear", "merge"),
      productId: fc.constantFrom("1", "2", "5", "19"),
      productIds: fc.constantFrom("1,2", "[1,2,3]", '{"state":{"items":[{"id":4}]}}'),
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        const label = `POST /api/cart ${describeSubmission(s)}`;
        const { answer } = await expectRefusalStoresNothing(label, () =>
          invoke(cartRoute.action, requestFor("/api/cart", s, { cookie: studentCookie }), {}, CONTEXT),
        );
        if (answer.status < 400) expect(answer.body).toHaveProperty("items");
      }),
      run(),
    );
  });

  it("POST /api/cart with JSON of every shape", async () => {
    const json = fc.oneof(
      hostileJson,
      fc.record({ intent: fc.constantFrom("add", "merge", "remove"), productId: hostileJson, productIds: hostileJson }),
    );
    await fc.assert(
      fc.asyncProperty(json, async (value) => {
        const s: Submission = { encoding: "json", fields: {}, json: value };
        await expectRefusalStoresNothing(`POST /api/cart ${describeSubmission(s)}`, () =>
          invoke(cartRoute.action, requestFor("/api/cart", s, { cookie: studentCookie })),
        );
      }),
      run(),
    );
  });

  it("adding the same item twice keeps one line", async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await invoke(
        cartRoute.action,
        requestFor("/api/cart", urlencoded({ intent: "add", productId: "2" }), { cookie: studentCookie }),
      );
      expect(answer.status).toBe(200);
    }
    const db = await getDb();
    const [row] = await db
      .select({ n: count() })
      .from(schema.cartItems)
      .where(and(eq(schema.cartItems.userId, student.id), eq(schema.cartItems.productId, 2)));
    expect(row?.n).toBe(1);
  });
});

describe("checkout and payment", () => {
  it("POST /checkout (coupon and place order)", async () => {
    await createCoupon({ code: "SAVE10" });
    const course = await createProduct({ title: "Hostile Course", kind: "course", pricePaise: 49_900 });
    await addToCart(student.id, [course.id]);
    const body = submission({
      coupon: fc.constantFrom("", "SAVE10", "save10", "NOPE"),
      state: fc.constantFrom("27", "29", ""),
      ...businessDetails,
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        const answer = await check(checkoutRoute.action, "/checkout", s, { cookie: studentCookie });
        if (answer.status < 400) expect(answer.location).toMatch(/^\/(checkout\/pay|account\/orders)\//);
      }),
      run(),
    );
  });

  it("POST /checkout as a guest (inline log-in and sign-up)", async () => {
    const body = submission({
      intent: fc.constantFrom("login", "signup"),
      name: names,
      email: fc.oneof(fc.constant(student.email), emails),
      password: fc.constantFrom(student.password, "wrong-password"),
      guestCart: guestCarts,
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        const answer = await check(checkoutRoute.action, "/checkout", s);
        // Signed in and back to /checkout, or (no log-in/sign-up intent) sent to the log-in page.
        if (answer.status < 400) expect(["/checkout", "/login?redirectTo=%2Fcheckout"]).toContain(answer.location);
        const intent = s.fields.intent;
        if (intent === "login" || intent === "signup") {
          const required = intent === "login" ? ["email", "password"] : ["name", "email", "password"];
          if (cannotBeValid(s, required)) expect(answer.status).toBeGreaterThanOrEqual(400);
        }
      }),
      run(),
    );
  });

  it("placing the same order twice leaves one pending order", async () => {
    const course = await createProduct({ title: "Twice Course", kind: "course", pricePaise: 49_900 });
    await addToCart(student.id, [course.id]);
    const answers = await Promise.all(
      [0, 1].map(() =>
        invoke(checkoutRoute.action, requestFor("/checkout", urlencoded({ coupon: "" }), { cookie: studentCookie })),
      ),
    );
    for (const a of answers) expect(a.status).toBeLessThan(500);
    const db = await getDb();
    const pending = await db
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.userId, student.id), eq(schema.orders.status, "pending")));
    expect(pending).toHaveLength(1);
  });

  it("POST /checkout/pay/:orderId (test gateway pay/fail, Razorpay fields)", async () => {
    const course = await createProduct({ title: "Pay Course", kind: "course", pricePaise: 49_900 });
    const order = await createOrder({ userId: student.id, products: [course], status: "pending" });
    const orderIds = fc.constantFrom(order.id, randomUUID(), "not-a-uuid", "1");
    const body = submission({
      intent: fc.constantFrom("pay", "fail", "razorpay"),
      razorpay_order_id: fc.constantFrom("order_123"),
      razorpay_payment_id: fc.constantFrom("pay_123"),
      razorpay_signature: fc.constantFrom("deadbeef"),
    });
    await fc.assert(
      fc.asyncProperty(body, orderIds, async (s, orderId) => {
        const answer = await check(payRoute.action, `/checkout/pay/${orderId}`, s, {
          cookie: studentCookie,
          params: { orderId },
          required: ["intent"],
        });
        if (answer.status < 400) expect(answer.location).toMatch(/^\/(checkout$|account\/orders\/)/);
      }),
      run(),
    );
  });

  it("paying the same order twice fulfils it once", async () => {
    const course = await createProduct({ title: "Paid Twice", kind: "course", pricePaise: 49_900 });
    const order = await createOrder({ userId: student.id, products: [course], status: "pending" });
    const answers = await Promise.all(
      [0, 1].map(() =>
        invoke(
          payRoute.action,
          requestFor(`/checkout/pay/${order.id}`, urlencoded({ intent: "pay" }), { cookie: studentCookie }),
          { orderId: order.id },
        ),
      ),
    );
    for (const a of answers) expect(a.status).toBeLessThan(500);
    const db = await getDb();
    const rows = await db
      .select()
      .from(schema.enrolments)
      .where(and(eq(schema.enrolments.userId, student.id), eq(schema.enrolments.productId, course.id)));
    expect(rows).toHaveLength(1);
    const [paid] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(["paid", "fulfilled"]).toContain(paid?.status);
  });
});

describe("Razorpay webhook", () => {
  const SECRET = "webhook-secret-for-hostile-tests";
  const env = {
    RAZORPAY_KEY_ID: "rzp_test_hostile",
    RAZORPAY_KEY_SECRET: "hostile-key-secret",
    RAZORPAY_WEBHOOK_SECRET: SECRET,
    // Nothing listens here: a webhook that needed the API would fail, never hang.
    RAZORPAY_API_BASE_URL: "http://127.0.0.1:9",
  };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  beforeEach(() => {
    Object.assign(process.env, env);
    resetEnvCache();
  });
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  });

  it("a signed body that is JSON but not an event object is a 400", async () => {
    const bodies = [
      "null",
      "true",
      "[]",
      "7",
      '"text"',
      '{"event":null,"payload":"x"}',
      '{"event":{"a":1},"payload":{}}',
      '{"event":"payment.captured","payload":{"payment":{"entity":{"id":["x"],"order_id":{"$gt":""}}}}}',
      '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","order_id":"order_\\u0000"}}}}',
      '{"event":"x","payload":{"note":"\\ud800"}}',
    ];
    for (const body of bodies) {
      const signature = createHmac("sha256", SECRET).update(body).digest("hex");
      const request = new Request("http://localhost:3000/api/payments/razorpay/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-razorpay-signature": signature },
        body,
      });
      const answer = await invoke(webhookRoute.action, request);
      expect(answer.status, body).toBeGreaterThanOrEqual(400);
      expect(answer.status, body).toBeLessThan(500);
      expect(String((answer.body as { message?: string }).message)).not.toMatch(/not configured/);
    }
  });

  it("POST /api/payments/razorpay/webhook: hostile bodies, signed or not", async () => {
    const event = fc.record({
      event: fc.oneof(
        fc.constantFrom("payment.captured", "payment.failed", "order.paid", "refund.processed"),
        hostileString,
      ),
      payload: fc.oneof(
        hostileJson,
        fc.record({
          payment: fc.record({
            entity: fc.dictionary(fc.constantFrom("id", "order_id", "amount", "status"), hostileJson),
          }),
        }),
      ),
    });
    const raw = fc.oneof(
      event.map((e) => JSON.stringify(e)),
      hostileString,
    );
    await fc.assert(
      fc.asyncProperty(raw, fc.constantFrom("valid", "missing", "forged"), hostileString, async (body, sig, id) => {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (sig === "valid") headers["x-razorpay-signature"] = createHmac("sha256", SECRET).update(body).digest("hex");
        if (sig === "forged") headers["x-razorpay-signature"] = "00".repeat(32);
        const eventId = id.slice(0, 200).replace(/[^\t\x20-\x7e]/g, "");
        if (eventId) headers["x-razorpay-event-id"] = eventId;
        const request = new Request("http://localhost:3000/api/payments/razorpay/webhook", {
          method: "POST",
          headers,
          body,
        });
        const { answer } = await expectRefusalStoresNothing(`webhook ${sig} ${body.slice(0, 120)}`, () =>
          invoke(webhookRoute.action, request),
        );
        if (sig !== "valid") expect(answer.status).toBe(401);
      }),
      run(),
    );
  });
});

describe("learning", () => {
  it("POST /my-courses/:id (lesson progress, ask a doubt)", async () => {
    const db = await getDb();
    const [lesson] = await db
      .select()
      .from(schema.lessons)
      .where(isNull(schema.lessons.testProductId))
      .orderBy(schema.lessons.id)
      .limit(1);
    const [course] = await db.select().from(schema.products).where(eq(schema.products.id, lesson!.productId));
    await createOrder({ userId: student.id, products: [course!], status: "paid" });
    const body = submission({
      intent: fc.constantFrom("complete", "incomplete", "ask"),
      lessonId: fc.constantFrom(String(lesson!.id), String(lesson!.id + 1), "999999"),
      // A doubt under the lesson (issue 36).
      body: fc.constantFrom("Why is goodwill an asset?", "short", "d".repeat(2001), "<img src=x>"),
    });
    const ids = fc.constantFrom(String(course!.id), "1", "99999999999", "abc");
    await fc.assert(
      fc.asyncProperty(body, ids, async (s, id) => {
        await check(playerRoute.action, `/my-courses/${id}`, s, {
          cookie: studentCookie,
          params: { id },
          required: ["intent", "lessonId"],
        });
      }),
      run(),
    );
  });
});

describe("access periods", () => {
  it("POST /my-courses (Renew an item whose access ended)", async () => {
    const ended = await createProduct({ title: "Ended Access", kind: "course", pricePaise: 9_900, accessMonths: 6 });
    const live = await createProduct({ title: "Running Access", kind: "course", pricePaise: 9_900, accessMonths: 6 });
    const day = 86_400_000;
    await (await getDb()).insert(schema.enrolments).values([
      { userId: student.id, productId: ended.id, source: "purchase", expiresAt: new Date(Date.now() - day) },
      { userId: student.id, productId: live.id, source: "purchase", expiresAt: new Date(Date.now() + day) },
    ]);
    const body = submission({
      intent: fc.constantFrom("renew", "add"),
      productId: fc.constantFrom(String(ended.id), String(live.id), "1", "99999999999", "abc"),
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        await check(myCoursesRoute.action, "/my-courses", s, {
          cookie: studentCookie,
          required: ["intent", "productId"],
        });
      }),
      run(),
    );
  });
});

describe("reviews", () => {
  it("POST /notes/:id (write, edit, delete or report a review; get a paid note free)", async () => {
    const note = await createProduct({ kind: "note", title: "Hostile Review Note", pricePaise: 4_900 });
    await createOrder({ userId: student.id, products: [note], status: "fulfilled" });
    const other = await createTestUser();
    const otherCookie = await cookieFor(other);
    const body = submission({
      intent: fc.constantFrom("create", "update", "delete", "report", "claim"),
      rating: fc.constantFrom("1", "3", "5", "0", "6", "five"),
      title: fc.constantFrom("Good", "<b>x</b>", "t".repeat(101)),
      body: fc.constantFrom("Clear notes.", "<img src=x onerror=alert(1)>", "b".repeat(100 * 1024)),
      reviewerClass: fc.constantFrom("11", "12", "13"),
      reviewId: fc.constantFrom("1", "99999999999", "x"),
    });
    const ids = fc.constantFrom(String(note.id), "99999999999", "abc");
    const who = fc.constantFrom(studentCookie, otherCookie);
    await fc.assert(
      fc.asyncProperty(body, ids, who, async (s, id, cookie) => {
        const answer = await check(productRoute.action, `/notes/${id}`, s, {
          cookie,
          params: { id },
          required: ["intent"],
        });
        // Someone who does not own the item can only report (a seeded review): anything else is refused.
        if (cookie === otherCookie && s.fields.intent !== "report") expect(answer.status).toBeGreaterThanOrEqual(400);
      }),
      run(),
    );
  });
});

describe("Better Auth endpoints", () => {
  it("POST /api/auth/* with hostile JSON", async () => {
    const endpoint = fc.constantFrom("sign-up/email", "sign-in/email", "request-password-reset", "reset-password");
    const body = fc.oneof(
      hostileJson,
      fc.record({
        email: fc.oneof(emails, hostileString),
        password: fc.oneof(passwords, hostileString),
        name: hostileJson,
      }),
    );
    await fc.assert(
      fc.asyncProperty(endpoint, body, async (path, value) => {
        const request = new Request(`http://localhost:3000/api/auth/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000" },
          body: JSON.stringify(value),
        });
        await expectRefusalStoresNothing(`POST /api/auth/${path} ${JSON.stringify(value)?.slice(0, 120)}`, () =>
          invoke(authApi.action as RouteFn, request, { "*": path }, CONTEXT),
        );
      }),
      run(),
    );
  });
});
