/** Each invoice line's SAC: chosen per kind of product in Settings, snapshotted at checkout, printed with its description. */
import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { addToCart, getOrder } from "../../../tests/helpers/checkout";
import { createProduct, createUser } from "../../../tests/helpers/factories";
import { extractPdfText } from "../../../tests/helpers/pdf-text";
import { creditNotePdf } from "./credit-notes.server";
import { buildInvoiceData, getInvoicePdfForOrder, loadOrder } from "./orders.server";
import { refundOrder } from "./refund.server";

const ONLINE_TEXT =
  "On-line text based information such as online books, newspapers, periodicals, directories and the like";

async function paidOrderOfEveryKind() {
  const db = await getDb();
  const user = await createUser({ stateCode: "27" });
  const course = await createProduct({ title: "Accountancy Masterclass", kind: "course", pricePaise: 99_900 });
  const note = await createProduct({ title: "Ratio Analysis Notes", kind: "note", pricePaise: 4_900 });
  const pyq = await createProduct({ title: "Economics PYQ 2025", kind: "pyq", pricePaise: 2_900 });
  const test = await createProduct({ title: "Mock Test 1", kind: "test", pricePaise: 1_900 });
  await addToCart(user.id, [course.id, note.id, pyq.id, test.id]);
  const placed = await placeOrder(db, user.id);
  await settleTestPayment(db, user.id, placed.orderId, "pay");
  return getOrder(placed.orderId);
}

const text = (bytes: Uint8Array) => extractPdfText(bytes).replace(/\s+/g, " ");

describe("SAC per invoice line", () => {
  it("snapshots each line's SAC by kind at checkout; the invoice and credit note print it after the settings change", async () => {
    const db = await getDb();
    await db.update(schema.settings).set({ sacCodeNotes: "998431", sacCodeTests: "999294" });
    const order = await paidOrderOfEveryKind();
    const lines = await db
      .select({ title: schema.orderItems.title, sacCode: schema.orderItems.sacCode })
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order.id))
      .orderBy(asc(schema.orderItems.id));
    expect(lines.map((l) => l.sacCode)).toEqual(["999293", "998431", "998431", "999294"]);

    // Later choices apply to later orders only.
    await db.update(schema.settings).set({ sacCode: "999299", sacCodeNotes: "999294", sacCodeTests: "999299" });
    const invoice = await buildInvoiceData(db, (await loadOrder(db, order.id))!);
    expect(invoice!.lines.map((l) => [l.sacCode, l.sacDescription])).toEqual([
      ["999293", "Commercial training and coaching services"],
      ["998431", ONLINE_TEXT],
      ["998431", ONLINE_TEXT],
      ["999294", "Other education and training services nowhere else classified"],
    ]);
    const pdf = text((await getInvoicePdfForOrder(db, order.id))!.bytes);
    expect(pdf).toContain(
      `SAC 999293: Commercial training and coaching services. SAC 998431: ${ONLINE_TEXT}. ` +
        "SAC 999294: Other education and training services nowhere else classified.",
    );
    expect(pdf).not.toContain("999299");
    // The SAC column: each line's own code (998431 twice, and once in the note below the lines).
    expect(pdf.match(/\b998431\b/g)).toHaveLength(3);
    expect(pdf.match(/\b999293\b/g)).toHaveLength(2);

    await refundOrder(db, order.id, null);
    const note = text((await creditNotePdf(db, order.id))!.bytes);
    expect(note).toContain(`SAC 998431: ${ONLINE_TEXT}.`);
    expect(note).not.toContain("999299");
  });

  it("gives the lines sold before the column the install's SAC (the migration's hand-written part)", async () => {
    const db = await getDb();
    const order = await paidOrderOfEveryKind();
    await db.update(schema.settings).set({ sacCode: "999294", sacCodeNotes: "1", sacCodeTests: "2" });
    const migration = readFileSync("drizzle/0023_sac_per_line.sql", "utf8");
    const handWritten = migration.slice(migration.indexOf("-- hand-written"));
    for (const statement of handWritten.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    const [settings] = await db.select().from(schema.settings);
    expect([settings!.sacCode, settings!.sacCodeNotes, settings!.sacCodeTests]).toEqual(["999294", "999294", "999294"]);
    const lines = await db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
    expect(lines.map((l) => l.sacCode)).toEqual(["999294", "999294", "999294", "999294"]);
  });
});
