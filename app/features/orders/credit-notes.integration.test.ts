import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { amountInWords, formatPaise } from "~/lib/money";
import * as studentCreditNote from "~/routes/account/order-credit-note";
import * as adminCreditNote from "~/routes/admin/order-credit-note";
import * as adminInvoice from "~/routes/admin/order-invoice";
import { cookieFor, createTestUser } from "../../../tests/helpers/auth";
import { addToCart, getOrder } from "../../../tests/helpers/checkout";
import { createProduct } from "../../../tests/helpers/factories";
import { extractPdfText } from "../../../tests/helpers/pdf-text";
import { makeRequest, routeCall } from "../../../tests/helpers/route";
import { formatCreditNoteNumber } from "./invoice.server";
import { refundOrder } from "./refund.server";

async function paidOrder(stateCode: string, prices: number[]) {
  const db = await getDb();
  const user = await createTestUser({ name: "Meera Iyer", stateCode });
  const products = await Promise.all(prices.map((pricePaise, i) => createProduct({ title: `Item ${i}`, pricePaise })));
  await addToCart(
    user.id,
    products.map((p) => p.id),
  );
  const placed = await placeOrder(db, user.id);
  await settleTestPayment(db, user.id, placed.orderId, "pay");
  return { user, order: await getOrder(placed.orderId) };
}

async function pdfFrom(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  return extractPdfText(new Uint8Array(await response.arrayBuffer())).replace(/\s+/g, " ");
}

/** The status of a thrown refusal: a Response, or React Router's data() with its init. */
const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;

const call = async (loader: (args: never) => unknown, path: string, orderId: string, cookie: string) => {
  try {
    return await routeCall(loader, {
      request: makeRequest(path, { headers: { cookie } }),
      params: { orderId },
      context: {},
    } as never);
  } catch (thrown) {
    return thrown;
  }
};

describe("credit notes", () => {
  it("a refund issues CN/FY/000001 against the invoice, reversing its split, emailed and downloadable", async () => {
    const db = await getDb();
    const admin = await createTestUser({ role: "admin" });
    const { user, order } = await paidOrder("08", [99_900, 4_900]);
    expect(order).toMatchObject({ cgstPaise: 9_432, sgstPaise: 9_432, igstPaise: 0 });

    const result = await refundOrder(db, order.id, admin.id);
    const fy = order.invoiceNumber!.split("/")[1]!;
    expect(result.creditNoteNumber).toBe(formatCreditNoteNumber(`20${fy}`, 1));
    const [note] = await db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, order.id));
    expect(note).toMatchObject({
      number: `CN/${fy}/000001`,
      invoiceNumber: order.invoiceNumber,
      taxablePaise: 104_800,
      cgstPaise: 9_432,
      sgstPaise: 9_432,
      igstPaise: 0,
      totalPaise: order.totalPaise,
    });

    // Emailed to the student with the PDF attached, after the refund committed.
    const mail = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email));
    const refundMail = mail.find((m) => m.subject.startsWith("Refund"))!;
    expect(refundMail.attachments).toEqual([`credit-note-CN-${fy}-000001.pdf`]);
    expect(refundMail.text).toContain(`Credit note CN/${fy}/000001 for this refund is attached.`);
    expect(refundMail.text).toMatch(/Refunded on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d\d [ap]m IST\./);
    const [emailed] = await db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, order.id));
    expect(emailed!.emailedAt).toBeInstanceOf(Date);

    // The student downloads it; nobody else does.
    const path = `/account/orders/${order.id}/credit-note`;
    const text = await pdfFrom(await call(studentCreditNote.loader, path, order.id, await cookieFor(user)));
    for (const field of [
      "CREDIT NOTE",
      `Credit Note No: CN/${fy}/000001`,
      `Against Invoice No: ${order.invoiceNumber}`,
      "Place of supply: Rajasthan (08)",
      "GSTIN: 08AAAAA0000A1Z5",
      "Meera Iyer",
      `CGST @ 9% ${formatPaise(9_432)}`,
      `SGST @ 9% ${formatPaise(9_432)}`,
      `Total credited ${formatPaise(order.totalPaise)}`,
      amountInWords(order.totalPaise),
      "Whether tax is payable on reverse charge: No",
    ]) {
      expect(text).toContain(field);
    }
    const stranger = await createTestUser();
    const refused = await call(studentCreditNote.loader, path, order.id, await cookieFor(stranger));
    expect(statusOf(refused)).toBe(404);
    expect(statusOf(await call(studentCreditNote.loader, path, "nope", await cookieFor(user)))).toBe(404);

    // The admin downloads the invoice and the credit note of any order; a student may not.
    const adminCookie = await cookieFor(admin);
    const adminText = await pdfFrom(
      await call(adminCreditNote.loader, `/admin/orders/${order.id}/credit-note.pdf`, order.id, adminCookie),
    );
    expect(adminText).toContain(`CN/${fy}/000001`);
    const invoiceText = await pdfFrom(
      await call(adminInvoice.loader, `/admin/orders/${order.id}/invoice.pdf`, order.id, adminCookie),
    );
    expect(invoiceText).toContain(`Invoice No: ${order.invoiceNumber}`);
    const asStudent = await call(
      adminCreditNote.loader,
      "/admin/orders/x/credit-note.pdf",
      order.id,
      await cookieFor(user),
    );
    expect(statusOf(asStudent)).toBe(403);
  });

  it("numbers credit notes in their own gapless series, IGST reversed for an inter-state order", async () => {
    const db = await getDb();
    const first = await paidOrder("27", [49_900]);
    const second = await paidOrder("29", [99_900]);
    await refundOrder(db, second.order.id, null);
    await refundOrder(db, first.order.id, null);
    const notes = await db.select().from(schema.creditNotes).orderBy(schema.creditNotes.number);
    expect(notes.map((n) => [n.orderId, n.number.slice(-6), n.igstPaise, n.cgstPaise])).toEqual([
      [second.order.id, "000001", 17_982, 0],
      [first.order.id, "000002", 8_982, 0],
    ]);
    // Invoice numbers are untouched by credit notes.
    expect(first.order.invoiceNumber!.slice(-6)).toBe("000001");
    const again = await refundOrder(db, first.order.id, null).catch((e) => e);
    expect(again).toMatchObject({ status: 409 });
    expect(await db.select().from(schema.creditNotes)).toHaveLength(2);
  });
});
