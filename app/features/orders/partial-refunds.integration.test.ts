/**
 * Refunding one item of a multi-item order: its access ends, the gateway refunds exactly that line
 * (its price less its share of the discount, plus its tax), and a credit note for that line and its
 * tax is issued; the rest of the order stays until it is refunded too, and the order's credit notes
 * then add up to its invoice to the paisa.
 */
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { salesFigures } from "~/features/analytics/metrics.server";
import { placeOrder } from "~/features/checkout/checkout.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { formatPaise } from "~/lib/money";
import { testGateway } from "~/platform/gateway/gateway.server";
import * as studentCreditNote from "~/routes/account/order-credit-note";
import * as sales from "~/routes/admin/sales";
import { cookieFor, createTestUser } from "../../../tests/helpers/auth";
import { addToCart, createCoupon, enrolmentsOf, getOrder } from "../../../tests/helpers/checkout";
import { createProduct } from "../../../tests/helpers/factories";
import { extractPdfText } from "../../../tests/helpers/pdf-text";
import { makeRequest, routeCall } from "../../../tests/helpers/route";
import { refundOrder } from "./refund.server";

afterEach(() => {
  vi.restoreAllMocks();
});

async function threeItemOrder() {
  const db = await getDb();
  const user = await createTestUser({ name: "Ishaan Gupta", stateCode: "08" });
  const products = [
    await createProduct({ title: "Accountancy Class 12 Course", pricePaise: 99_900 }),
    await createProduct({ title: "Economics PYQ Pack", pricePaise: 4_900 }),
    await createProduct({ title: "Business Studies Notes", pricePaise: 49_900 }),
  ];
  if (!(await db.$count(schema.coupons, eq(schema.coupons.code, "SAVE10")))) {
    await createCoupon({ code: "SAVE10", kind: "percent", value: 10 });
  }
  await addToCart(
    user.id,
    products.map((p) => p.id),
  );
  const placed = await placeOrder(db, user.id, { couponCode: "SAVE10" });
  await settleTestPayment(db, user.id, placed.orderId, "pay");
  const items = await db
    .select()
    .from(schema.orderItems)
    .where(eq(schema.orderItems.orderId, placed.orderId))
    .orderBy(asc(schema.orderItems.id));
  return { user, products, items, order: await getOrder(placed.orderId) };
}

const lineTotal = (i: typeof schema.orderItems.$inferSelect) =>
  i.taxablePaise! + i.cgstPaise! + i.sgstPaise! + i.igstPaise!;

async function noteText(orderId: string, cookie: string, number?: string) {
  const path = `/account/orders/${orderId}/credit-note${number ? `?number=${encodeURIComponent(number)}` : ""}`;
  try {
    const response = (await routeCall(studentCreditNote.loader, {
      request: makeRequest(path, { headers: { cookie } }),
      params: { orderId },
      context: {},
    } as never)) as Response;
    return { status: response.status, text: extractPdfText(new Uint8Array(await response.arrayBuffer())) };
  } catch (thrown) {
    return {
      status: (thrown as { init?: { status?: number }; status?: number }).init?.status ?? (thrown as Response).status,
      text: "",
    };
  }
}

describe("partial refunds", () => {
  it("refunds one item: its amount at the gateway, its access, its own credit note and email", async () => {
    const db = await getDb();
    const admin = await createTestUser({ role: "admin" });
    const { user, products, items, order } = await threeItemOrder();
    expect(order.discountPaise).toBe(15_470);
    const pyq = items[1]!;
    const refundSpy = vi.spyOn(testGateway, "refund");

    const response = (await routeCall(sales.action, {
      request: makeRequest("/admin/sales", {
        method: "POST",
        body: new URLSearchParams({ intent: "refund-item", orderId: order.id, itemId: String(pyq.id) }),
        headers: { cookie: await cookieFor(admin) },
      }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(302);

    // The gateway refunded exactly that line: ₹49 less its 10% share, plus 18% GST on the rest.
    expect(lineTotal(pyq)).toBe(4_410 + 397 + 397);
    expect(refundSpy).toHaveBeenCalledTimes(1);
    expect(refundSpy.mock.calls[0]![0]).toMatchObject({
      paymentId: order.gatewayPaymentId,
      amountPaise: lineTotal(pyq),
    });

    // Only that item's access ended; the order is still fulfilled.
    const live = (await enrolmentsOf(user.id)).map((e) => e.productId).sort();
    expect(live).toEqual([products[0]!.id, products[2]!.id].sort());
    expect((await getOrder(order.id)).status).toBe("fulfilled");
    const [refundedLine] = await db.select().from(schema.orderItems).where(eq(schema.orderItems.id, pyq.id));
    expect(refundedLine!.refundedAt).toBeInstanceOf(Date);

    // Its credit note: that line and its tax, nothing else.
    const [note] = await db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, order.id));
    expect(note).toMatchObject({
      taxablePaise: pyq.taxablePaise,
      cgstPaise: pyq.cgstPaise,
      sgstPaise: pyq.sgstPaise,
      igstPaise: 0,
      totalPaise: lineTotal(pyq),
      invoiceNumber: order.invoiceNumber,
    });
    expect(refundedLine!.creditNoteId).toBe(note!.id);
    const cookie = await cookieFor(user);
    const { text } = await noteText(order.id, cookie);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Economics PYQ Pack");
    expect(flat).not.toContain("Accountancy Class 12 Course");
    expect(flat).not.toContain("Business Studies Notes");
    expect(flat).toContain(`Total credited ${formatPaise(lineTotal(pyq))}`);
    expect(flat).toContain(`Discount (SAVE10) − ${formatPaise(490)}`);

    // The buyer is told what was refunded, with this note attached.
    const [mail] = await db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.subject, `Refund for your Commerce Academy order ${order.number}`));
    expect(mail!.text).toContain(
      `We have refunded Economics PYQ Pack from your order ${order.number}: ${formatPaise(lineTotal(pyq))}`,
    );
    expect(mail!.text).toContain("- Economics PYQ Pack");
    expect(mail!.text).not.toContain("- Accountancy Class 12 Course");
    expect(mail!.attachments).toEqual([`credit-note-${note!.number.replace(/\//g, "-")}.pdf`]);

    // The same item twice, an item of another order, or no item: refused, nothing changed.
    await expect(refundOrder(db, order.id, admin.id, { itemIds: [pyq.id] })).rejects.toMatchObject({ status: 409 });
    const other = await threeItemOrder();
    await expect(refundOrder(db, order.id, admin.id, { itemIds: [other.items[0]!.id] })).rejects.toMatchObject({
      status: 404,
    });
    await expect(refundOrder(db, order.id, admin.id, { itemIds: [] })).rejects.toMatchObject({ status: 400 });
    expect(await db.$count(schema.creditNotes, eq(schema.creditNotes.orderId, order.id))).toBe(1);
    expect(refundSpy).toHaveBeenCalledTimes(1);
  });

  it("the rest of the order refunded later: a second note, and the notes add up to the invoice to the paisa", async () => {
    const db = await getDb();
    const { user, items, order } = await threeItemOrder();
    // Revenue (GST included) counts what was kept: from the daily rollup (whole IST days) and the orders.
    const istMidnight = new Date(Math.floor((Date.now() + 330 * 60_000) / 86_400_000) * 86_400_000 - 330 * 60_000);
    const wholeDay = { start: istMidnight, end: new Date(istMidnight.getTime() + 86_400_000) };
    const partDay = { start: new Date(Date.now() - 3_600_000), end: new Date(Date.now() + 3_600_000) };
    const revenue = async () => [
      (await salesFigures(db, wholeDay)).revenuePaise,
      (await salesFigures(db, partDay)).revenuePaise,
    ];
    const [dayBefore, hourBefore] = await revenue();
    const first = await refundOrder(db, order.id, null, { itemIds: [items[2]!.id] });
    expect(await revenue()).toEqual([dayBefore! - first.amountPaise, hourBefore! - first.amountPaise]);
    expect(first).toMatchObject({ whole: false, amountPaise: lineTotal(items[2]!), items: ["Business Studies Notes"] });
    const rest = await refundOrder(db, order.id, null);
    expect(rest).toMatchObject({ whole: true, items: ["Accountancy Class 12 Course", "Economics PYQ Pack"] });
    expect(first.amountPaise + rest.amountPaise).toBe(order.totalPaise);
    expect(await revenue()).toEqual([dayBefore! - order.totalPaise, hourBefore! - order.totalPaise]);

    const after = await getOrder(order.id);
    expect(after.status).toBe("refunded");
    const notes = await db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, order.id));
    expect(notes).toHaveLength(2);
    const sum = (k: "taxablePaise" | "cgstPaise" | "sgstPaise" | "totalPaise") => notes.reduce((t, n) => t + n[k], 0);
    expect(sum("taxablePaise")).toBe(order.subtotalPaise - order.discountPaise);
    expect(sum("cgstPaise")).toBe(order.cgstPaise);
    expect(sum("sgstPaise")).toBe(order.sgstPaise);
    expect(sum("totalPaise")).toBe(order.totalPaise);
    expect(await enrolmentsOf(user.id)).toEqual([]);

    // The student downloads each note by its number; an unknown or malformed number is a 404.
    const cookie = await cookieFor(user);
    const [a, b] = notes.sort((x, y) => x.number.localeCompare(y.number));
    const noteA = await noteText(order.id, cookie, a!.number);
    expect(noteA.text).toContain("Business Studies Notes");
    expect(noteA.text).not.toContain("Economics PYQ Pack");
    const noteB = await noteText(order.id, cookie, b!.number.replace(/\//g, "-"));
    expect(noteB.text).toContain("Economics PYQ Pack");
    expect(noteB.text).toContain("Accountancy Class 12 Course");
    expect((await noteText(order.id, cookie, "CN/26-27/999999")).status).toBe(404);
    expect((await noteText(order.id, cookie, "<script>")).status).toBe(404);
    await expect(refundOrder(db, order.id, null)).rejects.toMatchObject({ status: 409 });
  });
});
