import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { needsB2cAddress } from "~/features/gst/buyer";
import { confirmPayment } from "~/features/orders/fulfilment.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { gstPaise } from "~/lib/money";
import {
  addToCart,
  buyerWithCart,
  cartOf,
  createCoupon,
  enrolmentsOf,
  getOrder,
} from "../../../tests/helpers/checkout";
import { createProduct, createUser } from "../../../tests/helpers/factories";
import {
  CLAIM_NOT_FREE,
  CLAIM_OWNED,
  CLAIM_TEST,
  claimFreeItem,
  getCheckoutSummary,
  placeOrder,
} from "./checkout.server";
import { totalsFor } from "./pricing";

async function countRows(table: typeof schema.orders | typeof schema.couponRedemptions | typeof schema.emailOutbox) {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(table);
  return row!.n;
}

describe("checkout pricing on the server", () => {
  it("prices the cart from the database with GST (18%) rounded half-up, IGST for a buyer in another state", async () => {
    const { user, course, note } = await buyerWithCart(); // Maharashtra; the seeded seller is in Rajasthan
    const summary = await getCheckoutSummary(await getDb(), user.id);
    expect(summary.lines.map((l) => [l.productId, l.pricePaise])).toEqual([
      [course.id, 99_999],
      [note.id, 2_499],
    ]);
    expect(summary).toMatchObject({ stateCode: "27", supplierStateCode: "08" });
    expect(summary.totals).toMatchObject({
      subtotalPaise: 102_498,
      discountPaise: 0,
      taxablePaise: 102_498,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_450, // 17,999.82 → 18,000 and 449.82 → 450
      gstPaise: 18_450,
      totalPaise: 120_948,
      intraState: false,
    });
  });

  it("charges CGST + SGST to a buyer in the seller's state and keeps the split on the order and its lines", async () => {
    const { user, course, note } = await buyerWithCart();
    const db = await getDb();
    const placed = await placeOrder(db, user.id, { stateCode: "08" });
    const order = await getOrder(placed.orderId);
    // 99,999 × 9% = 8,999.91 → 9,000; 2,499 × 9% = 224.91 → 225
    expect(order).toMatchObject({
      placeOfSupply: "08",
      supplierStateCode: "08",
      cgstPaise: 9_225,
      sgstPaise: 9_225,
      igstPaise: 0,
      gstPaise: 18_450,
      totalPaise: 120_948,
    });
    const items = await db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
    expect(items.map((i) => [i.productId, i.taxablePaise, i.cgstPaise, i.sgstPaise, i.igstPaise]).sort()).toEqual(
      [
        [course.id, 99_999, 9_000, 9_000, 0],
        [note.id, 2_499, 225, 225, 0],
      ].sort(),
    );
    // The state chosen at checkout is remembered on the account.
    const [saved] = await db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(saved!.stateCode).toBe("08");
  });

  it("asks a buyer without a state for one (400, nothing stored), and refuses a code that is no state", async () => {
    const user = await createUser({ stateCode: null });
    const product = await createProduct({ pricePaise: 49_900 });
    await addToCart(user.id, [product.id]);
    const db = await getDb();
    // No figure that depends on the state is offered before it is known.
    expect((await getCheckoutSummary(db, user.id)).totals).toBeNull();
    await expect(placeOrder(db, user.id)).rejects.toMatchObject({ status: 400, field: "state" });
    await expect(placeOrder(db, user.id, { stateCode: "28" })).rejects.toMatchObject({ status: 400 });
    expect(await db.select().from(schema.orders).where(eq(schema.orders.userId, user.id))).toEqual([]);
    const placed = await placeOrder(db, user.id, { stateCode: "29" });
    expect(await getOrder(placed.orderId)).toMatchObject({ placeOfSupply: "29", igstPaise: 8_982 });
  });

  it("stores orders with snapshot lines and the right GST for many amounts", async () => {
    const amounts = [1, 3, 25, 99, 999, 1_499, 2_499, 97_999, 99_999, 123_457, 1_000_001];
    for (const [i, price] of amounts.entries()) {
      const user = await createUser();
      const product = await createProduct({ title: `Item ${i}`, pricePaise: price });
      await addToCart(user.id, [product.id]);
      const result = await placeOrder(await getDb(), user.id);
      const order = await getOrder(result.orderId);
      expect(order.subtotalPaise).toBe(price);
      expect(order.gstPaise).toBe(Math.floor((price * 18 + 50) / 100));
      expect(order.gstPaise).toBe(gstPaise(price));
      expect(order).toMatchObject({ igstPaise: order.gstPaise, cgstPaise: 0, sgstPaise: 0, placeOfSupply: "27" });
      expect(order.totalPaise).toBe(price + order.gstPaise);
      expect(order.number).toMatch(/^CA-\d{6,}$/);
      // A later price change does not touch the order's snapshot.
      const db = await getDb();
      await db
        .update(schema.products)
        .set({ pricePaise: 5, title: "Renamed" })
        .where(eq(schema.products.id, product.id));
      const [line] = await db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
      expect(line).toMatchObject({ title: `Item ${i}`, pricePaise: price });
    }
  });

  it("does not sell items the buyer already owns, and refuses a cart of only owned items", async () => {
    const { user, course, note } = await buyerWithCart();
    const db = await getDb();
    await db.insert(schema.enrolments).values({ userId: user.id, productId: course.id, source: "grant" });
    const summary = await getCheckoutSummary(await getDb(), user.id);
    expect(summary.owned.map((l) => l.productId)).toEqual([course.id]);
    expect(summary.lines.map((l) => l.productId)).toEqual([note.id]);
    const result = await placeOrder(await getDb(), user.id);
    expect((await getOrder(result.orderId)).subtotalPaise).toBe(2_499);

    const other = await createUser();
    await db.insert(schema.enrolments).values({ userId: other.id, productId: course.id, source: "grant" });
    await addToCart(other.id, [course.id]);
    await expect(placeOrder(await getDb(), other.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/already yours/),
    });
  });

  it("refuses an empty cart and stores nothing", async () => {
    const user = await createUser();
    await expect(placeOrder(await getDb(), user.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/cart is empty/),
    });
    expect(await countRows(schema.orders)).toBe(0);
  });
});

describe("the figure shown is the figure charged", () => {
  it("for any cart, coupon and state a new buyer chooses: checkout's figures for it are the order's", async () => {
    const db = await getDb();
    const kind = fc.constantFrom<"course" | "note" | "pyq" | "test">("course", "note", "pyq", "test");
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ pricePaise: fc.integer({ min: 1, max: 2_000_000 }), kind }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.option(
          fc.record({
            kind: fc.constantFrom<"percent" | "fixed">("percent", "fixed"),
            value: fc.integer({ min: 1, max: 99 }),
            productKind: fc.option(kind, { nil: null }),
          }),
          { nil: null },
        ),
        fc.constantFrom("08", "27", "29", "07", "38"),
        async (items, coupon, stateCode) => {
          run += 1;
          const user = await createUser({ stateCode: null });
          const products = await Promise.all(items.map((i) => createProduct(i)));
          await addToCart(
            user.id,
            products.map((p) => p.id),
          );
          const code = coupon ? `PROP${run}` : null;
          if (coupon && code) {
            await createCoupon({ ...coupon, code, value: coupon.kind === "fixed" ? coupon.value * 100 : coupon.value });
          }
          const summary = await getCheckoutSummary(db, user.id, code);
          // Without a state the page shows no totals, unless the coupon leaves nothing to tax (₹0 asks no state).
          if (summary.byPlace.interState.taxablePaise === 0) expect(summary.totals?.totalPaise).toBe(0);
          else expect(summary.totals).toBeNull();
          const shown = totalsFor(summary.byPlace, stateCode);
          if (code && summary.couponError) return; // a coupon for a kind not in the cart: refused, nothing charged
          // An invoice of ₹50,000 or more carries the buyer's address (rule 46(f)); the figures do not change with it.
          const buyer =
            shown && needsB2cAddress(shown.totalPaise) ? { address: "12 MG Road, Jaipur 302001" } : undefined;
          const placed = await placeOrder(db, user.id, { couponCode: code, stateCode, buyer });
          const order = await getOrder(placed.orderId);
          expect(shown).not.toBeNull();
          expect(order).toMatchObject({
            subtotalPaise: shown!.subtotalPaise,
            discountPaise: shown!.discountPaise,
            cgstPaise: shown!.cgstPaise,
            sgstPaise: shown!.sgstPaise,
            igstPaise: shown!.igstPaise,
            gstPaise: shown!.gstPaise,
            totalPaise: shown!.totalPaise,
          });
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe("free carts", () => {
  it("enrols a ₹0 cart at once, without a payment or an invoice", async () => {
    const user = await createUser();
    const free = await createProduct({ kind: "note", pricePaise: 0 });
    await addToCart(user.id, [free.id]);
    const result = await placeOrder(await getDb(), user.id);
    expect(result).toMatchObject({ next: "done" });
    const order = await getOrder(result.orderId);
    expect(order).toMatchObject({ status: "fulfilled", gateway: "free", totalPaise: 0, invoiceNumber: null });
    expect((await enrolmentsOf(user.id)).map((e) => [e.productId, e.source])).toEqual([[free.id, "free"]]);
    expect(await cartOf(user.id)).toEqual([]);
  });

  it("enrols with a 100%-off coupon without a payment", async () => {
    const { user, course, note } = await buyerWithCart();
    await createCoupon({ code: "FULLFREE", value: 100 });
    const result = await placeOrder(await getDb(), user.id, { couponCode: " fullfree " });
    expect(result).toMatchObject({ next: "done" });
    expect(await getOrder(result.orderId)).toMatchObject({
      status: "fulfilled",
      subtotalPaise: 102_498,
      discountPaise: 102_498,
      gstPaise: 0,
      totalPaise: 0,
      couponCode: "FULLFREE",
    });
    expect((await enrolmentsOf(user.id)).map((e) => e.productId).sort((a, b) => a - b)).toEqual([course.id, note.id]);
  });
});

describe('"Get it free"', () => {
  it("enrols a free item in one step through a fulfilled ₹0 order, leaving the cart and a pending order alone", async () => {
    const { user, course, note } = await buyerWithCart();
    const db = await getDb();
    const pending = await placeOrder(db, user.id);
    expect(pending.next).toBe("pay");
    const free = await createProduct({ kind: "note", pricePaise: 0 });
    const claimed = await claimFreeItem(db, user.id, free.id);
    expect(claimed.next).toBe("done");
    const order = await getOrder(claimed.orderId);
    expect(order).toMatchObject({ status: "fulfilled", gateway: "free", totalPaise: 0, invoiceNumber: null });
    const lines = await db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, claimed.orderId));
    expect(lines.map((i) => [i.productId, i.pricePaise, i.taxablePaise])).toEqual([[free.id, 0, 0]]);
    expect((await enrolmentsOf(user.id)).map((e) => [e.productId, e.source, e.orderId])).toEqual([
      [free.id, "free", claimed.orderId],
    ]);
    expect(await cartOf(user.id)).toEqual([course.id, note.id].sort((a, b) => a - b));
    expect((await getOrder(pending.orderId)).status).toBe("pending");
  });

  it("refuses what is owned, not free, a test or not on sale, and stores nothing", async () => {
    const user = await createUser();
    const db = await getDb();
    const free = await createProduct({ kind: "pyq", pricePaise: 0 });
    await claimFreeItem(db, user.id, free.id);
    const orders = await countRows(schema.orders);
    const refusal = (productId: number) =>
      claimFreeItem(db, user.id, productId).then(
        () => null,
        (error: { status: number; message: string }) => [error.status, error.message],
      );
    expect(await refusal(free.id)).toEqual([409, CLAIM_OWNED]);
    expect(await refusal((await createProduct({ kind: "note", pricePaise: 4_900 })).id)).toEqual([400, CLAIM_NOT_FREE]);
    expect(await refusal((await createProduct({ kind: "test", pricePaise: 0 })).id)).toEqual([400, CLAIM_TEST]);
    const draft = await createProduct({ kind: "note", pricePaise: 0, status: "draft" });
    expect((await refusal(draft.id))?.[0]).toBe(404);
    expect(await countRows(schema.orders)).toBe(orders);
    expect(await enrolmentsOf(user.id)).toHaveLength(1);
  });

  it("two clicks at once enrol once", async () => {
    const user = await createUser();
    const db = await getDb();
    const free = await createProduct({ kind: "note", pricePaise: 0 });
    const results = await Promise.allSettled([
      claimFreeItem(db, user.id, free.id),
      claimFreeItem(db, user.id, free.id),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await enrolmentsOf(user.id)).toHaveLength(1);
    expect(await db.$count(schema.orders, eq(schema.orders.userId, user.id))).toBe(1);
  });
});

describe("coupons", () => {
  it("applies percent and fixed coupons to the summary and the order", async () => {
    const { user } = await buyerWithCart();
    await createCoupon({ code: "SAVE10", kind: "percent", value: 10 });
    await createCoupon({ code: "FLAT200", kind: "fixed", value: 20_000 });
    const percent = await getCheckoutSummary(await getDb(), user.id, "save10");
    expect(percent.coupon).toEqual({ code: "SAVE10", discountPaise: 10_250 }); // 10,249.8
    expect(percent.totals).toMatchObject({ taxablePaise: 92_248, gstPaise: 16_605, totalPaise: 108_853 });
    const fixed = await getCheckoutSummary(await getDb(), user.id, "FLAT200");
    expect(fixed.totals).toMatchObject({ discountPaise: 20_000, taxablePaise: 82_498, gstPaise: 14_850 });
    const result = await placeOrder(await getDb(), user.id, { couponCode: "SAVE10" });
    expect(await getOrder(result.orderId)).toMatchObject({ discountPaise: 10_250, totalPaise: 108_853 });
  });

  it("explains unknown, expired, not-yet-valid, exhausted and not-applicable codes and stores nothing", async () => {
    const { user } = await buyerWithCart();
    const day = 24 * 60 * 60 * 1000;
    await createCoupon({ code: "OLD", endsAt: new Date(Date.now() - day) });
    await createCoupon({ code: "SOON", startsAt: new Date(Date.now() + day) });
    await createCoupon({ code: "GONE", maxUses: 3, usedCount: 3 });
    await createCoupon({ code: "PYQONLY", productKind: "pyq" });
    await createCoupon({ code: "BIGCART", minSubtotalPaise: 500_000 });
    await createCoupon({ code: "OFF", active: false });
    const cases: [string, RegExp][] = [
      ["NOPE", /"NOPE" does not exist/],
      ["OFF", /does not exist/],
      ["OLD", /"OLD" has expired/],
      ["SOON", /not active yet/],
      ["GONE", /fully redeemed/],
      ["PYQONLY", /applies only to PYQ papers/],
      ["BIGCART", /at least ₹5,000\.00/],
    ];
    for (const [code, message] of cases) {
      expect((await getCheckoutSummary(await getDb(), user.id, code)).couponError).toMatch(message);
      await expect(placeOrder(await getDb(), user.id, { couponCode: code })).rejects.toMatchObject({
        status: 400,
        field: "coupon",
        message: expect.stringMatching(message),
      });
    }
    expect(await countRows(schema.orders)).toBe(0);
    expect(await countRows(schema.couponRedemptions)).toBe(0);
  });

  it("is used once per user; a failed payment gives the use back", async () => {
    const { user, course } = await buyerWithCart();
    const coupon = await createCoupon({ code: "ONCE", maxUses: 100 });
    const first = await placeOrder(await getDb(), user.id, { couponCode: "ONCE" });
    await settleTestPayment(await getDb(), user.id, first.orderId, "fail");
    const db = await getDb();
    const [afterFail] = await db.select().from(schema.coupons).where(eq(schema.coupons.id, coupon.id));
    expect(afterFail!.usedCount).toBe(0);

    const second = await placeOrder(await getDb(), user.id, { couponCode: "ONCE" });
    expect(await settleTestPayment(await getDb(), user.id, second.orderId, "pay")).toMatchObject({
      outcome: "fulfilled",
    });

    const more = await createProduct({ title: "Another course" });
    await addToCart(
      user.id,
      [course.id, more.id].filter((id) => id !== course.id),
    );
    expect((await getCheckoutSummary(await getDb(), user.id, "ONCE")).couponError).toMatch(/already used/);
    await expect(placeOrder(await getDb(), user.id, { couponCode: "ONCE" })).rejects.toMatchObject({
      field: "coupon",
      message: expect.stringMatching(/already used/),
    });
  });

  it("50 concurrent checkouts with 10 uses left: exactly 10 succeed", async () => {
    const coupon = await createCoupon({ code: "RUSH", value: 20, maxUses: 15, usedCount: 5 });
    const product = await createProduct({ pricePaise: 50_000 });
    const users = [];
    for (let i = 0; i < 50; i++) {
      const user = await createUser();
      await addToCart(user.id, [product.id]);
      users.push(user);
    }
    const db = await getDb();
    const results = await Promise.allSettled(users.map((u) => placeOrder(db, u.id, { couponCode: "RUSH" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toMatchObject({ field: "coupon", message: expect.stringMatching(/fully redeemed/) });
      }
    }
    const [after] = await db.select().from(schema.coupons).where(eq(schema.coupons.id, coupon.id));
    expect(after!.usedCount).toBe(15);
    expect(await countRows(schema.couponRedemptions)).toBe(10);
    expect(await countRows(schema.orders)).toBe(10);
  });
});

describe("paying with the test gateway", () => {
  it("Pay fulfils: enrolments, cart emptied, invoice number, confirmation email with the PDF", async () => {
    const { user, course, note } = await buyerWithCart();
    const placed = await placeOrder(await getDb(), user.id);
    expect(placed).toMatchObject({ next: "pay" });
    expect(await getOrder(placed.orderId)).toMatchObject({ status: "pending", gateway: "test" });
    expect(await settleTestPayment(await getDb(), user.id, placed.orderId, "pay")).toEqual({
      outcome: "fulfilled",
    });
    const order = await getOrder(placed.orderId);
    expect(order.status).toBe("fulfilled");
    expect(order.invoiceNumber).toMatch(/^CA\/\d{2}-\d{2}\/000001$/);
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(order.gatewayPaymentId).toMatch(/^test_pay_/);
    const granted = await enrolmentsOf(user.id);
    expect(granted.map((e) => [e.productId, e.source, e.orderId])).toEqual(
      expect.arrayContaining([
        [course.id, "purchase", order.id],
        [note.id, "purchase", order.id],
      ]),
    );
    expect(await cartOf(user.id)).toEqual([]);
    const db = await getDb();
    const mail = await db.select().from(schema.emailOutbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: user.email, subject: expect.stringContaining(order.number) });
    expect(mail[0]!.attachments).toEqual([`invoice-${order.invoiceNumber!.replace(/\//g, "-")}.pdf`]);
  });

  it("Fail grants nothing and keeps the cart", async () => {
    const { user, course, note } = await buyerWithCart();
    const placed = await placeOrder(await getDb(), user.id);
    expect(await settleTestPayment(await getDb(), user.id, placed.orderId, "fail")).toEqual({
      outcome: "failed",
    });
    expect((await getOrder(placed.orderId)).status).toBe("failed");
    expect(await enrolmentsOf(user.id)).toEqual([]);
    expect(await cartOf(user.id)).toEqual([course.id, note.id].sort((a, b) => a - b));
  });

  it("another user cannot pay or fail someone else's order", async () => {
    const { user } = await buyerWithCart();
    const placed = await placeOrder(await getDb(), user.id);
    const stranger = await createUser();
    await expect(settleTestPayment(await getDb(), stranger.id, placed.orderId, "pay")).rejects.toMatchObject({
      status: 404,
    });
    expect((await getOrder(placed.orderId)).status).toBe("pending");
  });

  it("20 concurrent confirmations of one payment fulfil once", async () => {
    const { user } = await buyerWithCart();
    const placed = await placeOrder(await getDb(), user.id);
    const order = await getOrder(placed.orderId);
    const db = await getDb();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        confirmPayment(db, {
          orderId: order.id,
          gateway: "test",
          paymentId: "test_pay_same",
          amountPaise: order.totalPaise,
          source: i % 2 ? "webhook" : "redirect",
        }),
      ),
    );
    expect(outcomes.filter((o) => o.outcome === "fulfilled")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "already")).toHaveLength(19);
    expect(await enrolmentsOf(user.id, { live: false })).toHaveLength(2);
    const counters = await db.select().from(schema.invoiceCounters);
    expect(counters.map((c) => c.lastNumber)).toEqual([1]);
    expect(await countRows(schema.emailOutbox)).toBe(1);
    const events = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, order.id));
    expect(events.filter((e) => e.status === "Complete")).toHaveLength(1);
  });

  it("refuses a confirmation with the wrong amount or gateway and grants nothing", async () => {
    const { user } = await buyerWithCart();
    const placed = await placeOrder(await getDb(), user.id);
    const order = await getOrder(placed.orderId);
    const wrongAmount = await confirmPayment(await getDb(), {
      orderId: order.id,
      gateway: "test",
      paymentId: "p",
      amountPaise: 100,
      source: "webhook",
    });
    const wrongGateway = await confirmPayment(await getDb(), {
      orderId: order.id,
      gateway: "razorpay",
      paymentId: "p",
      amountPaise: order.totalPaise,
      source: "webhook",
    });
    expect([wrongAmount.outcome, wrongGateway.outcome]).toEqual(["rejected", "rejected"]);
    expect((await getOrder(order.id)).status).toBe("pending");
    expect(await enrolmentsOf(user.id)).toEqual([]);
  });

  it("numbers invoices 1, 2, 3… with no gaps, skipping free and failed orders", async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { user } = await buyerWithCart();
      const placed = await placeOrder(await getDb(), user.id);
      if (i === 2) {
        await settleTestPayment(await getDb(), user.id, placed.orderId, "fail");
        continue;
      }
      await settleTestPayment(await getDb(), user.id, placed.orderId, "pay");
      numbers.push((await getOrder(placed.orderId)).invoiceNumber!);
    }
    expect(numbers.map((n) => Number(n.split("/")[2]))).toEqual([1, 2, 3, 4]);
  });
});
