/** GSTR-1 export: a month of sales in three states with a refund reconciles to the paisa. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import type { BuyerDetails } from "~/features/gst/buyer";
import { GSTR1_HEADERS, gstr1Zip } from "~/features/gst/gstr1.server";
import { refundOrder } from "~/features/orders/refund.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { getSettings, settingsSchema, updateSettings } from "~/features/settings/settings.server";
import { gstrDate } from "~/lib/dates";
import { paiseToDecimal } from "~/lib/money";
import * as gstr1Route from "~/routes/admin/sales-gstr1";
import { cookieFor, createTestUser } from "../helpers/auth";
import { addToCart, getOrder } from "../helpers/checkout";
import { createProduct } from "../helpers/factories";
import { makeRequest, routeCall } from "../helpers/route";
import { parseCsv, unzipText } from "../helpers/unzip";

/** A paid sale; an unregistered buyer (an address for the invoices of ₹50,000 or more) unless a business is given. */
type Kind = (typeof schema.products.$inferSelect)["kind"];

async function sale(
  stateCode: string,
  prices: (number | { pricePaise: number; kind: Kind })[],
  buyer: BuyerDetails = { address: "12 MG Road, Bengaluru 560001" },
) {
  const db = await getDb();
  const user = await createTestUser({ stateCode });
  const products = await Promise.all(
    prices.map((p) =>
      createProduct(typeof p === "number" ? { pricePaise: p } : { pricePaise: p.pricePaise, kind: p.kind }),
    ),
  );
  await addToCart(
    user.id,
    products.map((p) => p.id),
  );
  const placed = await placeOrder(db, user.id, { buyer });
  await settleTestPayment(db, user.id, placed.orderId, "pay");
  return getOrder(placed.orderId);
}

/** This month in India as the export takes it ("2026-11"). */
function thisMonth() {
  const ist = new Date(Date.now() + 330 * 60_000);
  return `${ist.getUTCFullYear()}-${String(ist.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The quarter of the Indian financial year holding this month ("2026-Q3"). */
function currentQuarter() {
  const ist = new Date(Date.now() + 330 * 60_000);
  const m = ist.getUTCMonth();
  const fy = m >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${fy}-Q${m >= 3 ? Math.floor((m - 3) / 3) + 1 : 4}`;
}

/** The month before this one ("2026-10"). */
function lastMonth() {
  const ist = new Date(Date.now() + 330 * 60_000);
  const month = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The export's refusal: its status and message (null when it answered a zip). */
async function refusal(period: string) {
  const admin = await createTestUser({ role: "admin" });
  try {
    await routeCall(gstr1Route.loader, {
      request: makeRequest(`/admin/sales/gstr1.zip?period=${period}`, { headers: { cookie: await cookieFor(admin) } }),
      params: {},
      context: {},
    } as never);
    return null;
  } catch (thrown) {
    const refused = thrown as { init?: { status: number }; data?: { message: string } };
    return { status: refused.init?.status, message: refused.data?.message };
  }
}

async function exportGstr1(period: string) {
  const admin = await createTestUser({ role: "admin" });
  const result = await routeCall(gstr1Route.loader, {
    request: makeRequest(`/admin/sales/gstr1.zip?period=${period}`, { headers: { cookie: await cookieFor(admin) } }),
    params: {},
    context: {},
  } as never);
  const response = result as Response;
  expect(response.headers.get("Content-Type")).toBe("application/zip");
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="gstr1-08AAAAA0000A1Z5-/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const files = unzipText(bytes);
  return { bytes, files, csv: (name: string) => parseCsv(files.get(name) ?? "") };
}

const GSTR1_FILES = [
  ["b2b.csv", GSTR1_HEADERS.b2b],
  ["b2cs.csv", GSTR1_HEADERS.b2cs],
  ["b2cl.csv", GSTR1_HEADERS.b2cl],
  ["cdnr.csv", GSTR1_HEADERS.cdnr],
  ["cdnur.csv", GSTR1_HEADERS.cdnur],
  ["hsn(b2b).csv", GSTR1_HEADERS.hsn],
  ["hsn(b2c).csv", GSTR1_HEADERS.hsn],
  ["docs.csv", GSTR1_HEADERS.docs],
] as const;

const rupees = (value: string) => Math.round(Number(value) * 100);
const sum = (rows: string[][], column: number) => rows.reduce((s, r) => s + rupees(r[column]!), 0);

describe("GSTR-1 export", () => {
  it("a month with sales in three states and one refund reconciles with the invoices and credit notes", async () => {
    const db = await getDb();
    // Rajasthan (the seller's state: CGST + SGST), Maharashtra and Karnataka (IGST).
    const rajasthan = await sale("08", [99_900, 4_900]);
    const maharashtra = await sale("27", [49_900]);
    const refunded = await sale("27", [1_99_999]);
    const karnataka = await sale("29", [2_499]);
    // Inter-state and above ₹1 lakh with GST: reported invoice by invoice (b2cl).
    const large = await sale("29", [90_000_00]);
    await refundOrder(db, refunded.id, null);
    const [note] = await db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, refunded.id));
    expect(note).toBeTruthy();

    const { files, csv, bytes } = await exportGstr1(thisMonth());
    expect([...files.keys()]).toEqual([
      "b2b.csv",
      "b2cs.csv",
      "b2cl.csv",
      "cdnr.csv",
      "cdnur.csv",
      "hsn(b2b).csv",
      "hsn(b2c).csv",
      "docs.csv",
    ]);
    // A real zip: the system's unzip reads it too.
    const dir = mkdtempSync(path.join(tmpdir(), "gstr1-"));
    writeFileSync(path.join(dir, "gstr1.zip"), bytes);
    expect(execFileSync("unzip", ["-t", path.join(dir, "gstr1.zip")]).toString()).toMatch(/No errors detected/);

    const taxable = (o: typeof rajasthan) => o.subtotalPaise - o.discountPaise;
    // Table 7: by place of supply, the refunded invoice netted out by its credit note.
    const b2cs = csv("b2cs.csv");
    expect(b2cs[0]).toEqual([...GSTR1_HEADERS.b2cs]);
    expect(b2cs.slice(1)).toEqual([
      ["OE", "08-Rajasthan", "", "18", paiseToDecimal(taxable(rajasthan)), "0.00", ""],
      ["OE", "27-Maharashtra", "", "18", paiseToDecimal(taxable(maharashtra)), "0.00", ""],
      ["OE", "29-Karnataka", "", "18", paiseToDecimal(taxable(karnataka)), "0.00", ""],
    ]);
    // Table 5: the large inter-state invoice.
    const b2cl = csv("b2cl.csv");
    expect(b2cl[0]).toEqual([...GSTR1_HEADERS.b2cl]);
    expect(b2cl.slice(1)).toEqual([
      [
        large.invoiceNumber!,
        gstrDate(large.paidAt!),
        paiseToDecimal(large.totalPaise),
        "29-Karnataka",
        "",
        "18",
        paiseToDecimal(taxable(large)),
        "0.00",
        "",
      ],
    ]);
    expect(b2cl[1]![1]).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    // Table 9B: no credit note of a b2cl invoice this month; no business buyer (tables 4A, 9B, 12 B2B).
    expect(csv("cdnur.csv")).toEqual([[...GSTR1_HEADERS.cdnur]]);
    expect(csv("b2b.csv")).toEqual([[...GSTR1_HEADERS.b2b]]);
    expect(csv("cdnr.csv")).toEqual([[...GSTR1_HEADERS.cdnr]]);
    expect(csv("hsn(b2b).csv")).toEqual([[...GSTR1_HEADERS.hsn]]);

    // Table 12 reconciles to the paisa with the invoices minus the credit notes.
    const invoices = [rajasthan, maharashtra, refunded, karnataka, large];
    const total = (k: "igstPaise" | "cgstPaise" | "sgstPaise" | "totalPaise") =>
      invoices.reduce((s, o) => s + o[k], 0) - note![k];
    const hsn = csv("hsn(b2c).csv");
    expect(hsn[0]).toEqual([...GSTR1_HEADERS.hsn]);
    expect(hsn.slice(1)).toEqual([
      [
        "999293",
        "Commercial training and coaching services",
        "NA",
        "0",
        paiseToDecimal(total("totalPaise")),
        "18",
        paiseToDecimal(invoices.reduce((s, o) => s + taxable(o), 0) - note!.taxablePaise),
        paiseToDecimal(total("igstPaise")),
        paiseToDecimal(total("cgstPaise")),
        paiseToDecimal(total("sgstPaise")),
        "0.00",
      ],
    ]);
    expect(total("cgstPaise")).toBe(rajasthan.cgstPaise);
    // b2cs + b2cl − cdnur = the HSN summary's taxable value.
    expect(sum(b2cs.slice(1), 4) + sum(b2cl.slice(1), 6)).toBe(rupees(hsn[1]![6]!));
    // Taxable value + tax = the value of the invoices less the credit note.
    expect(rupees(hsn[1]![6]!) + rupees(hsn[1]![7]!) + rupees(hsn[1]![8]!) + rupees(hsn[1]![9]!)).toBe(
      rupees(hsn[1]![4]!),
    );

    // Table 13: both series.
    const numbers = invoices.map((o) => o.invoiceNumber!).sort();
    expect(csv("docs.csv")).toEqual([
      [...GSTR1_HEADERS.docs],
      ["Invoices for outward supply", numbers[0]!, numbers.at(-1)!, "5", "0"],
      ["Credit Note", note!.number, note!.number, "1", "0"],
    ]);
  });

  it("puts the credit note of a large inter-state invoice in cdnur, and nothing of another month", async () => {
    const db = await getDb();
    const large = await sale("27", [95_000_00]);
    await refundOrder(db, large.id, null);
    const [note] = await db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, large.id));
    const { csv } = await exportGstr1(thisMonth());
    expect(csv("b2cs.csv")).toEqual([[...GSTR1_HEADERS.b2cs]]);
    expect(csv("b2cl.csv")[1]![0]).toBe(large.invoiceNumber);
    expect(csv("cdnur.csv").slice(1)).toEqual([
      [
        "B2CL",
        note!.number,
        gstrDate(note!.issuedAt),
        "C",
        "27-Maharashtra",
        paiseToDecimal(large.totalPaise),
        "",
        "18",
        paiseToDecimal(large.subtotalPaise),
        "0.00",
      ],
    ]);
    // Nothing was invoiced in January 2026: headers only, no row of zeros in any file.
    const other = await exportGstr1("2026-01");
    for (const [name, header] of GSTR1_FILES) expect(other.csv(name), name).toEqual([[...header]]);
  });

  it("puts business buyers' invoices in b2b, their credit notes in cdnr and their SAC summary in hsn(b2b), and nowhere else", async () => {
    const db = await getDb();
    const consumer = await sale("27", [49_900]);
    // Within the seller's state (CGST + SGST), and inter-state above ₹1 lakh (b2cl were it B2C).
    const school = await sale("08", [99_900, 4_900], {
      gstin: "08AABCB1234C1ZE",
      legalName: "Vidya Niketan School",
      address: "Tonk Road, Jaipur 302015",
    });
    const company = await sale("29", [95_000_00], {
      gstin: "29AABCB1234C1ZA",
      legalName: 'Bright Future Coaching, "BFC" Pvt Ltd',
      address: "80 Feet Road, Koramangala, Bengaluru 560034",
    });
    await refundOrder(db, company.id, null);
    const [note] = await db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, company.id));
    const { files, csv } = await exportGstr1(thisMonth());
    const taxable = (o: typeof school) => o.subtotalPaise - o.discountPaise;

    // Table 4A in the offline tool's layout; the receiver name quoted as CSV asks.
    expect(files.get("b2b.csv")).toContain('"Bright Future Coaching, ""BFC"" Pvt Ltd"');
    const b2b = csv("b2b.csv");
    expect(b2b[0]).toEqual([
      "GSTIN/UIN of Recipient",
      "Receiver Name",
      "Invoice Number",
      "Invoice date",
      "Invoice Value",
      "Place Of Supply",
      "Reverse Charge",
      "Applicable % of Tax Rate",
      "Invoice Type",
      "E-Commerce GSTIN",
      "Rate",
      "Taxable Value",
      "Cess Amount",
    ]);
    const row = (o: typeof school, gstin: string, name: string, pos: string) => [
      gstin,
      name,
      o.invoiceNumber!,
      gstrDate(o.paidAt!),
      paiseToDecimal(o.totalPaise),
      pos,
      "N",
      "",
      "Regular B2B",
      "",
      "18",
      paiseToDecimal(taxable(o)),
      "0.00",
    ];
    expect(b2b.slice(1)).toEqual([
      row(school, "08AABCB1234C1ZE", "Vidya Niketan School", "08-Rajasthan"),
      row(company, "29AABCB1234C1ZA", 'Bright Future Coaching, "BFC" Pvt Ltd', "29-Karnataka"),
    ]);
    // Table 9B (registered): the refund of the company's invoice.
    const cdnr = csv("cdnr.csv");
    expect(cdnr[0]).toEqual([
      "GSTIN/UIN of Recipient",
      "Receiver Name",
      "Note Number",
      "Note Date",
      "Note Type",
      "Place Of Supply",
      "Reverse Charge",
      "Note Supply Type",
      "Note Value",
      "Applicable % of Tax Rate",
      "Rate",
      "Taxable Value",
      "Cess Amount",
    ]);
    expect(cdnr.slice(1)).toEqual([
      [
        "29AABCB1234C1ZA",
        'Bright Future Coaching, "BFC" Pvt Ltd',
        note!.number,
        gstrDate(note!.issuedAt),
        "C",
        "29-Karnataka",
        "N",
        "Regular B2B",
        paiseToDecimal(company.totalPaise),
        "",
        "18",
        paiseToDecimal(taxable(company)),
        "0.00",
      ],
    ]);
    // The B2C tables hold the consumer alone.
    expect(csv("b2cs.csv").slice(1)).toEqual([
      ["OE", "27-Maharashtra", "", "18", paiseToDecimal(taxable(consumer)), "0.00", ""],
    ]);
    expect(csv("b2cl.csv")).toEqual([[...GSTR1_HEADERS.b2cl]]);
    expect(csv("cdnur.csv")).toEqual([[...GSTR1_HEADERS.cdnur]]);
    const hsnRow = (o: { taxable: number; igst: number; cgst: number; sgst: number }) => [
      "999293",
      "Commercial training and coaching services",
      "NA",
      "0",
      paiseToDecimal(o.taxable + o.igst + o.cgst + o.sgst),
      "18",
      paiseToDecimal(o.taxable),
      paiseToDecimal(o.igst),
      paiseToDecimal(o.cgst),
      paiseToDecimal(o.sgst),
      "0.00",
    ];
    expect(csv("hsn(b2c).csv").slice(1)).toEqual([
      hsnRow({ taxable: taxable(consumer), igst: consumer.igstPaise, cgst: 0, sgst: 0 }),
    ]);
    // Table 12's B2B tab: the school's invoice (the company's is netted out by its credit note).
    expect(csv("hsn(b2b).csv")[0]).toEqual([...GSTR1_HEADERS.hsn]);
    expect(csv("hsn(b2b).csv").slice(1)).toEqual([
      hsnRow({ taxable: taxable(school), igst: 0, cgst: school.cgstPaise, sgst: school.sgstPaise }),
    ]);
    expect(csv("docs.csv").slice(1)).toEqual([
      ["Invoices for outward supply", consumer.invoiceNumber!, company.invoiceNumber!, "3", "0"],
      ["Credit Note", note!.number, note!.number, "1", "0"],
    ]);
  });

  it("sums hsn by each line's SAC as snapshotted at checkout, with the table's description", async () => {
    const db = await getDb();
    // Notes are sold as online text (998431), tests as other education (999294); courses keep 999293.
    await db.update(schema.settings).set({ sacCodeNotes: "998431", sacCodeTests: "999294" });
    const mixed = await sale("08", [
      { pricePaise: 99_900, kind: "course" },
      { pricePaise: 4_900, kind: "note" },
      { pricePaise: 2_900, kind: "pyq" },
    ]);
    const noteOnly = await sale("27", [{ pricePaise: 19_900, kind: "note" }]);
    const refunded = await sale("29", [
      { pricePaise: 9_900, kind: "test" },
      { pricePaise: 1_900, kind: "note" },
    ]);
    await refundOrder(db, refunded.id, null);
    // Settings changed after the sale: the lines keep the code they were sold under.
    await db.update(schema.settings).set({ sacCode: "999299", sacCodeNotes: "999294" });
    const items = await db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, mixed.id));
    expect(items.map((i) => i.sacCode).sort()).toEqual(["998431", "998431", "999293"]);
    // An order from before lines had their own tax (migration 0013): its figures go to its lines' SAC.
    await db
      .update(schema.orderItems)
      .set({ taxablePaise: null, cgstPaise: null, sgstPaise: null, igstPaise: null })
      .where(eq(schema.orderItems.orderId, noteOnly.id));

    const { csv } = await exportGstr1(thisMonth());
    const line = async (orderId: string, sac: string) => {
      const rows = await db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, orderId));
      return rows.filter((r) => r.sacCode === sac);
    };
    const mixedNotes = await line(mixed.id, "998431");
    const [mixedCourse] = await line(mixed.id, "999293");
    const notesTaxable = mixedNotes.reduce((t, r) => t + r.taxablePaise!, 0) + noteOnly.subtotalPaise;
    const notesCgst = mixedNotes.reduce((t, r) => t + r.cgstPaise!, 0);
    const notesSgst = mixedNotes.reduce((t, r) => t + r.sgstPaise!, 0);
    const row = (sac: string, description: string, taxable: number, igst: number, cgst: number, sgst: number) => [
      sac,
      description,
      "NA",
      "0",
      paiseToDecimal(taxable + igst + cgst + sgst),
      "18",
      paiseToDecimal(taxable),
      paiseToDecimal(igst),
      paiseToDecimal(cgst),
      paiseToDecimal(sgst),
      "0.00",
    ];
    // The refunded order's test (999294) and note lines net to nothing: no rows of zeros.
    expect(csv("hsn(b2c).csv").slice(1)).toEqual([
      row(
        "998431",
        "On-line text based information such as online books, newspapers, periodicals, directories and the like",
        notesTaxable,
        noteOnly.igstPaise,
        notesCgst,
        notesSgst,
      ),
      row(
        "999293",
        "Commercial training and coaching services",
        mixedCourse!.taxablePaise!,
        0,
        mixedCourse!.cgstPaise!,
        mixedCourse!.sgstPaise!,
      ),
    ]);
    // Table 12 still reconciles with table 7, and Karnataka's sale and refund leave no row there.
    const hsnTaxable = sum(csv("hsn(b2c).csv").slice(1), 6);
    expect(csv("b2cs.csv").slice(1)).toEqual([
      ["OE", "08-Rajasthan", "", "18", paiseToDecimal(mixed.subtotalPaise), "0.00", ""],
      ["OE", "27-Maharashtra", "", "18", paiseToDecimal(noteOnly.subtotalPaise), "0.00", ""],
    ]);
    expect(sum(csv("b2cs.csv").slice(1), 4)).toBe(hsnTaxable);
  });

  it("takes a partial refund off the SAC of the lines it credits", async () => {
    const db = await getDb();
    await db.update(schema.settings).set({ sacCodeNotes: "998431" });
    const order = await sale("27", [
      { pricePaise: 99_900, kind: "course" },
      { pricePaise: 4_900, kind: "note" },
    ]);
    const items = await db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
    const note = items.find((i) => i.sacCode === "998431")!;
    const course = items.find((i) => i.sacCode === "999293")!;
    await refundOrder(db, order.id, null, { itemIds: [note.id] });
    const { csv } = await exportGstr1(thisMonth());
    // The note's line is credited in full: no 998431 row; the course's stays as sold.
    expect(
      csv("hsn(b2c).csv")
        .slice(1)
        .map((r) => [r[0], r[6], r[7]]),
    ).toEqual([["999293", paiseToDecimal(course.taxablePaise!), paiseToDecimal(course.igstPaise!)]]);
    expect(sum(csv("b2cs.csv").slice(1), 4)).toBe(course.taxablePaise);
  });

  it("leaves out every row of zeros: a month whose only sale was refunded has headers only, but for the documents", async () => {
    const db = await getDb();
    const refunded = await sale("27", [49_900]);
    await refundOrder(db, refunded.id, null);
    const { csv } = await exportGstr1(thisMonth());
    for (const [name, header] of GSTR1_FILES.filter(([name]) => name !== "docs.csv")) {
      expect(csv(name), name).toEqual([[...header]]);
    }
    // The documents were issued all the same: table 13 lists them.
    expect(
      csv("docs.csv")
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(["Invoices for outward supply", "Credit Note"]);
  });

  it("refuses a period in which the seller GSTIN changed after some of its documents, saying why", async () => {
    const db = await getDb();
    const owner = await createTestUser({ role: "admin" });
    const changeGstin = async (sellerGstin: string) => {
      const current = await getSettings(db);
      await updateSettings(db, owner.id, settingsSchema.parse({ ...current, sellerGstin, maintenanceMode: false }));
    };
    // The real GSTIN set up before the month's first sale: the whole month is under it.
    await changeGstin("08AAPFU0939F1ZV");
    await sale("27", [49_900]);
    expect(await refusal(thisMonth())).toBeNull();
    // Changed again after that sale: the month holds invoices of two registrations.
    await changeGstin("08AAACR5055K1Z7");
    const refused = await refusal(thisMonth());
    expect(refused?.status).toBe(409);
    expect(refused?.message).toMatch(
      new RegExp(
        `^The seller GSTIN changed during ${thisMonth()} \\(to 08AAACR5055K1Z7 on \\d{1,2} [A-Z][a-z]{2} \\d{4}\\), after some of its invoices or credit notes were issued\\. A GSTR-1 return is filed per GSTIN`,
      ),
    );
    // The quarter holding it is refused too; the month before is not.
    expect((await refusal(currentQuarter()))?.status).toBe(409);
    expect(await refusal(lastMonth())).toBeNull();
    // A refused export is not written to the audit log as an export.
    const exports = await db.select().from(schema.auditLog).where(eq(schema.auditLog.type, "Export"));
    expect(exports.map((e) => e.description).sort()).toEqual(
      [`GSTR-1 data exported for ${thisMonth()}`, `GSTR-1 data exported for ${lastMonth()}`].sort(),
    );
  });

  it("writes a business name a spreadsheet would run as text (the one CSV writer's guard, lib/csv.ts)", async () => {
    await sale("29", [49_900], {
      gstin: "29AABCB1234C1ZA",
      legalName: "=HYPERLINK(1) Tutors",
      address: "80 Feet Road, Koramangala, Bengaluru 560034",
    });
    const { files } = await exportGstr1(thisMonth());
    expect(files.get("b2b.csv")).toContain(",'=HYPERLINK(1) Tutors,");
  });

  it("reads the row-per-document tables in batches without losing or repeating a row at a batch's edge", async () => {
    const db = await getDb();
    const business = (n: number) => ({
      gstin: "29AABCB1234C1ZA",
      legalName: `Tutors ${n}`,
      address: "80 Feet Road, Koramangala, Bengaluru 560034",
    });
    const b2b = [await sale("29", [49_900], business(1)), await sale("29", [59_900], business(2))];
    const b2b3 = await sale("29", [69_900], business(3));
    await refundOrder(db, b2b[0]!.id, null);
    await refundOrder(db, b2b3.id, null);
    await sale("27", [90_000_00]);
    await sale("29", [95_000_00]);
    const now = new Date();
    const period = { start: new Date(now.getTime() - 86_400_000), end: new Date(now.getTime() + 86_400_000) };
    const read = async (batchSize?: number) =>
      unzipText(new Uint8Array(await new Response(await gstr1Zip(db, { ...period, batchSize })).arrayBuffer()));
    const whole = await read();
    const oneByOne = await read(1);
    for (const name of ["b2b.csv", "cdnr.csv", "b2cl.csv"]) {
      expect(oneByOne.get(name), name).toBe(whole.get(name));
    }
    // Three invoices to the business, two of its credit notes, and (at least) the two large inter-state invoices.
    expect(parseCsv(oneByOne.get("b2b.csv")!).filter((r) => r[1]?.startsWith("Tutors "))).toHaveLength(3);
    expect(parseCsv(oneByOne.get("cdnr.csv")!).filter((r) => r[1]?.startsWith("Tutors "))).toHaveLength(2);
    expect(parseCsv(oneByOne.get("b2cl.csv")!).length).toBeGreaterThanOrEqual(3);
  });

  it("refuses a malformed period with a 400", async () => {
    const admin = await createTestUser({ role: "admin" });
    for (const period of ["", "2026-13", "2026-Q5", "26-10", "2026-10-01"]) {
      let status = 0;
      try {
        await routeCall(gstr1Route.loader, {
          request: makeRequest(`/admin/sales/gstr1.zip?period=${period}`, {
            headers: { cookie: await cookieFor(admin) },
          }),
          params: {},
          context: {},
        } as never);
      } catch (thrown) {
        status =
          thrown instanceof Response ? thrown.status : ((thrown as { init?: { status: number } }).init?.status ?? 0);
      }
      expect(status).toBe(400);
    }
  });
});
