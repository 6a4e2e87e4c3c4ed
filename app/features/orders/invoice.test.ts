import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { financialYear, formatInvoiceNumber } from "./invoice.server";
import { invoiceDateText, renderInvoicePdf } from "./invoice-pdf.server";

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
    }));
    const bytes = await renderInvoicePdf({
      invoiceNumber: "CA/26-27/000002",
      invoiceDate: new Date("2026-06-01T10:00:00Z"),
      orderNumber: "CA-000002",
      seller: { name: "Commerce Academy", address: "Jaipur", gstin: "08AAAAA0000A1Z5" },
      buyer: { name: "Asha", email: "asha@example.com" },
      lines,
      subtotalPaise: 60_000,
      discountPaise: 0,
      couponCode: null,
      gstPaise: 10_800,
      totalPaise: 70_800,
      paymentId: null,
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
  });

  it("is a one-page PDF titled with the invoice number, even with characters the font lacks", async () => {
    const bytes = await renderInvoicePdf({
      invoiceNumber: "CA/26-27/000001",
      invoiceDate: new Date("2026-06-01T10:00:00Z"),
      orderNumber: "CA-000001",
      seller: {
        name: "Commerce Academy",
        address: "2nd Floor, 14 Civil Lines, Jaipur, Rajasthan 302006",
        gstin: "08AAAAA0000A1Z5",
      },
      buyer: { name: "Asha Verma ✓", email: "asha@example.com" },
      lines: [
        {
          title: "Accountancy Class 12 — Complete Course with a very long title that has to wrap across lines",
          pricePaise: 99_999,
        },
        { title: "Formula Sheet ₹", pricePaise: 2_499 },
      ],
      subtotalPaise: 102_498,
      discountPaise: 10_250,
      couponCode: "SAVE10",
      gstPaise: 16_605,
      totalPaise: 108_853,
      paymentId: "pay_123",
    });
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe("Tax Invoice CA/26-27/000001");
  });
});
