/**
 * Bundles (issue 36): the price (sum, saving), the price of a buyer who owns some items on the page,
 * in the cart and at checkout (one rule), the refusal when they own it all, what buying grants (and
 * skips), what a refund of the bundle revokes (only what it granted) with one credit note, the GST line
 * (one supply, tax on the bundle price, its items in the description), and the admin editor's refusals.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { addToCart as addToServerCart, getCart } from "~/features/cart/cart.server";
import { bundleOffer } from "~/features/catalog/bundles";
import { getCheckoutSummary, placeOrder } from "~/features/checkout/checkout.server";
import { refundOrder } from "~/features/orders/refund.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { gstPaise } from "~/lib/money";
import * as bundleEdit from "~/routes/admin/bundle-edit";
import * as courses from "~/routes/admin/courses";
import * as catalogClass from "~/routes/store/catalog-class";
import * as productPage from "~/routes/store/product";
import { cookieFor, createTestUser } from "../helpers/auth";
import { addToCart, cartOf, createCoupon, enrolmentsOf, getOrder } from "../helpers/checkout";
import { getTestDb } from "../helpers/db";
import { createProduct } from "../helpers/factories";
import { callAction } from "../helpers/form";
import { callLoader, makeRequest, routeCall, thrownStatus } from "../helpers/route";

const BUNDLE_TITLE = "Class 12 Commerce — complete";
const BUNDLE_PRICE = 249_900;
// The seeded Class 12 items: three courses, three notes, three sample papers.
const ITEMS_SUM = 99_900 + 98_900 + 97_900 + 2_400 + 1_400 + 900 + 4_900 + 4_900 + 3_900;

async function seededBundle() {
  const { db } = await getTestDb();
  const [bundle] = await db.select().from(schema.products).where(eq(schema.products.kind, "bundle"));
  const items = await db
    .select({ id: schema.products.id, title: schema.products.title, pricePaise: schema.products.pricePaise })
    .from(schema.bundleItems)
    .innerJoin(schema.products, eq(schema.products.id, schema.bundleItems.productId))
    .where(eq(schema.bundleItems.bundleId, bundle!.id))
    .orderBy(schema.bundleItems.position);
  const byTitle = (title: string) => items.find((i) => i.title === title)!;
  return { db, bundle: bundle!, items, byTitle };
}

async function grant(userId: string, productIds: number[]) {
  const { db } = await getTestDb();
  await db
    .insert(schema.enrolments)
    .values(productIds.map((productId) => ({ userId, productId, source: "grant" as const })));
}

async function pageOf(bundleId: number, cookie?: string) {
  const request = makeRequest(`/bundles/${bundleId}`, cookie ? { headers: { cookie } } : undefined);
  const data = await routeCall(productPage.loader, { request, params: { id: String(bundleId) } });
  return { data, offer: bundleOffer(data.product.pricePaise, data.bundleItems, data.owned) };
}

describe("a bundle's price", () => {
  it("is its own, below the sum of its items' prices, on its page and in the Class 12 list", async () => {
    const { bundle, items } = await seededBundle();
    expect(bundle.title).toBe(BUNDLE_TITLE);
    expect(bundle.isSample).toBe(true);
    expect(items).toHaveLength(9);
    const { data, offer } = await pageOf(bundle.id);
    expect(data.product.pricePaise).toBe(BUNDLE_PRICE);
    expect(data.bundleItems.map((i) => i.title)).toEqual(items.map((i) => i.title));
    expect(data.owned).toBeUndefined();
    expect(offer).toMatchObject({
      sumPaise: ITEMS_SUM,
      savingPaise: ITEMS_SUM - BUNDLE_PRICE,
      pricePaise: BUNDLE_PRICE,
      allOwned: false,
    });
    const list = await callLoader(catalogClass.loader, "/bundles/std/12", { std: "12" });
    expect(list.products.map((p) => p.title)).toEqual([BUNDLE_TITLE]);
    // A bundle's page is only under /bundles.
    expect(
      await thrownStatus(() => callLoader(productPage.loader, `/courses/${bundle.id}`, { id: String(bundle.id) })),
    ).toBe(404);
  });

  it("is less what a buyer owns, the same on the page, in the cart and at checkout, and the order charges it with its coupon", async () => {
    const { db, bundle, items, byTitle } = await seededBundle();
    const user = await createTestUser();
    const owned = [byTitle("Accountancy Class 12"), byTitle("Macroeconomics Quick Revision")];
    await grant(
      user.id,
      owned.map((o) => o.id),
    );
    const reduced = BUNDLE_PRICE - owned[0]!.pricePaise - owned[1]!.pricePaise;

    const { offer } = await pageOf(bundle.id, await cookieFor(user));
    expect(offer.ownedIds.sort()).toEqual(owned.map((o) => o.id).sort());
    expect(offer.pricePaise).toBe(reduced);

    const { items: cart } = await addToServerCart(db, user.id, bundle.id);
    expect(cart.map((c) => [c.title, c.pricePaise])).toEqual([[BUNDLE_TITLE, reduced]]);
    expect((await getCart(db, user.id))[0]!.pricePaise).toBe(reduced);

    const summary = await getCheckoutSummary(db, user.id);
    expect(summary.lines.map((l) => l.pricePaise)).toEqual([reduced]);
    expect(summary.totals?.igstPaise).toBe(gstPaise(reduced));
    expect(summary.lines[0]!.includes?.map((i) => i.title)).toEqual(
      items.filter((i) => !owned.includes(i)).map((i) => i.title),
    );

    await createCoupon({ code: "BUNDLE10", kind: "percent", value: 10 });
    const placed = await placeOrder(db, user.id, { couponCode: "BUNDLE10" });
    const order = await getOrder(placed.orderId);
    const discount = Math.floor((reduced * 10 + 50) / 100);
    expect(order.subtotalPaise).toBe(reduced);
    expect(order.discountPaise).toBe(discount);
    expect(order.igstPaise).toBe(gstPaise(reduced - discount));
    expect(order.totalPaise).toBe(reduced - discount + gstPaise(reduced - discount));
  });

  it("cannot be bought by a buyer who owns every item: the cart and checkout refuse it", async () => {
    const { db, bundle, items } = await seededBundle();
    const user = await createTestUser();
    await grant(
      user.id,
      items.map((i) => i.id),
    );
    const { offer } = await pageOf(bundle.id, await cookieFor(user));
    expect(offer.allOwned).toBe(true);
    const result = await addToServerCart(db, user.id, bundle.id);
    expect(result.notices).toEqual([`You already own everything in "${BUNDLE_TITLE}".`]);
    expect(result.items).toEqual([]);
    expect(await cartOf(user.id)).toEqual([]);
    // In the cart all the same (added before the items were bought): shown as theirs, never sold.
    await addToCart(user.id, [bundle.id]);
    expect(await getCart(db, user.id)).toEqual([]);
    const summary = await getCheckoutSummary(db, user.id);
    expect(summary.lines).toEqual([]);
    expect(summary.owned.map((l) => l.title)).toEqual([BUNDLE_TITLE]);
    await expect(placeOrder(db, user.id)).rejects.toMatchObject({ status: 409 });
  });

  it("is never in a cart with one of its own items: adding the bundle replaces it, adding the item is refused, checkout refuses both", async () => {
    const { db, bundle, byTitle } = await seededBundle();
    const user = await createTestUser();
    const economics = byTitle("Economics Class 12");
    await addToServerCart(db, user.id, economics.id);
    const added = await addToServerCart(db, user.id, bundle.id);
    expect(added.notices).toEqual([
      `"Economics Class 12" is part of "${BUNDLE_TITLE}", so it was removed from your cart.`,
    ]);
    expect(await cartOf(user.id)).toEqual([bundle.id]);
    const refused = await addToServerCart(db, user.id, economics.id);
    expect(refused.notices).toEqual([`"Economics Class 12" is part of "${BUNDLE_TITLE}" in your cart.`]);
    expect(await cartOf(user.id)).toEqual([bundle.id]);
    // Both in the cart anyway (the item was added to the bundle later): checkout says so and refuses.
    await addToCart(user.id, [economics.id]);
    const message = `"Economics Class 12" is part of the bundle "${BUNDLE_TITLE}" in your cart: remove one of them to continue.`;
    expect((await getCheckoutSummary(db, user.id)).duplicate).toBe(message);
    await expect(placeOrder(db, user.id)).rejects.toMatchObject({ status: 409, message });
    expect(await db.$count(schema.orders, eq(schema.orders.userId, user.id))).toBe(0);
  });
});

describe("buying and refunding a bundle", () => {
  it("grants each item it supplies and the bundle, skips what the buyer owned; the invoice has one line listing them; a refund revokes only those, with one credit note", async () => {
    const { db, bundle, items, byTitle } = await seededBundle();
    const admin = await createTestUser({ role: "admin" });
    const user = await createTestUser();
    const before = byTitle("Business Studies Case Study Guide");
    await grant(user.id, [before.id]);
    await addToServerCart(db, user.id, bundle.id);
    const placed = await placeOrder(db, user.id);
    await settleTestPayment(db, user.id, placed.orderId, "pay");
    const order = await getOrder(placed.orderId);
    expect(order.status).toBe("fulfilled");

    // One supply: one line at the reduced price, the course SAC, tax on that price, the items it supplies.
    const lines = await db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
    const price = BUNDLE_PRICE - before.pricePaise;
    const [settings] = await db.select().from(schema.settings);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      productId: bundle.id,
      title: BUNDLE_TITLE,
      pricePaise: price,
      taxablePaise: price,
      igstPaise: gstPaise(price),
      sacCode: settings!.sacCode,
    });
    const supplied = items.filter((i) => i.id !== before.id);
    expect(lines[0]!.includes?.map((i) => i.productId)).toEqual(supplied.map((i) => i.id));
    const invoiceLines = (order.invoiceDocument as { lines: { title: string; includes?: string[] }[] }).lines;
    expect(invoiceLines).toEqual([
      expect.objectContaining({ title: BUNDLE_TITLE, includes: supplied.map((i) => i.title) }),
    ]);

    const live = await enrolmentsOf(user.id);
    expect(
      live
        .filter((e) => e.orderId === order.id)
        .map((e) => e.productId)
        .sort(),
    ).toEqual([bundle.id, ...supplied.map((i) => i.id)].sort());
    // What they owned before keeps its own enrolment, once.
    expect(live.filter((e) => e.productId === before.id)).toEqual([expect.objectContaining({ orderId: null })]);

    const refund = await refundOrder(db, order.id, admin.id, { itemIds: [lines[0]!.id] });
    expect(refund.whole).toBe(true);
    expect(refund.revokedEnrolments).toBe(1 + supplied.length);
    expect(refund.amountPaise).toBe(order.totalPaise);
    const after = await enrolmentsOf(user.id);
    expect(after.map((e) => e.productId)).toEqual([before.id]);
    const notes = await db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, order.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.totalPaise).toBe(order.totalPaise);
    // The credit note reverses the one supply, described as the invoice described it.
    expect((notes[0]!.document as { lines: unknown[] }).lines).toEqual([
      expect.objectContaining({ title: BUNDLE_TITLE, includes: supplied.map((i) => i.title) }),
    ]);
    expect((await getOrder(order.id)).status).toBe("refunded");
    // The items are for sale to them again (nothing left owned by the refunded order).
    const stillOwned = await db
      .select({ id: schema.enrolments.id })
      .from(schema.enrolments)
      .where(
        and(
          eq(schema.enrolments.orderId, order.id),
          inArray(
            schema.enrolments.productId,
            supplied.map((i) => i.id),
          ),
          isNull(schema.enrolments.revokedAt),
        ),
      );
    expect(stillOwned).toEqual([]);
  });
});

describe("the admin's bundle editor", () => {
  async function post(fields: Record<string, string>, opts: { id?: number; cookie?: string } = {}) {
    const path = opts.id ? `/admin/bundles/${opts.id}` : "/admin/bundles/new";
    const cookie = opts.cookie ?? (await cookieFor(await createTestUser({ role: "admin" })));
    return callAction<{ fieldErrors: Record<string, string>; formError?: string }>(bundleEdit.action, path, fields, {
      cookie,
      params: opts.id ? { id: String(opts.id) } : {},
    });
  }
  const base = {
    title: "Economics pair",
    category: "economics",
    classLevel: "12",
    status: "published",
    description: "",
  };

  it("creates a bundle of existing items at a price below their sum, and shows the sum and saving", async () => {
    const { db, byTitle } = await seededBundle();
    const a = byTitle("Economics Class 12");
    const b = byTitle("Macroeconomics Quick Revision");
    const result = await post({ ...base, price: "999", [`item_${a.id}`]: "on", [`item_${b.id}`]: "on" });
    expect(result.status).toBe(302);
    const id = Number(result.location!.split("/").pop());
    const [row] = await db.select().from(schema.products).where(eq(schema.products.id, id));
    expect(row).toMatchObject({ kind: "bundle", title: "Economics pair", pricePaise: 99_900, status: "published" });
    const admin = await createTestUser({ role: "admin" });
    const page = await routeCall(bundleEdit.loader, {
      request: makeRequest(`/admin/bundles/${id}`, { headers: { cookie: await cookieFor(admin) } }),
      params: { id: String(id) },
    });
    expect(page.bundle!.items.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(bundleOffer(page.bundle!.pricePaise, page.bundle!.items, null)).toMatchObject({
      sumPaise: a.pricePaise + b.pricePaise,
      savingPaise: a.pricePaise + b.pricePaise - 99_900,
    });
  });

  it("refuses fewer than two items, a price at or above the sum, a draft item in a published bundle and a bundle inside a bundle, saving nothing", async () => {
    const { db, bundle, byTitle } = await seededBundle();
    const a = byTitle("Economics Class 12");
    const b = byTitle("Macroeconomics Quick Revision");
    const draft = await createProduct({ kind: "note", status: "draft", title: "Draft notes", pricePaise: 1_000 });
    const count = () => db.$count(schema.products, eq(schema.products.kind, "bundle"));
    const before = await count();
    const cases: [Record<string, string>, string, string][] = [
      [{ price: "500", [`item_${a.id}`]: "on" }, "items", "Choose at least two items."],
      [
        { price: String((a.pricePaise + b.pricePaise) / 100), [`item_${a.id}`]: "on", [`item_${b.id}`]: "on" },
        "price",
        "The bundle's price must be below the sum of its items (₹1,003).",
      ],
      [
        { price: "500", [`item_${a.id}`]: "on", [`item_${draft.id}`]: "on" },
        "items",
        '"Draft notes" is not published: publish it first, or save the bundle as a draft.',
      ],
      [
        { price: "500", [`item_${a.id}`]: "on", [`item_${bundle.id}`]: "on" },
        "items",
        `"${BUNDLE_TITLE}" is a bundle: a bundle cannot contain one.`,
      ],
      [
        { price: "abc", [`item_${a.id}`]: "on", [`item_${b.id}`]: "on" },
        "price",
        "Enter a price in rupees, e.g. 999 or 999.99.",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const result = await post({ ...base, ...fields });
      expect(result.status, message).toBe(400);
      expect(result.data?.fieldErrors[field]).toBe(message);
    }
    expect(await count()).toBe(before);
    // Editing the seeded bundle to a price at its sum is refused too, and it keeps its price.
    const edit = await post(
      {
        ...base,
        title: BUNDLE_TITLE,
        price: String(ITEMS_SUM / 100),
        ...Object.fromEntries((await seededBundle()).items.map((i) => [`item_${i.id}`, "on"])),
      },
      { id: bundle.id },
    );
    expect(edit.status).toBe(400);
    const [kept] = await db.select().from(schema.products).where(eq(schema.products.id, bundle.id));
    expect(kept!.pricePaise).toBe(BUNDLE_PRICE);
  });

  it("lists bundles in Course Management's Bundles tab", async () => {
    const { bundle } = await seededBundle();
    const admin = await createTestUser({ role: "admin" });
    const page = await routeCall(courses.loader, {
      request: makeRequest("/admin/courses?kind=bundle", { headers: { cookie: await cookieFor(admin) } }),
    });
    expect(page.query.kind).toBe("bundle");
    expect(page.rows.map((r) => r.id)).toEqual([bundle.id]);
  });

  it("is for admins only", async () => {
    const student = await createTestUser();
    const cookie = await cookieFor(student);
    expect((await post({ ...base, price: "1" }, { cookie })).status).toBe(403);
  });
});
