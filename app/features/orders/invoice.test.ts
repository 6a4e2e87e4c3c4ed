import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractPdfText } from "../../../tests/helpers/pdf-text";
import { financialYear, formatInvoiceNumber } from "./invoice.server";
import { type InvoiceData, invoiceDateText, renderInvoicePdf } from "./invoice-pdf.server";

const seller = {
  name: "Commerce Academy",
  address: "2nd Floor, 14 Civil Lines, Jaipur, Rajasthan 302006",
  gstin: "27AAPFU0939F1ZV",
  stateCode: "08",
};

function invoice(over: Partial<InvoiceData> = {}): InvoiceData {
  return {
    kind: "invoice",
    number: "CA/26-27/000001",
    date: new Date("2026-06-01T10:00:00Z"),
    orderNumber: "CA-000001",
    original: null,
    seller,
    buyer: { name: "Asha", email: "asha@example.com" },
    placeOfSupply: "27",
    intraState: false,
    sacCode: "999293",
    lines: [],
    subtotalPaise: 0,
    discountPaise: 0,
    couponCode: null,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise: 0,
    paymentId: null,
    ...over,
  };
}

/** The PDF job on a document alone: no signatory image, no certificate. */
const render = (document: InvoiceData) => renderInvoicePdf({ document });

describe("invoice numbering", () => {
  it("uses the Indian financial year April–March in IST", () => {
    expect(financialYear(new Date("2026-04-01T00:00:00+05:30"))).toBe("2026-27");
    expect(financialYear(new Date("2026-03-31T23:59:59+05:30"))).toBe("2025-26");
    // 31 March 19:00 UTC is already 1 April in India
    expect(financialYear(new Date("2026-03-31T19:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2027-01-15T12:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2099-12-01T12:00:00Z"))).toBe("2099-00");
  });

  it("formats numbers within GST's 16-character limit", () => {
    expect(formatInvoiceNumber("2026-27", 42)).toBe("CA/26-27/000042");
    expect(formatInvoiceNumber("2026-27", 999_999).length).toBeLessThanOrEqual(16);
    expect(invoiceDateText(new Date("2026-03-31T19:00:00Z"))).toBe("01/04/2026");
  });
});

describe("invoice PDF", () => {
  it("continues on further pages for long orders", async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      title: `Item ${i + 1} with a reasonably long title`,
      pricePaise: 1_000,
      taxablePaise: 1_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 180,
    }));
    const bytes = await render(
      invoice({ lines, subtotalPaise: 60_000, taxablePaise: 60_000, igstPaise: 10_800, totalPaise: 70_800 }),
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
  });

  it("prints every field GST asks for, the CGST/SGST split, ₹ and the total in words", async () => {
    const bytes = await render(
      invoice({
        buyer: { name: "Asha Verma ✓", email: "asha@example.com" },
        placeOfSupply: "08",
        intraState: true,
        lines: [
          {
            title: "Accountancy Class 12 — Complete Course with a very long title that has to wrap across lines",
            pricePaise: 199_999,
            taxablePaise: 159_999,
            cgstPaise: 14_400,
            sgstPaise: 14_400,
            igstPaise: 0,
          },
          {
            title: "Partnership Notes ₹",
            pricePaise: 1_498,
            taxablePaise: 1_199,
            cgstPaise: 108,
            sgstPaise: 108,
            igstPaise: 0,
          },
        ],
        subtotalPaise: 201_497,
        discountPaise: 40_299,
        couponCode: "SAVE20",
        taxablePaise: 161_198,
        cgstPaise: 14_508,
        sgstPaise: 14_508,
        totalPaise: 190_214,
        paymentId: "pay_123",
      }),
    );
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe("Tax Invoice CA/26-27/000001");
    const text = extractPdfText(bytes).replace(/\s+/g, " ");
    for (const field of [
      "TAX INVOICE",
      "Invoice No: CA/26-27/000001",
      "Invoice Date: 01/06/2026",
      "Commerce Academy",
      "Civil Lines, Jaipur",
      "State: Rajasthan (08)",
      "GSTIN: 27AAPFU0939F1ZV",
      "Asha Verma ?",
      "asha@example.com",
      "Place of supply: Rajasthan (08)",
      "999293",
      "1,599.99",
      "CGST",
      "SGST",
      "9%",
      "144.00",
      "CGST @ 9% ₹145.08",
      "SGST @ 9% ₹145.08",
      "Total ₹1,902.14",
      "Amount in words: Rupees One Thousand Nine Hundred Two and Fourteen Paise Only",
      "Whether tax is payable on reverse charge: No",
      "Partnership Notes ₹",
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain("IGST");
  });

  it("prints IGST across states, and a credit note against its invoice", async () => {
    // One course sold to Maharashtra from Rajasthan: IGST only, on the invoice and on its credit note.
    const interState: Partial<InvoiceData> = {
      lines: [
        { title: "Course", pricePaise: 99_900, taxablePaise: 99_900, cgstPaise: 0, sgstPaise: 0, igstPaise: 17_982 },
      ],
      subtotalPaise: 99_900,
      taxablePaise: 99_900,
      igstPaise: 17_982,
      totalPaise: 117_882,
    };
    const inter = extractPdfText(await render(invoice(interState))).replace(/\s+/g, " ");
    expect(inter).toContain("IGST @ 18% ₹179.82");
    expect(inter).toContain("Place of supply: Maharashtra (27)");
    expect(inter).not.toContain("CGST");
    const note = extractPdfText(
      await render(
        invoice({
          ...interState,
          kind: "credit-note",
          number: "CN/26-27/000001",
          date: new Date("2026-10-08T20:00:00Z"),
          original: { number: "CA/26-27/000001", date: new Date("2026-06-01T10:00:00Z") },
        }),
      ),
    ).replace(/\s+/g, " ");
    expect(note).toContain("CREDIT NOTE");
    expect(note).toContain("Credit Note No: CN/26-27/000001");
    expect(note).toContain("Credit Note Date: 09/10/2026"); // 01:30 on 9 October in India
    expect(note).toContain("Against Invoice No: CA/26-27/000001 dated 01/06/2026");
    expect(note).toContain("Total credited ₹1,178.82");
    expect(note).toContain("Rupees One Thousand One Hundred Seventy Eight and Eighty Two Paise Only");
  });

  const course = {
    title: "Accountancy Class 12 — Complete Course",
    pricePaise: 50_000_00,
    taxablePaise: 50_000_00,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 9_000_00,
  };
  const large = {
    lines: [course],
    subtotalPaise: 50_000_00,
    taxablePaise: 50_000_00,
    igstPaise: 9_000_00,
    totalPaise: 59_000_00,
  };
  const text = async (data: InvoiceData) => extractPdfText(await render(data)).replace(/\s+/g, " ");

  it("bills a registered buyer (B2B) by its GSTIN, registered name and address, on the credit note too", async () => {
    const b2b = invoice({
      ...large,
      buyer: {
        name: "Asha Verma",
        email: "asha@example.com",
        gstin: "27AABCB1234C1ZE",
        legalName: "Bright Future Commerce Coaching Centre Private Limited",
        address: "Office 4, Shanti Towers, Linking Road\nBandra West, Mumbai 400050",
      },
    });
    for (const doc of [
      b2b,
      { ...b2b, kind: "credit-note" as const, original: { number: "CA/26-27/000001", date: b2b.date } },
    ]) {
      const printed = await text(doc);
      // The registered name wraps onto a second line under its first.
      for (const field of [
        "Bright Future Commerce Coaching Centre",
        "Private Limited Office 4, Shanti Towers, Linking Road Bandra West, Mumbai 400050 Attn: Asha Verma " +
          "asha@example.com State: Maharashtra (27) GSTIN: 27AABCB1234C1ZE",
        "Place of supply: Maharashtra (27)",
      ]) {
        expect(printed).toContain(field);
      }
      expect(printed).not.toContain("Unregistered");
    }
  });

  it("prints an unregistered buyer's address when the invoice carries one (₹50,000 or more), and none otherwise", async () => {
    const withAddress = await text(
      invoice({
        ...large,
        buyer: { name: "Asha Verma", email: "asha@example.com", address: "Flat 12, Kothrud\nPune 411038" },
      }),
    );
    expect(withAddress).toContain(
      "Flat 12, Kothrud Pune 411038 asha@example.com State: Maharashtra (27) GSTIN: Unregistered (B2C)",
    );
    // A document stored before these fields (no gstin, no address) prints as it always did.
    const plain = await text(invoice(large));
    expect(plain).toContain(
      "GSTIN: 27AAPFU0939F1ZV asha@example.com State: Maharashtra (27) GSTIN: Unregistered (B2C)",
    );
  });

  it("wraps a long seller name within its column instead of running into the buyer's", async () => {
    const name = "Commerce Academy Educational Services Private Limited (Jaipur Branch)";
    const pdf = await render(
      invoice({ seller: { ...seller, name }, buyer: { name: "Asha Verma", email: "a@example.com" } }),
    );
    const lines = extractPdfText(pdf, { layout: true }).split("\n");
    // Each line of the supplier column ends before the buyer's column starts (310 pt of 595).
    const heading = lines.findIndex((l) => l.includes("Commerce Academy Educational"));
    expect(heading).toBeGreaterThanOrEqual(0);
    expect(lines[heading]).toMatch(/Commerce Academy Educational Services\s{2,}Asha Verma/);
    expect(lines[heading]).not.toContain("Private Limited");
    expect(lines.some((l) => /^\s*Private Limited \(Jaipur Branch\)/.test(l))).toBe(true);
  });

  it("prints each line's own SAC and every SAC's description; a document stored before that, its one SAC", async () => {
    const line = (title: string, sac?: { sacCode: string; sacDescription: string }) => ({
      title,
      ...sac,
      pricePaise: 10_000,
      taxablePaise: 10_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1_800,
    });
    const totals = { subtotalPaise: 20_000, taxablePaise: 20_000, igstPaise: 3_600, totalPaise: 23_600 };
    const perLine = extractPdfText(
      await render(
        invoice({
          sacCode: undefined,
          lines: [
            line("Course", { sacCode: "999293", sacDescription: "Commercial training and coaching services" }),
            line("Notes", { sacCode: "998431", sacDescription: "On-line text based information" }),
          ],
          ...totals,
        }),
      ),
      { layout: true },
    );
    expect(perLine).toMatch(/Course\s+999293\s+100\.00/);
    expect(perLine).toMatch(/Notes\s+998431\s+100\.00/);
    expect(perLine.replace(/\s+/g, " ")).toContain(
      "SAC 999293: Commercial training and coaching services. SAC 998431: On-line text based information. Amounts",
    );
    // Stored before lines had a SAC: the document's one code, described from the table.
    const stored = extractPdfText(
      await render(invoice({ sacCode: "999294", lines: [line("Course"), line("Notes")], ...totals })),
      { layout: true },
    );
    expect(stored).toMatch(/Course\s+999294/);
    expect(stored).toMatch(/Notes\s+999294/);
    expect(stored.replace(/\s+/g, " ")).toContain(
      "SAC 999294: Other education and training services nowhere else classified. Amounts",
    );
  });
});
