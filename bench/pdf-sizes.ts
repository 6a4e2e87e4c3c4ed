/**
 * The size of each kind of PDF the app makes, rendered by the same pure jobs the PDF pool runs (the
 * fonts are subset into each file: issue 30 / ADR 0016 compare the sizes of the two subsetters).
 *
 *   npx tsx bench/pdf-sizes.ts
 */
import { renderAnalyticsPdf, renderQuarterReportPdf } from "~/features/analytics/report-pdf.server";
import { generateSamplePdf } from "~/features/learning/sample-pdf.server";
import { type InvoiceData, renderInvoicePdf } from "~/features/orders/invoice-pdf.server";
import { stampPdf } from "~/platform/files/stamp.server";

const figures = {
  revenuePaise: 12_34_567_89,
  gstPaise: 1_88_323_23,
  salesCount: 420,
  paidOrderCount: 400,
  refundedCount: 7,
  keptOrderCount: 393,
  averageOrderPaise: 3_141_59,
  refundRate: 1.8,
};
const line = (i: number) => ({
  title: `Accountancy Class 12 — Partnership Accounts, part ${i + 1}`,
  pricePaise: 99_900,
  taxablePaise: 99_900,
  cgstPaise: 8_991,
  sgstPaise: 8_991,
  igstPaise: 0,
});
const invoice = (lines: number): InvoiceData => ({
  kind: "invoice",
  number: "CA/26-27/000042",
  date: new Date("2026-11-20T10:00:00Z"),
  orderNumber: "CA-000123",
  original: null,
  seller: {
    name: "Commerce Academy",
    address: "2nd Floor, 14 Civil Lines, Jaipur",
    gstin: "08AAAAA0000A1Z5",
    stateCode: "08",
  },
  buyer: { name: "Priya Sharma", email: "priya@example.com" },
  placeOfSupply: "08",
  intraState: true,
  sacCode: "999293",
  lines: Array.from({ length: lines }, (_, i) => line(i)),
  subtotalPaise: 99_900 * lines,
  discountPaise: 0,
  couponCode: null,
  taxablePaise: 99_900 * lines,
  cgstPaise: 8_991 * lines,
  sgstPaise: 8_991 * lines,
  igstPaise: 0,
  totalPaise: 1_17_882 * lines,
  paymentId: "pay_123",
});
const sample = await generateSamplePdf({
  kind: "note",
  title: "Economics Class 12 Notes",
  subject: "economics",
  classLevel: "12",
  author: "Commerce Academy",
  description: "Chapter-wise notes.",
  modules: ["National Income", "Money and Banking"],
} as Parameters<typeof generateSamplePdf>[0]);
const kinds: [string, Promise<Uint8Array>][] = [
  ["tax invoice, 1 line", renderInvoicePdf({ document: invoice(1) })],
  ["tax invoice, 40 lines (2 pages)", renderInvoicePdf({ document: invoice(40) })],
  [
    "credit note, 1 line",
    renderInvoicePdf({
      document: { ...invoice(1), kind: "credit-note", original: { number: "CA/26-27/000042", date: new Date() } },
    }),
  ],
  ["sample note PDF", Promise.resolve(sample)],
  [
    "stamped note (the sample, stamped)",
    stampPdf({ bytes: sample, buyer: { name: "Priya Sharma", email: "priya@example.com" } }),
  ],
  [
    "analytics report",
    renderAnalyticsPdf({
      sellerName: "Commerce Academy",
      now: new Date(),
      overview: {
        month: "Nov 2026",
        previousMonth: "Oct 2026",
        current: figures,
        previous: figures,
        conversion: { rate: 12, target: 10 },
        series: Array.from({ length: 12 }, (_, i) => ({
          label: `M${i + 1}`,
          revenuePaise: 1_000_00 * i,
          enrolments: i,
        })),
      },
      top: [{ id: 1, title: "Accountancy Class 12", subject: "accountancy", enrolments: 120 }],
    }),
  ],
  [
    "quarterly report",
    renderQuarterReportPdf({
      sellerName: "Commerce Academy",
      sellerGstin: "08AAAAA0000A1Z5",
      now: new Date(),
      quarter: {
        period: { start: new Date("2026-10-01"), end: new Date("2027-01-01"), label: "Q3 2026-27 (Oct–Dec 2026)" },
        figures,
        gstPaise: 1_88_000_00,
        byMonth: [{ label: "Oct 2026", revenuePaise: 4_00_000_00, orders: 130 }],
        topItems: [{ title: "Accountancy Class 12", sold: 90, revenuePaise: 89_910_00 }],
      },
    }),
  ],
];
console.log("| PDF | bytes |\n|---|---|");
for (const [name, bytes] of kinds) console.log(`| ${name} | ${(await bytes).length.toLocaleString("en-US")} |`);
