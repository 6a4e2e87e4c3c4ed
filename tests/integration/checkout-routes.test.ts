import { count, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { FREE_ORDER_NOTE, ORDER_COMPLETE, PAYMENT_FAILED } from "~/features/checkout/messages";
import { totalsFor } from "~/features/checkout/pricing";
import { FREE_ORDER_NO_INVOICE } from "~/features/orders/messages";
import { settleTestPayment } from "~/features/payments/payments.server";
import { amountInWords, formatPaise } from "~/lib/money";
import * as orderRoute from "~/routes/account/order";
import * as invoiceRoute from "~/routes/account/order-invoice";
import * as ordersRoute from "~/routes/account/orders";
import * as checkoutRoute from "~/routes/store/checkout";
import * as payRoute from "~/routes/store/checkout-pay";
import { createTestUser, TEST_PASSWORD, type TestUser } from "../helpers/auth";
import { asUser, buyerWithCart, cartOf, createCoupon, enrolmentsOf, getOrder } from "../helpers/checkout";
import { createProduct } from "../helpers/factories";
import { extractPdfText } from "../helpers/pdf-text";
import { flashOf, makeRequest, routeCall, thrownStatus } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type AnyFn = (args: any) => any;

async function call(fn: AnyFn, path: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  try {
    return await routeCall(fn, { request: makeRequest(path, init), params, context: {} });
  } catch (thrown) {
    return thrown;
  }
}

async function post(user: TestUser | null, fields: Record<string, string>) {
  const init: RequestInit = { method: "POST", body: new URLSearchParams(fields) };
  return user ? asUser(user, init) : init;
}

/** The status and body of what a loader/action returned or threw (Response or data()). */
function outcome(result: unknown): { status: number; location?: string | null; body?: unknown; headers?: Headers } {
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), headers: result.headers };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const r = result as { init?: ResponseInit; data: unknown };
    return { status: r.init?.status ?? 200, body: r.data };
  }
  return { status: 200, body: result };
}

/** A route's page as the server renders it from its loader's data. */
// biome-ignore lint/suspicious/noExplicitAny: the generated ComponentProps also carry params and matches
let rendered: { Component: any; loaderData: unknown } | undefined;
function RenderedPage() {
  return createElement(rendered!.Component, { loaderData: rendered!.loaderData, params: {}, matches: [] });
}
const PageStub = createRoutesStub([{ path: "*", Component: RenderedPage }]);
function renderPage(route: { default: unknown }, loaderData: unknown) {
  rendered = { Component: route.default, loaderData };
  return renderToStaticMarkup(createElement(PageStub, { initialEntries: ["/"] }));
}
const renderCheckout = (loaderData: unknown) => renderPage(checkoutRoute, loaderData);

async function orderCount() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(schema.orders);
  return row!.n;
}

describe("/checkout", () => {
  it("asks an anonymous visitor to sign in, and refuses to place an order without an account", async () => {
    const loaded = await call(checkoutRoute.loader, "/checkout");
    expect(loaded).toMatchObject({ signedIn: false });
    const placed = outcome(await call(checkoutRoute.action, "/checkout", await post(null, {})));
    expect(placed.status).toBe(302);
    expect(placed.location).toBe("/login?redirectTo=%2Fcheckout");
    expect(await orderCount()).toBe(0);
  });

  it("lets a guest log in right on /checkout: the guest cart is merged and the buyer comes back to /checkout", async () => {
    const buyer = await createTestUser({ name: "Asha Verma" });
    const course = await createProduct({ title: "Inline Login Course", kind: "course", pricePaise: 50_000 });
    expect(await call(checkoutRoute.loader, "/checkout?account=new")).toMatchObject({
      signedIn: false,
      newAccount: true,
    });

    const wrong = outcome(
      await call(
        checkoutRoute.action,
        "/checkout",
        await post(null, {
          intent: "login",
          email: buyer.email,
          password: "not-the-password",
          guestCart: `${course.id}`,
        }),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      intent: "login",
      values: { email: buyer.email },
      formError: "Incorrect email or password.",
    });
    expect(await cartOf(buyer.id)).toEqual([]);

    const result = await call(
      checkoutRoute.action,
      "/checkout",
      await post(null, { intent: "login", email: buyer.email, password: TEST_PASSWORD, guestCart: `${course.id}` }),
    );
    expect(outcome(result)).toMatchObject({ status: 302, location: "/checkout" });
    expect((result as Response).headers.get("set-cookie")).toMatch(/session_token=/);
    expect(await cartOf(buyer.id)).toEqual([course.id]);
    expect(await orderCount()).toBe(0);
  });

  it("lets a guest sign up on /checkout; a refused sign-up stores nothing", async () => {
    const db = await getDb();
    const email = `inline-${Date.now()}@example.com`;
    const short = outcome(
      await call(
        checkoutRoute.action,
        "/checkout",
        await post(null, { intent: "signup", name: "Ravi Kumar", email, password: "short" }),
      ),
    );
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      intent: "signup",
      values: { name: "Ravi Kumar", email },
      fieldErrors: { password: expect.stringMatching(/at least/) },
    });
    expect(await db.select().from(schema.users).where(eq(schema.users.email, email))).toHaveLength(0);

    const note = await createProduct({ title: "Inline Signup Notes", kind: "note", pricePaise: 2_500 });
    const made = await call(
      checkoutRoute.action,
      "/checkout",
      await post(null, {
        intent: "signup",
        name: "Ravi Kumar",
        email,
        password: TEST_PASSWORD,
        guestCart: `${note.id}`,
      }),
    );
    expect(outcome(made)).toMatchObject({ status: 302, location: "/checkout" });
    const [created] = await db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(created?.name).toBe("Ravi Kumar");
    expect(await cartOf(created!.id)).toEqual([note.id]);
  });

  it("a signed-in buyer posting the log-in form again is just sent to /checkout: no order is placed", async () => {
    const { user } = await buyerWithCart();
    const before = await orderCount();
    const again = outcome(
      await call(
        checkoutRoute.action,
        "/checkout",
        await post(user, { intent: "login", email: user.email, password: TEST_PASSWORD }),
      ),
    );
    expect(again).toMatchObject({ status: 302, location: "/checkout" });
    expect(await orderCount()).toBe(before);
    expect(await cartOf(user.id)).toHaveLength(2);
  });

  it("shows the server's prices and the coupon's effect", async () => {
    const { user } = await buyerWithCart();
    await createCoupon({ code: "SAVE10" });
    const loaded = await call(checkoutRoute.loader, "/checkout?coupon=save10", await asUser(user));
    expect(loaded.summary.totals).toMatchObject({ subtotalPaise: 102_498, discountPaise: 10_250, totalPaise: 108_853 });
    const unknown = await call(checkoutRoute.loader, "/checkout?coupon=WHAT", await asUser(user));
    expect(unknown.summary.couponError).toMatch(/does not exist/);
    const malformed = await call(checkoutRoute.loader, "/checkout?coupon=%3Cscript%3E", await asUser(user));
    expect(malformed.couponFormatError).toMatch(/only letters, digits/);
  });

  it("shows no GST or total until the buyer's state is known, then exactly what the order charges", async () => {
    // ₹990.15: 18% is 178.227 → ₹178.23, but CGST + SGST are 89.1135 → ₹89.11 twice = ₹178.22.
    const user = await createTestUser({ name: "Ravi Kumar", stateCode: null });
    const course = await createProduct({ title: "Paisa Course", pricePaise: 99_015 });
    const db = await getDb();
    await db.insert(schema.cartItems).values({ userId: user.id, productId: course.id });
    const before = await call(checkoutRoute.loader, "/checkout", await asUser(user));
    expect(before.summary.totals).toBeNull();
    const page = renderCheckout(before);
    expect(page).toContain("Depends on your state");
    expect(page).toContain("Choose your state below");
    expect(page).not.toMatch(/₹1,168\.3\d|₹178\.2\d/);
    expect(page).toContain("Continue to payment");
    // The page has both ways ready: the state chosen shows its own figures at once.
    expect(totalsFor(before.summary.byPlace, "08")).toMatchObject({ gstPaise: 17_822, totalPaise: 116_837 });
    expect(totalsFor(before.summary.byPlace, "27")).toMatchObject({ gstPaise: 17_823, totalPaise: 116_838 });

    const placed = outcome(
      await call(checkoutRoute.action, "/checkout", await post(user, { coupon: "", state: "08" })),
    );
    expect(placed.status).toBe(302);
    const order = await getOrder(placed.location!.split("/").pop()!);
    expect(order).toMatchObject({ cgstPaise: 8_911, sgstPaise: 8_911, gstPaise: 17_822, totalPaise: 116_837 });
    // Back on /checkout with the state saved (the payment abandoned): the figures and the button are the order's.
    const after = renderCheckout(await call(checkoutRoute.loader, "/checkout", await asUser(user)));
    expect(after).toContain("₹1,168.37");
    expect(after).toContain("Pay ₹1,168.37");
    expect(after).not.toContain("₹1,168.38");
  });

  it("says a ₹0 checkout issues no GST invoice", async () => {
    const user = await createTestUser({ stateCode: null });
    const free = await createProduct({ title: "Free Sample", pricePaise: 0 });
    const db = await getDb();
    await db.insert(schema.cartItems).values({ userId: user.id, productId: free.id });
    const page = renderCheckout(await call(checkoutRoute.loader, "/checkout", await asUser(user)));
    expect(page).toContain("Get it now — Free");
    expect(page).toContain(FREE_ORDER_NOTE);
    expect(page).not.toContain("A GST invoice is emailed");
    // Placed: its page and its email say there is no invoice, rather than promise one.
    const placed = outcome(await call(checkoutRoute.action, "/checkout", await post(user, { coupon: "" })));
    const orderId = placed.location!.split("/").pop()!;
    const orderPage = renderPage(
      orderRoute,
      await call(orderRoute.loader, `/account/orders/${orderId}`, await asUser(user), { orderId }),
    );
    expect(orderPage).toContain(FREE_ORDER_NO_INVOICE);
    expect(orderPage).not.toContain("Download GST invoice");
    const [mail] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email));
    expect(mail!.text).toContain("Total: Free");
    expect(mail!.text).toContain(FREE_ORDER_NO_INVOICE);
    expect(mail!.html).toContain(FREE_ORDER_NO_INVOICE);
    expect(mail!.text).not.toMatch(/GST \(18%\)|invoice .* is attached/);
  });

  it("ignores tampered client prices: the order is priced from the database", async () => {
    const { user, course, note } = await buyerWithCart();
    const result = outcome(
      await call(
        checkoutRoute.action,
        "/checkout",
        await post(user, {
          coupon: "",
          pricePaise: "1",
          subtotalPaise: "1",
          totalPaise: "1",
          gstPaise: "0",
          [`items[${course.id}][pricePaise]`]: "1",
          [`items[${note.id}][pricePaise]`]: "1",
        }),
      ),
    );
    expect(result.status).toBe(302);
    const orderId = result.location!.split("/").pop()!;
    expect(result.location).toBe(`/checkout/pay/${orderId}`);
    const order = await getOrder(orderId);
    expect(order).toMatchObject({ subtotalPaise: 102_498, gstPaise: 18_450, totalPaise: 120_948, userId: user.id });
  });

  it("answers a bad or unknown coupon with 400 next to the field and stores nothing", async () => {
    const { user } = await buyerWithCart();
    const bad = outcome(await call(checkoutRoute.action, "/checkout", await post(user, { coupon: "x".repeat(60) })));
    expect(bad).toMatchObject({ status: 400, body: { fieldErrors: { coupon: expect.any(String) } } });
    const unknown = outcome(await call(checkoutRoute.action, "/checkout", await post(user, { coupon: "NOPE" })));
    expect(unknown).toMatchObject({
      status: 400,
      body: { fieldErrors: { coupon: expect.stringMatching(/does not exist/) } },
    });
    expect(await orderCount()).toBe(0);
  });

  it("answers an empty cart with 409", async () => {
    const user = await createTestUser();
    const result = outcome(await call(checkoutRoute.action, "/checkout", await post(user, {})));
    expect(result).toMatchObject({ status: 409, body: { formError: expect.stringMatching(/cart is empty/) } });
  });
});

describe("/checkout/pay/:orderId (test gateway)", () => {
  async function pendingOrder() {
    const bought = await buyerWithCart();
    const placed = await placeOrder(await getDb(), bought.user.id);
    return { ...bought, orderId: placed.orderId };
  }

  it("shows Test mode with the order for its owner only", async () => {
    const { user, orderId } = await pendingOrder();
    const page = await call(payRoute.loader, `/checkout/pay/${orderId}`, await asUser(user), { orderId });
    expect(page).toMatchObject({ testMode: true, razorpay: null, order: { id: orderId } });
    const stranger = await createTestUser();
    const strangerInit = await asUser(stranger);
    const ownerInit = await asUser(user);
    expect(
      await thrownStatus(() =>
        routeCall(payRoute.loader, {
          request: makeRequest(`/checkout/pay/${orderId}`, strangerInit),
          params: { orderId },
          context: {},
        } as never),
      ),
    ).toBe(404);
    expect(
      await thrownStatus(() =>
        routeCall(payRoute.loader, {
          request: makeRequest("/checkout/pay/nope", ownerInit),
          params: { orderId: "nope" },
          context: {},
        } as never),
      ),
    ).toBe(404);
  });

  it("Pay fulfils and redirects to the order; a second Pay changes nothing", async () => {
    const { user, orderId, course, note } = await pendingOrder();
    const paid = outcome(
      await call(payRoute.action, `/checkout/pay/${orderId}`, await post(user, { intent: "pay" }), { orderId }),
    );
    expect(paid).toMatchObject({ status: 302, location: `/account/orders/${orderId}` });
    expect(await flashOf(paid.headers!)).toBe(ORDER_COMPLETE);
    expect((await enrolmentsOf(user.id)).map((e) => e.productId).sort((a, b) => a - b)).toEqual(
      [course.id, note.id].sort((a, b) => a - b),
    );
    const again = outcome(
      await call(payRoute.action, `/checkout/pay/${orderId}`, await post(user, { intent: "pay" }), { orderId }),
    );
    expect(again.status).toBe(302);
    expect(await enrolmentsOf(user.id)).toHaveLength(2);
    // The paid order's pay page now sends the buyer to the order.
    const page = outcome(await call(payRoute.loader, `/checkout/pay/${orderId}`, await asUser(user), { orderId }));
    expect(page).toMatchObject({ status: 302, location: `/account/orders/${orderId}` });
  });

  it("Fail grants nothing, keeps the cart and returns to checkout", async () => {
    const { user, orderId, course, note } = await pendingOrder();
    const failed = outcome(
      await call(payRoute.action, `/checkout/pay/${orderId}`, await post(user, { intent: "fail" }), { orderId }),
    );
    expect(failed).toMatchObject({ status: 302, location: "/checkout" });
    expect(await flashOf(failed.headers!)).toBe(PAYMENT_FAILED);
    expect((await getOrder(orderId)).status).toBe("failed");
    expect(await enrolmentsOf(user.id)).toEqual([]);
    expect(await cartOf(user.id)).toEqual([course.id, note.id].sort((a, b) => a - b));
  });

  it("refuses unknown intents with 400 and other people's orders with 404", async () => {
    const { user, orderId } = await pendingOrder();
    const bad = outcome(
      await call(payRoute.action, `/checkout/pay/${orderId}`, await post(user, { intent: "steal" }), { orderId }),
    );
    expect(bad.status).toBe(400);
    const stranger = await createTestUser();
    const other = outcome(
      await call(payRoute.action, `/checkout/pay/${orderId}`, await post(stranger, { intent: "pay" }), { orderId }),
    );
    expect(other.status).toBe(404);
    expect((await getOrder(orderId)).status).toBe("pending");
  });
});

describe("/account/orders", () => {
  it("lists only the user's orders, and an order page is 404 for anyone else", async () => {
    const { user } = await buyerWithCart();
    const placed = await placeOrder(await getDb(), user.id);
    await settleTestPayment(await getDb(), user.id, placed.orderId, "pay");
    const stranger = await createTestUser();

    const mine = await call(ordersRoute.loader, "/account/orders", await asUser(user));
    expect(mine.orders).toHaveLength(1);
    expect(mine.orders[0]).toMatchObject({
      id: placed.orderId,
      status: "fulfilled",
      itemCount: 2,
      totalPaise: 120_948,
    });
    expect((await call(ordersRoute.loader, "/account/orders", await asUser(stranger))).orders).toEqual([]);
    expect(outcome(await call(ordersRoute.loader, "/account/orders")).status).toBe(302);

    const detail = await call(orderRoute.loader, `/account/orders/${placed.orderId}`, await asUser(user), {
      orderId: placed.orderId,
    });
    expect(detail.order).toMatchObject({ status: "fulfilled", invoiceNumber: expect.stringMatching(/^CA\//) });
    expect(detail.order.items).toHaveLength(2);
    expect(
      outcome(
        await call(orderRoute.loader, `/account/orders/${placed.orderId}`, await asUser(stranger), {
          orderId: placed.orderId,
        }),
      ).status,
    ).toBe(404);
    expect(
      outcome(await call(orderRoute.loader, "/account/orders/123", await asUser(user), { orderId: "123" })).status,
    ).toBe(404);
  });

  it("serves the invoice PDF to the owner only, and only once paid", async () => {
    const { user } = await buyerWithCart();
    const placed = await placeOrder(await getDb(), user.id);
    const params = { orderId: placed.orderId };
    const path = `/account/orders/${placed.orderId}/invoice`;
    expect(outcome(await call(invoiceRoute.loader, path, await asUser(user), params)).status).toBe(404);
    await settleTestPayment(await getDb(), user.id, placed.orderId, "pay");
    const response = (await call(invoiceRoute.loader, path, await asUser(user), params)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /attachment; filename="invoice-CA-\d\d-\d\d-000001\.pdf"/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    const order = await getOrder(placed.orderId);
    expect(pdf.getTitle()).toBe(`Tax Invoice ${order.invoiceNumber}`);
    // The order's snapshot: a buyer in Maharashtra, the seeded seller in Rajasthan, so IGST.
    const text = extractPdfText(bytes).replace(/\s+/g, " ");
    expect(text).toContain(`Invoice No: ${order.invoiceNumber}`);
    expect(text).toContain("Asha Verma");
    expect(text).toContain("Place of supply: Maharashtra (27)");
    expect(text).toContain("State: Rajasthan (08)");
    expect(text).toContain(`IGST @ 18% ${formatPaise(order.igstPaise)}`);
    expect(text).toContain(`Total ${formatPaise(order.totalPaise)}`);
    expect(text).toContain(`Amount in words: ${amountInWords(order.totalPaise)}`);
    const stranger = await createTestUser();
    expect(outcome(await call(invoiceRoute.loader, path, await asUser(stranger), params)).status).toBe(404);
    const db = await getDb();
    const [settings] = await db.select().from(schema.settings).where(eq(schema.settings.id, 1));
    expect(settings?.sellerGstin).toBeTruthy();
  });
});
