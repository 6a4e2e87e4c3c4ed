/**
 * An issued tax document never changes (ADR 0016): after every change a later day can bring (the
 * buyer's name, each seller setting, the SAC), the invoice and credit note download with the same
 * text, and an invoice from before records were kept is frozen by the migration step.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import * as studentCreditNote from "~/routes/account/order-credit-note";
import * as studentInvoice from "~/routes/account/order-invoice";
import * as adminInvoice from "~/routes/admin/order-invoice";
import { cookieFor, createTestUser } from "../../../tests/helpers/auth";
import { addToCart, getOrder } from "../../../tests/helpers/checkout";
import { createProduct } from "../../../tests/helpers/factories";
import { extractPdfText } from "../../../tests/helpers/pdf-text";
import { makeRequest, routeCall } from "../../../tests/helpers/route";
import { sendOrderConfirmation } from "./emails.server";
import { freezeIssuedDocuments } from "./freeze.server";
import { refundOrder } from "./refund.server";

async function paidOrder(name: string, stateCode: string) {
  const db = await getDb();
  const user = await createTestUser({ name, stateCode });
  const products = [
    await createProduct({ title: "Accountancy Class 12", pricePaise: 99_900 }),
    await createProduct({ title: "Economics PYQ", pricePaise: 4_900 }),
  ];
  await addToCart(
    user.id,
    products.map((p) => p.id),
  );
  const placed = await placeOrder(db, user.id);
  await settleTestPayment(db, user.id, placed.orderId, "pay");
  return { user, order: await getOrder(placed.orderId), products };
}

async function download(loader: (args: never) => unknown, path: string, orderId: string, cookie: string) {
  const response = (await routeCall(loader, {
    request: makeRequest(path, { headers: { cookie } }),
    params: { orderId },
    context: {},
  } as never)) as Response;
  expect(response.status).toBe(200);
  return extractPdfText(new Uint8Array(await response.arrayBuffer()), { layout: true });
}

/** Everything a later day can change that an issued document printed. */
async function changeEverything(userId: string, productIds: number[]) {
  const db = await getDb();
  await db.update(schema.users).set({ name: "Someone Else Entirely" }).where(eq(schema.users.id, userId));
  await db.update(schema.settings).set({
    sellerName: "Renamed Learning LLP",
    sellerAddress: "99 New Street, Chandigarh",
    sellerGstin: "04AABCU9603R1ZV",
    sellerStateCode: "04",
    sacCode: "998431",
  });
  for (const id of productIds) {
    await db.update(schema.products).set({ title: "A new title" }).where(eq(schema.products.id, id));
  }
}

describe("issued tax documents never change", () => {
  it("an invoice and its credit note read the same after the buyer, every seller setting and the SAC change", async () => {
    const db = await getDb();
    const admin = await createTestUser({ role: "admin" });
    const { user, order, products } = await paidOrder("Meera Iyer", "27");
    const cookie = await cookieFor(user);
    const adminCookie = await cookieFor(admin);
    const invoicePath = `/account/orders/${order.id}/invoice`;
    const before = await download(studentInvoice.loader, invoicePath, order.id, cookie);
    // Stored with its number, in the paying transaction.
    expect(order.invoiceDocument).toMatchObject({ number: order.invoiceNumber, buyer: { name: "Meera Iyer" } });
    expect(before).toContain("Meera Iyer");
    expect(before).toContain("GSTIN: 08AAAAA0000A1Z5");
    expect(before).toContain("State: Rajasthan (08)");
    expect(before).toContain("999293");
    expect(before).toMatch(/IGST @ 18%/);

    await refundOrder(db, order.id, admin.id);
    const notePath = `/account/orders/${order.id}/credit-note`;
    const noteBefore = await download(studentCreditNote.loader, notePath, order.id, cookie);
    expect(noteBefore).toContain("Meera Iyer");

    await changeEverything(
      user.id,
      products.map((p) => p.id),
    );

    const after = await download(studentInvoice.loader, invoicePath, order.id, cookie);
    expect(after).toBe(before);
    const asAdmin = await download(adminInvoice.loader, `/admin/orders/${order.id}/invoice.pdf`, order.id, adminCookie);
    expect(asAdmin).toBe(before);
    const noteAfter = await download(studentCreditNote.loader, notePath, order.id, cookie);
    expect(noteAfter).toBe(noteBefore);
    for (const text of [after, noteAfter]) {
      expect(text).not.toContain("Someone Else");
      expect(text).not.toContain("Renamed Learning");
      expect(text).not.toContain("Chandigarh");
      expect(text).not.toContain("04AABCU9603R1ZV");
      expect(text).not.toContain("998431");
      expect(text).not.toContain("UTGST");
    }

    // A resent confirmation attaches the same invoice: the email reads the record too.
    await sendOrderConfirmation(db, order.id);
    const [mail] = await db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.to, user.email))
      .orderBy(schema.emailOutbox.id);
    expect(mail!.text).toContain(`Your GST invoice ${order.invoiceNumber}`);
  });

  it("a seller state changed and changed back never reprints an issued invoice with another state", async () => {
    const db = await getDb();
    const { user, order } = await paidOrder("Arjun Rao", "08");
    const cookie = await cookieFor(user);
    const path = `/account/orders/${order.id}/invoice`;
    const before = await download(studentInvoice.loader, path, order.id, cookie);
    expect(before).toMatch(/CGST @ 9%/);
    await db.update(schema.settings).set({ sellerStateCode: "04", sellerGstin: "04AABCU9603R1ZV" });
    await db.update(schema.settings).set({ sellerStateCode: "08", sellerGstin: "08AAAAA0000A1Z5" });
    await db.update(schema.orders).set({ supplierStateCode: null }).where(eq(schema.orders.id, order.id));
    await db.update(schema.settings).set({ sellerStateCode: "04" });
    const after = await download(studentInvoice.loader, path, order.id, cookie);
    expect(after).toBe(before);
    expect(after).not.toContain("Chandigarh");
  });

  it("the migration step freezes invoices and credit notes issued before records were kept, from today's data", async () => {
    const db = await getDb();
    const first = await paidOrder("Kavya Nair", "27");
    const second = await paidOrder("Rohan Das", "29");
    await refundOrder(db, second.order.id, null);
    // As an install upgraded to migration 0018 finds them: issued, with no record.
    await db.update(schema.orders).set({ invoiceDocument: null });
    await db.update(schema.creditNotes).set({ document: null });
    await db.update(schema.users).set({ name: "Kavya N." }).where(eq(schema.users.id, first.user.id));

    expect(await freezeIssuedDocuments(db)).toEqual({ invoices: 2, notes: 1 });
    expect(await freezeIssuedDocuments(db)).toEqual({ invoices: 0, notes: 0 });
    const [frozen] = await db.select().from(schema.orders).where(eq(schema.orders.id, first.order.id));
    // What it would have printed on the day of the migration...
    expect(frozen!.invoiceDocument).toMatchObject({ buyer: { name: "Kavya N." }, number: first.order.invoiceNumber });
    const cookie = await cookieFor(first.user);
    const path = `/account/orders/${first.order.id}/invoice`;
    const atMigration = await download(studentInvoice.loader, path, first.order.id, cookie);
    // ...and from then on, fixed.
    await changeEverything(first.user.id, []);
    expect(await download(studentInvoice.loader, path, first.order.id, cookie)).toBe(atMigration);
    const [note] = await db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, second.order.id));
    expect(note!.document).toMatchObject({ kind: "credit-note", number: note!.number, buyer: { name: "Rohan Das" } });
  });
});
