/**
 * One realistic input for every kind of PDF the app makes (the pure jobs of server/pdf-worker.ts),
 * shaped as the app builds them (orders.server.ts buildInvoiceData, credit-notes.server.ts,
 * analytics/reports.server.ts), and the documents rendered from them. Shared by the OCR test
 * (server/pdf-worker.ocr.test.ts) and `npm run screenshots:pdf`.
 */

import { seedNotes, seedPyqs } from "~/db/seed/data";
import type { AnalyticsReport, QuarterReportPdfInput } from "~/features/analytics/report-pdf.server";
import { renderAnalyticsPdf, renderQuarterReportPdf } from "~/features/analytics/report-pdf.server";
import { lineTaxes, sumTaxes } from "~/features/gst/tax";
import { generateSamplePdf, type SampleSource } from "~/features/learning/sample-pdf.server";
import { type InvoiceData, renderInvoicePdf } from "~/features/orders/invoice-pdf.server";
import { financialQuarter, monthPeriod } from "~/lib/periods";
import { type Buyer, stampPdf } from "~/platform/files/stamp.server";
import { makeSignaturePng } from "./signing";

export const SELLER = {
  name: "Commerce Academy",
  address: "2nd Floor, 14 Civil Lines, Jaipur, Rajasthan 302006",
  gstin: "08AAPFU0939F1ZV",
  stateCode: "08",
};

const ITEMS = [
  { title: "Accountancy Class 12 Complete Course", pricePaise: 249_900 },
  { title: "Economics Class 12 Notes", pricePaise: 89_900 },
  { title: "Business Studies PYQ Papers 2015-2025", pricePaise: 34_900 },
];

/** A paid order of three items with a 10% coupon: within Rajasthan (CGST + SGST) or to Maharashtra (IGST). */
export function taxDocument(kind: InvoiceData["kind"], intraState: boolean): InvoiceData {
  const prices = ITEMS.map((i) => i.pricePaise);
  const subtotalPaise = prices.reduce((a, b) => a + b, 0);
  const discountPaise = Math.round(subtotalPaise / 10);
  const taxes = lineTaxes(prices, discountPaise, intraState);
  const sum = sumTaxes(taxes);
  const invoice: InvoiceData = {
    kind: "invoice",
    number: intraState ? "CA/26-27/000042" : "CA/26-27/000043",
    date: new Date("2026-06-01T10:15:00Z"),
    orderNumber: intraState ? "CA-000042" : "CA-000043",
    original: null,
    seller: SELLER,
    buyer: intraState
      ? { name: "Asha Verma", email: "asha.verma@example.com" }
      : { name: "Rohan Mehta", email: "rohan.mehta@example.com" },
    placeOfSupply: intraState ? "08" : "27",
    intraState,
    sacCode: "999293",
    lines: ITEMS.map((item, i) => ({ ...item, ...taxes[i]! })),
    subtotalPaise,
    discountPaise,
    couponCode: "SAVE10",
    taxablePaise: sum.taxablePaise,
    cgstPaise: sum.cgstPaise,
    sgstPaise: sum.sgstPaise,
    igstPaise: sum.igstPaise,
    totalPaise: sum.taxablePaise + sum.cgstPaise + sum.sgstPaise + sum.igstPaise,
    paymentId: intraState ? "pay_Q8xKz3LmB4pR2t" : "pay_Q8xLa7VbC1dE9f",
  };
  if (kind === "invoice") return invoice;
  // A refund in full: the credit note reverses the invoice's lines and tax (buildCreditNoteData).
  return {
    ...invoice,
    kind: "credit-note",
    number: intraState ? "CN/26-27/000007" : "CN/26-27/000008",
    date: new Date("2026-06-09T20:40:00Z"),
    original: { number: invoice.number, date: invoice.date },
  };
}

/** A bundle (issue 36) beside a note bought on its own: the bundle one line, its items listed under it. */
export function bundleTaxDocument(): InvoiceData {
  const taxes = lineTaxes([249_900, 2_499], 25_240, false);
  const sum = sumTaxes(taxes);
  const includes = ["Accountancy Class 12", "Economics Class 12", "Macroeconomics Quick Revision"];
  return {
    ...taxDocument("invoice", false),
    lines: [
      { title: "Class 12 Commerce Complete", includes, sacCode: "999293", pricePaise: 249_900, ...taxes[0]! },
      { title: "English Core Writing Skills", sacCode: "999293", pricePaise: 2_499, ...taxes[1]! },
    ],
    subtotalPaise: 252_399,
    discountPaise: 25_240,
    taxablePaise: sum.taxablePaise,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: sum.igstPaise,
    totalPaise: sum.taxablePaise + sum.igstPaise,
  };
}

/** Lines sold with an access period (issue 36): until a date, and for 12 months. */
export function accessTaxDocument(): InvoiceData {
  const base = taxDocument("invoice", true);
  const access = ["Access till 31 Mar 2027", "12 months access, till 1 Jun 2027"];
  return { ...base, lines: base.lines.map((line, i) => (access[i] ? { ...line, access: access[i] } : line)) };
}

/**
 * The inter-state document made out to a registered business (B2B): its GSTIN, registered name and
 * address, as buildInvoiceData takes them from the order.
 */
export function b2bTaxDocument(kind: InvoiceData["kind"]): InvoiceData {
  const doc = taxDocument(kind, false);
  return {
    ...doc,
    buyer: {
      ...doc.buyer,
      gstin: "27AABCB1234C1ZE",
      legalName: "Bright Future Commerce Coaching Centre Private Limited",
      address: "Office 4, Shanti Towers, Linking Road\nBandra West, Mumbai 400050",
    },
  };
}

/** A PYQ paper as seeded (seed-files.server.ts): cover, contents and a page per module. */
export const SAMPLE_PYQ: SampleSource = {
  kind: "pyq",
  title: "Accountancy PYQ Papers 2019-2025",
  subject: "accountancy",
  classLevel: "12",
  author: "Meera Iyer",
  description: "Seven years of board papers with the marking scheme, chapter by chapter.",
  modules: ["Partnership Fundamentals", "Company Accounts"],
};

/** A note a student buys and downloads stamped with their name. */
export const SAMPLE_NOTE: SampleSource = {
  kind: "note",
  title: "Economics Class 12 Notes",
  subject: "economics",
  classLevel: "12",
  author: "Vikram Rao",
  description: "Short notes for revision: macroeconomics and Indian economic development.",
  modules: ["National Income", "Money and Banking"],
};

/** What a first start makes PDFs from: each seeded note's and PYQ's sample source (seed-files.server.ts). */
export function seededSampleSources(): SampleSource[] {
  return [...seedNotes, ...seedPyqs].map((p) => ({
    kind: p.kind,
    title: p.title,
    subject: p.subject,
    classLevel: p.classLevel,
    author: p.instructor,
    description: p.description,
    modules: p.modules,
  }));
}

export const STAMP_BUYER: Buyer = { name: "Priya Sharma", email: "priya.sharma@example.com" };
export const STAMP_DATE = new Date("2026-11-25T06:30:00Z");
/** A buyer with a Hindi name (issue 32: Devanagari printed as "??????" before Noto Sans Devanagari). */
export const HINDI_BUYER: Buyer = { name: "प्रिया शर्मा", email: "priya.sharma@example.com" };
export const HINDI_INVOICE_BUYER: Buyer = { name: "अर्जुन कुमार सिंह", email: "arjun.singh@example.com" };

export const REPORT_NOW = new Date("2026-11-25T07:02:00Z");

/** The sales analytics of November 2026 (loadSalesOverview, topCourses). */
export function analyticsReport(): AnalyticsReport {
  const revenues = [
    182_340_00, 201_115_50, 246_870_00, 312_905_00, 158_220_00, 139_480_00, 221_760_00, 264_315_00, 287_090_00,
    301_644_00, 356_180_00, 487_352_00,
  ];
  const enrolments = [64, 71, 88, 119, 53, 47, 79, 93, 102, 108, 131, 176];
  return {
    sellerName: SELLER.name,
    now: REPORT_NOW,
    overview: {
      month: "Nov 2026",
      previousMonth: "Oct 2026",
      current: {
        revenuePaise: 487_352_00,
        gstPaise: 74_342_84,
        salesCount: 251,
        paidOrderCount: 212,
        refundedCount: 7,
        keptOrderCount: 205,
        averageOrderPaise: 2_377_33,
        refundRate: 3.3,
      },
      previous: {
        revenuePaise: 356_180_00,
        gstPaise: 54_332_54,
        salesCount: 188,
        paidOrderCount: 163,
        refundedCount: 4,
        keptOrderCount: 159,
        averageOrderPaise: 2_240_13,
        refundRate: 2.5,
      },
      conversion: { rate: 12.4, target: 10 },
      series: revenues.map((revenuePaise, i) => ({
        label: monthPeriod(REPORT_NOW, i - 11).label,
        revenuePaise,
        enrolments: enrolments[i]!,
      })),
    },
    top: [
      { id: 11, title: "Accountancy Class 12 Complete Course", subject: "accountancy", enrolments: 418 },
      { id: 12, title: "Economics Class 12 Complete Course", subject: "economics", enrolments: 296 },
      { id: 13, title: "Business Studies Class 12 Crash Course", subject: "business_studies", enrolments: 187 },
      { id: 14, title: "English Core Class 12 Writing Skills", subject: "english", enrolments: 95 },
      { id: 15, title: "Accountancy Class 11 Foundation", subject: "accountancy", enrolments: 62 },
    ],
  };
}

/** Q2 of FY 2026–27 (July to September 2026), as quarterReport() reads it. */
export function quarterReportInput(): QuarterReportPdfInput {
  return {
    sellerName: SELLER.name,
    sellerGstin: SELLER.gstin,
    now: REPORT_NOW,
    quarter: {
      period: financialQuarter(2026, 2),
      figures: {
        revenuePaise: 873_499_00,
        gstPaise: 133_245_61,
        salesCount: 402,
        paidOrderCount: 371,
        refundedCount: 9,
        keptOrderCount: 362,
        averageOrderPaise: 2_412_98,
        refundRate: 2.4,
      },
      gstPaise: 133_245_61,
      byMonth: [
        { label: "Jul 2026", revenuePaise: 221_760_00, orders: 94 },
        { label: "Aug 2026", revenuePaise: 264_315_00, orders: 112 },
        { label: "Sep 2026", revenuePaise: 287_424_00, orders: 165 },
      ],
      topItems: [
        { title: "Accountancy Class 12 Complete Course", sold: 141, revenuePaise: 352_359_00 },
        { title: "Economics Class 12 Notes", sold: 98, revenuePaise: 97_020_00 },
        { title: "Business Studies PYQ Papers 2015-2025", sold: 57, revenuePaise: 19_893_00 },
      ],
    },
  };
}

export interface RenderedPdf {
  /** A file name stem: "invoice-intra-state". */
  name: string;
  bytes: Uint8Array;
}

/** The first document of each kind, for a reviewer to look at (`npm run screenshots:pdf`). */
export async function renderEveryPdfKind(): Promise<RenderedPdf[]> {
  const note = await generateSamplePdf(SAMPLE_NOTE);
  return [
    { name: "invoice-intra-state", bytes: await renderInvoicePdf({ document: taxDocument("invoice", true) }) },
    { name: "invoice-inter-state", bytes: await renderInvoicePdf({ document: taxDocument("invoice", false) }) },
    { name: "credit-note-intra-state", bytes: await renderInvoicePdf({ document: taxDocument("credit-note", true) }) },
    { name: "credit-note-inter-state", bytes: await renderInvoicePdf({ document: taxDocument("credit-note", false) }) },
    { name: "invoice-b2b", bytes: await renderInvoicePdf({ document: b2bTaxDocument("invoice") }) },
    { name: "invoice-bundle", bytes: await renderInvoicePdf({ document: bundleTaxDocument() }) },
    { name: "invoice-access-periods", bytes: await renderInvoicePdf({ document: accessTaxDocument() }) },
    {
      name: "invoice-signatory",
      bytes: await renderInvoicePdf({
        document: {
          ...taxDocument("invoice", true),
          signatory: { name: "Ramesh Kumar Sharma", imageKey: "signatures/sample.png" },
        },
        signatureImage: makeSignaturePng(600, 200),
      }),
    },
    { name: "stamped-note", bytes: await stampPdf({ bytes: note, buyer: STAMP_BUYER, now: STAMP_DATE }) },
    { name: "stamped-note-hindi-name", bytes: await stampPdf({ bytes: note, buyer: HINDI_BUYER, now: STAMP_DATE }) },
    {
      name: "invoice-hindi-name",
      bytes: await renderInvoicePdf({ document: { ...taxDocument("invoice", true), buyer: HINDI_INVOICE_BUYER } }),
    },
    { name: "sample-pyq", bytes: await generateSamplePdf(SAMPLE_PYQ) },
    { name: "analytics-report", bytes: await renderAnalyticsPdf(analyticsReport()) },
    { name: "quarterly-report", bytes: await renderQuarterReportPdf(quarterReportInput()) },
  ];
}
