/**
 * Business buyers (B2B) and the buyer's address on large invoices (issue 30): the checkout and
 * account forms, the order's snapshot, and what the invoice and credit note print.
 */
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { BUYER_MESSAGES } from "~/features/gst/buyer";
import { refundOrder } from "~/features/orders/refund.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import * as accountRoute from "~/routes/account/account";
import * as creditNoteRoute from "~/routes/account/order-credit-note";
import * as invoiceRoute from "~/routes/account/order-invoice";
import * as checkoutRoute from "~/routes/store/checkout";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { addToCart, getOrder } from "../helpers/checkout";
import { createProduct } from "../helpers/factories";
import { callAction } from "../helpers/form";
import { extractPdfText } from "../helpers/pdf-text";
import { makeRequest, routeCall } from "../helpers/route";

type Failure = { fieldErrors: Record<string, string>; formError?: string };

const BUSINESS = {
  gstin: "27AABCB1234C1ZE",
  legalName: "Bright Future Coaching Pvt Ltd",
  address: "Office 4, Linking Road\nBandra West, Mumbai 400050",
};

/** A buyer in Maharashtra (27) with one item of this price in the server cart. */
async function buyer(pricePaise: number, stateCode = "27") {
  const user = await createTestUser({ name: "Asha Verma", stateCode });
  const product = await createProduct({ title: "Accountancy Class 12", pricePaise });
  await addToCart(user.id, [product.id]);
  return { user, cookie: await cookieFor(user) };
}

async function checkoutPage(cookie: string) {
  return routeCall(checkoutRoute.loader, {
    request: makeRequest("/checkout", { headers: { cookie } }),
    params: {},
    context: {},
  } as never) as Promise<Extract<Awaited<ReturnType<typeof checkoutRoute.loader>>, { signedIn: true }>>;
}

function checkout(cookie: string, fields: Record<string, string>) {
  return callAction<Failure>(checkoutRoute.action, "/checkout", { coupon: "", ...fields }, { cookie });
}

/** Pays the order the checkout redirected to, and returns it. */
async function pay(user: TestUser, location: string | null) {
  expect(location).toMatch(/^\/checkout\/pay\//);
  const orderId = location!.split("/").pop()!;
  await settleTestPayment(await getDb(), user.id, orderId, "pay");
  return getOrder(orderId);
}

async function pdfText(route: { loader: (args: never) => unknown }, path: string, orderId: string, cookie: string) {
  const response = (await routeCall(route.loader, {
    request: makeRequest(path, { headers: { cookie } }),
    params: { orderId },
    context: {},
  } as never)) as Response;
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  return extractPdfText(new Uint8Array(await response.arrayBuffer())).replace(/\s+/g, " ");
}

async function orderCount() {
  const [row] = await (await getDb()).select({ n: count() }).from(schema.orders);
  return row!.n;
}

async function savedDetails(userId: string) {
  const [row] = await (await getDb())
    .select({
      stateCode: schema.users.stateCode,
      gstin: schema.users.gstin,
      legalName: schema.users.legalName,
      address: schema.users.address,
    })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return row!;
}

describe("business buyers (B2B)", () => {
  it("a GSTIN at checkout makes a B2B invoice and credit note, and is kept on the account for next time", async () => {
    const { user, cookie } = await buyer(99_900);
    const placed = await checkout(cookie, { state: "27", ...BUSINESS, gstin: "27aabcb1234c1ze" });
    const order = await pay(user, placed.location);
    expect(order).toMatchObject({
      placeOfSupply: "27",
      buyerGstin: "27AABCB1234C1ZE",
      buyerLegalName: "Bright Future Coaching Pvt Ltd",
      buyerAddress: "Office 4, Linking Road\nBandra West, Mumbai 400050",
    });
    expect(await savedDetails(user.id)).toEqual({ stateCode: "27", ...BUSINESS });

    const invoice = await pdfText(invoiceRoute, `/account/orders/${order.id}/invoice`, order.id, cookie);
    expect(invoice).toContain("Bright Future Coaching Pvt Ltd");
    expect(invoice).toContain("Office 4, Linking Road Bandra West, Mumbai 400050 Attn: Asha Verma");
    expect(invoice).toContain("State: Maharashtra (27) GSTIN: 27AABCB1234C1ZE");
    expect(invoice).not.toContain("Unregistered");

    await refundOrder(await getDb(), order.id, null);
    const note = await pdfText(creditNoteRoute, `/account/orders/${order.id}/credit-note`, order.id, cookie);
    expect(note).toContain("CREDIT NOTE");
    expect(note).toContain("Bright Future Coaching Pvt Ltd");
    expect(note).toContain("State: Maharashtra (27) GSTIN: 27AABCB1234C1ZE");

    // The next checkout is filled in with them.
    await addToCart(user.id, [(await createProduct({ pricePaise: 4_900 })).id]);
    expect((await checkoutPage(cookie)).summary.buyer).toEqual(BUSINESS);
  });

  it("refuses a GSTIN registered in another state than the place of supply, saying so, and changes nothing", async () => {
    const { user, cookie } = await buyer(99_900);
    const refused = await checkout(cookie, { state: "29", ...BUSINESS });
    expect(refused.status).toBe(400);
    expect(refused.data?.fieldErrors.gstin).toBe(
      "This GSTIN is registered in Maharashtra (27), but the state chosen is Karnataka (29). " +
        "A business is billed in the state of its GSTIN: choose Maharashtra or correct the GSTIN.",
    );
    // The refusal keeps what was typed, to fill the form again.
    expect(refused.data).toMatchObject({ values: { gstin: BUSINESS.gstin, legalName: BUSINESS.legalName } });
    // A form without the state is held to the saved one by the server.
    const { user: other, cookie: otherCookie } = await buyer(99_900, "29");
    const unsaid = await checkout(otherCookie, BUSINESS);
    expect(unsaid.status).toBe(400);
    expect(unsaid.data?.fieldErrors.gstin).toMatch(
      /registered in Maharashtra \(27\), but the state chosen is Karnataka/,
    );
    // A GSTIN without its registered name and address, or with a typing mistake.
    const incomplete = await checkout(cookie, { state: "27", gstin: BUSINESS.gstin });
    expect(incomplete.data?.fieldErrors).toEqual({
      legalName: BUYER_MESSAGES.legalName,
      address: BUYER_MESSAGES.businessAddress,
    });
    const typo = await checkout(cookie, { state: "27", ...BUSINESS, gstin: "27AABCB1234C1ZF" });
    expect(typo.data?.fieldErrors.gstin).toMatch(/does not match: check it for a typing mistake/);

    expect(await orderCount()).toBe(0);
    expect(await savedDetails(user.id)).toEqual({ stateCode: "27", gstin: null, legalName: null, address: null });
    expect(await savedDetails(other.id)).toMatchObject({ stateCode: "29", gstin: null });
  });

  it("the account page keeps the business details, held to the same rules", async () => {
    const user = await createTestUser({ name: "Asha Verma", stateCode: "29" });
    const cookie = await cookieFor(user);
    const profile = (fields: Record<string, string>) =>
      callAction<Failure>(
        accountRoute.action,
        "/account",
        { intent: "profile", name: user.name, email: user.email, ...fields },
        { cookie },
      );
    // The saved state is Karnataka: a Maharashtra GSTIN is refused unless the state changes with it.
    const refused = await profile({ state: "", ...BUSINESS });
    expect(refused.status).toBe(400);
    expect(refused.data?.fieldErrors.gstin).toMatch(/registered in Maharashtra \(27\)/);
    expect(await savedDetails(user.id)).toEqual({ stateCode: "29", gstin: null, legalName: null, address: null });

    expect((await profile({ state: "27", ...BUSINESS })).location).toBe("/account");
    expect(await savedDetails(user.id)).toEqual({ stateCode: "27", ...BUSINESS });
    const loaded = await routeCall(accountRoute.loader, {
      request: makeRequest("/account", { headers: { cookie } }),
      params: {},
      context: {},
    } as never);
    expect(loaded.account).toMatchObject(BUSINESS);
    // Emptied: no business details any more.
    expect((await profile({ state: "27", gstin: "", legalName: "", address: "" })).location).toBe("/account");
    expect(await savedDetails(user.id)).toEqual({ stateCode: "27", gstin: null, legalName: null, address: null });
  });
});

describe("the buyer's address on an invoice of ₹50,000 or more (rule 46(f))", () => {
  it("is asked of an unregistered buyer, required by the server, and printed on the invoice", async () => {
    // ₹45,000 + 18% GST = ₹53,100.
    const { user, cookie } = await buyer(45_000_00);
    expect((await checkoutPage(cookie)).summary).toMatchObject({
      asksAddress: true,
      totals: { totalPaise: 53_100_00 },
    });
    const refused = await checkout(cookie, { state: "27", gstin: "", legalName: "", address: "" });
    expect(refused.status).toBe(400);
    expect(refused.data?.fieldErrors).toEqual({ address: BUYER_MESSAGES.address });
    expect(await orderCount()).toBe(0);

    const placed = await checkout(cookie, {
      state: "27",
      address: "Flat 12, Green Park Society\nKothrud, Pune 411038",
    });
    const order = await pay(user, placed.location);
    expect(order).toMatchObject({
      buyerGstin: null,
      buyerLegalName: null,
      buyerAddress: "Flat 12, Green Park Society\nKothrud, Pune 411038",
    });
    const invoice = await pdfText(invoiceRoute, `/account/orders/${order.id}/invoice`, order.id, cookie);
    expect(invoice).toContain(
      "Flat 12, Green Park Society Kothrud, Pune 411038 " +
        `${user.email} State: Maharashtra (27) GSTIN: Unregistered (B2C)`,
    );
  });

  it("is not asked below ₹50,000, and not put on the order even when the form carries one", async () => {
    // ₹42,000 + 18% GST = ₹49,560.
    const { user, cookie } = await buyer(42_000_00);
    expect((await checkoutPage(cookie)).summary).toMatchObject({
      asksAddress: false,
      totals: { totalPaise: 49_560_00 },
    });
    const placed = await checkout(cookie, { state: "27", address: "Flat 12, Green Park Society, Pune 411038" });
    const order = await pay(user, placed.location);
    expect(order).toMatchObject({ buyerGstin: null, buyerAddress: null });
    const invoice = await pdfText(invoiceRoute, `/account/orders/${order.id}/invoice`, order.id, cookie);
    expect(invoice).toContain(`${user.email} State: Maharashtra (27) GSTIN: Unregistered (B2C)`);
    expect(invoice).not.toContain("Green Park");
  });
});
