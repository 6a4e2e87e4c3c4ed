/**
 * Every kind of PDF the app makes (the jobs of ./pdf-worker.ts that make one), rendered and read back by OCR: what
 * a person sees, not what the text layer says. `pdftotext` reads the ToUnicode map and passed while
 * a corrupt font subset drew most glyphs blank (fixed in lib/pdf-font.server.ts); here poppler
 * draws each page and tesseract reads the picture (tests/helpers/pdf-ocr.ts).
 *
 * Each document is checked twice: every word of its text layer must be seen on its page, and the
 * fields a reader relies on (title, buyer, GSTIN, each amount digit by digit, each figure next to
 * its label) are named one by one. The ₹ sign is not in tesseract's `eng` model: amounts are
 * compared by their digits.
 */
import { describe, expect, it } from "vitest";
import { seedNotes } from "~/db/seed/data";
import { renderAnalyticsPdf, renderQuarterReportPdf } from "~/features/analytics/report-pdf.server";
import { includesText } from "~/features/catalog/bundles";
import { DEFAULT_SAC } from "~/features/gst/sac";
import { stateLabel } from "~/features/gst/states";
import { GST_RATE_PERCENT, HALF_RATE_PERCENT } from "~/features/gst/tax";
import { sampleDocumentFor } from "~/features/learning/sample-content";
import { SAMPLE_PAPER_LABEL } from "~/features/learning/sample-content/types";
import { generateSamplePdf, type SampleSource } from "~/features/learning/sample-pdf.server";
import {
  AUTHORISED_SIGNATORY,
  type InvoiceData,
  invoiceDateText,
  REVERSE_CHARGE_LINE,
  renderInvoicePdf,
} from "~/features/orders/invoice-pdf.server";
import { formatDateTimeIst, istDateStamp } from "~/lib/dates";
import { amountInWords, formatPaise, formatRupeesPlain } from "~/lib/money";
import { stampLine, stampPdf } from "~/platform/files/stamp.server";
import {
  accessTaxDocument,
  analyticsReport,
  b2bTaxDocument,
  bundleTaxDocument,
  HINDI_BUYER,
  HINDI_INVOICE_BUYER,
  quarterReportInput,
  REPORT_NOW,
  SAMPLE_NOTE,
  SAMPLE_PYQ,
  STAMP_BUYER,
  STAMP_DATE,
  taxDocument,
} from "../tests/helpers/pdf-kinds";
import {
  amountsClash,
  type OcrLayout,
  ocrAmountCount,
  ocrPdf,
  ocrRow,
  ocrShows,
  ocrShowsWords,
  unreadWords,
} from "../tests/helpers/pdf-ocr";
import { extractPdfText } from "../tests/helpers/pdf-text";
import { makeSignaturePng } from "../tests/helpers/signing";

/** The text layer of each page (pdftotext ends every page with a form feed). */
function textLayerPages(bytes: Uint8Array): string[] {
  const pages = extractPdfText(bytes).split("\f");
  expect(pages.pop()?.trim()).toBe("");
  return pages;
}

/**
 * The OCR text of each page, after checking that every page shows every word of its text layer
 * (`textOf`: another document's text layer, for a stamped copy whose watermark is meant to be faint).
 */
async function readPages(bytes: Uint8Array, layout: OcrLayout, textOf: Uint8Array = bytes): Promise<string[]> {
  const ocr = await ocrPdf(bytes, { layout });
  const text = textLayerPages(textOf);
  expect(ocr).toHaveLength(text.length);
  text.forEach((page, i) => {
    expect(page.split(/\s+/).filter(Boolean).length, `page ${i + 1} has text`).toBeGreaterThan(5);
    expect(unreadWords(ocr[i]!, page), `words of page ${i + 1} that OCR did not see:\n${ocr[i]}`).toEqual([]);
  });
  return ocr;
}

/** What a page must show: `shows` anywhere, each of `rows` as one line of OCR text. */
function expectPage(ocr: string, { shows = [], rows = [] }: { shows?: string[]; rows?: string[][] }) {
  expect(
    shows.filter((printed) => !ocrShows(ocr, printed)),
    `not seen on the page:\n${ocr}`,
  ).toEqual([]);
  expect(
    rows.filter((cells) => !ocrRow(ocr, cells)),
    `rows not seen on the page:\n${ocr}`,
  ).toEqual([]);
}

/** Every amount printed, once per place it is printed: OCR must see each as often, digit for digit. */
function expectAmounts(ocr: string, printed: string[]) {
  expect(amountsClash(printed), "amounts of the document that end with one another").toEqual([]);
  const tally = (count: (amount: string) => number) =>
    Object.fromEntries([...new Set(printed)].map((amount) => [amount, count(amount)]));
  expect(
    tally((amount) => ocrAmountCount(ocr, amount)),
    `amounts on the page:\n${ocr}`,
  ).toEqual(tally((amount) => printed.filter((a) => a === amount).length));
}

function checkTaxDocument(ocr: string, doc: InvoiceData) {
  const credit = doc.kind === "credit-note";
  const taxCols = doc.intraState
    ? [
        { name: "CGST", rate: HALF_RATE_PERCENT, key: "cgstPaise" as const },
        { name: "SGST", rate: HALF_RATE_PERCENT, key: "sgstPaise" as const },
      ]
    : [{ name: "IGST", rate: GST_RATE_PERCENT, key: "igstPaise" as const }];
  const totalTax = doc.cgstPaise + doc.sgstPaise + doc.igstPaise;

  expectPage(ocr, {
    shows: [
      credit ? "CREDIT NOTE" : "TAX INVOICE",
      `${credit ? "Credit Note No" : "Invoice No"}: ${doc.number}`,
      `${credit ? "Credit Note Date" : "Invoice Date"}: ${invoiceDateText(doc.date)}`,
      ...(doc.original
        ? [`Against Invoice No: ${doc.original.number} dated ${invoiceDateText(doc.original.date)}`]
        : []),
      `Order: ${doc.orderNumber}`,
      "Supplier",
      credit ? "Issued to" : "Bill to",
      doc.seller.name,
      doc.seller.address,
      `State: ${stateLabel(doc.seller.stateCode)}`,
      `GSTIN: ${doc.seller.gstin}`,
      // A business (B2B) is billed by its registered name (checked below: it wraps) and address, to the
      // attention of the account holder.
      ...(doc.buyer.gstin ? [...doc.buyer.address!.split("\n"), `Attn: ${doc.buyer.name}`] : [doc.buyer.name]),
      doc.buyer.email,
      `State: ${stateLabel(doc.placeOfSupply)}`,
      doc.buyer.gstin ? `GSTIN: ${doc.buyer.gstin}` : "GSTIN: Unregistered (B2C)",
      `Place of supply: ${stateLabel(doc.placeOfSupply)}`,
      REVERSE_CHARGE_LINE,
      ...taxCols.map((c) => `${c.name} (₹)`),
      "Taxable value (₹)",
      "Total (₹)",
      `Amount in words: ${amountInWords(doc.totalPaise)}`,
      credit
        ? `Issued for the refund of order ${doc.orderNumber}: it reverses the tax of the invoice above.`
        : `Paid online. Payment reference: ${doc.paymentId}.`,
      // With a signature image, the authorised signatory's block stands instead of this line.
      ...(doc.signatory?.imageKey
        ? [`For ${doc.seller.name}`, doc.signatory.name, AUTHORISED_SIGNATORY]
        : [`This is a computer-generated ${credit ? "credit note" : "invoice"} and needs no signature.`]),
    ],
    rows: [
      ...doc.lines
        .filter((l) => l.taxablePaise !== l.pricePaise)
        .map((l) => [`Price ${formatPaise(l.pricePaise)} less discount ${formatPaise(l.pricePaise - l.taxablePaise)}`]),
      ["Subtotal", formatPaise(doc.subtotalPaise)],
      [`Discount (${doc.couponCode})`, `− ${formatPaise(doc.discountPaise)}`],
      ["Taxable value", formatPaise(doc.taxablePaise)],
      ...taxCols.map((c) => [`${c.name} @ ${c.rate}%`, formatPaise(doc[c.key])]),
      ["Total tax", formatPaise(totalTax)],
      [credit ? "Total credited" : "Total", formatPaise(doc.totalPaise)],
    ],
  });
  if (doc.buyer.legalName) {
    expect(ocrShowsWords(ocr, doc.buyer.legalName), `registered name "${doc.buyer.legalName}"\n${ocr}`).toBe(true);
  }
  // Each line: SAC, taxable value, rate and amount of each tax, line total, on one line after its description.
  for (const line of doc.lines) {
    const lineTotal = line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise;
    const cells = [
      line.sacCode ?? doc.sacCode ?? DEFAULT_SAC,
      formatRupeesPlain(line.taxablePaise),
      ...taxCols.flatMap((c) => [`${c.rate}%`, formatRupeesPlain(line[c.key])]),
      formatRupeesPlain(lineTotal),
    ];
    expect(ocrRow(ocr, cells, { from: "anywhere" }), `line "${line.title}": ${cells.join(" ")}\n${ocr}`).toBe(true);
    expect(ocrShowsWords(ocr, line.title), `line title "${line.title}"\n${ocr}`).toBe(true);
    // The access it sells when not for life (issue 36), under its title.
    if (line.access) expect(ocrShows(ocr, line.access), `line access "${line.access}"\n${ocr}`).toBe(true);
  }
  expectAmounts(ocr, [
    ...doc.lines.flatMap((l) => [
      formatRupeesPlain(l.taxablePaise),
      ...taxCols.map((c) => formatRupeesPlain(l[c.key])),
      formatRupeesPlain(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise),
      ...(l.taxablePaise !== l.pricePaise
        ? [formatPaise(l.pricePaise), formatPaise(l.pricePaise - l.taxablePaise)]
        : []),
    ]),
    formatPaise(doc.subtotalPaise),
    formatPaise(doc.discountPaise),
    formatPaise(doc.taxablePaise),
    ...taxCols.map((c) => formatPaise(doc[c.key])),
    formatPaise(totalTax),
    formatPaise(doc.totalPaise),
  ]);
}

/**
 * A sample note or PYQ paper (stamped or not): its cover with the contents, each section's heading on
 * the page that begins it and every page's header.
 */
function checkSamplePages(ocr: string[], source: SampleSource, classAndKind: string) {
  const content = sampleDocumentFor(source);
  expect(ocr.length).toBeGreaterThanOrEqual(1 + content.sections.length);
  expectPage(ocr[0]!, {
    shows: [
      "COMMERCE ACADEMY",
      source.title,
      classAndKind,
      `By ${source.author}`,
      source.description,
      ...(content.notice ? [content.notice] : []),
      "Contents",
      ...content.sections.map((s, i) => `${i + 1}. ${s.title}`),
    ],
  });
  const starts = content.sections.map((section, i) =>
    ocr.findIndex((page, p) => p > 0 && ocrShows(page, `${i + 1}. ${section.title}`)),
  );
  expect(
    starts.every((p, i) => p > 0 && (i === 0 || p > starts[i - 1]!)),
    `section pages ${starts}`,
  ).toBe(true);
  // The header: the title at the left, the page number at the right (OCR may read them as two blocks).
  ocr.slice(1).forEach((page, i) => {
    expectPage(page, { shows: [source.title, `Commerce Academy | ${i + 2}`] });
  });
}

// The sample notes and papers run to 4–7 pages each, all read at 300 dpi while other tests share the CPU.
describe.concurrent("every PDF the app makes reads right when rendered (OCR)", { timeout: 300_000 }, () => {
  for (const kind of ["invoice", "credit-note"] as const) {
    for (const intraState of [true, false]) {
      const where = intraState ? "within the state (CGST + SGST)" : "across states (IGST)";
      it(`${kind === "invoice" ? "a tax invoice" : "a credit note"} ${where}, with a discount`, async () => {
        const doc = taxDocument(kind, intraState);
        const ocr = await readPages(await renderInvoicePdf({ document: doc }), "rows");
        expect(ocr).toHaveLength(1);
        checkTaxDocument(ocr[0]!, doc);
      });
    }
  }

  for (const kind of ["invoice", "credit-note"] as const) {
    it(`${kind === "invoice" ? "a tax invoice" : "a credit note"} to a registered business (B2B)`, async () => {
      const doc = b2bTaxDocument(kind);
      const ocr = await readPages(await renderInvoicePdf({ document: doc }), "rows");
      expect(ocr).toHaveLength(1);
      checkTaxDocument(ocr[0]!, doc);
    });
  }

  it("a tax invoice of a bundle (issue 36): one line, its items listed under its title (Includes: …)", async () => {
    const doc = bundleTaxDocument();
    const includes = doc.lines[0]!.includes!;
    const ocr = await readPages(await renderInvoicePdf({ document: doc }), "rows");
    expect(ocr).toHaveLength(1);
    checkTaxDocument(ocr[0]!, doc);
    expect(ocrShowsWords(ocr[0]!, includesText(includes)), `"Includes: …" on the page\n${ocr[0]}`).toBe(true);
  });

  it("a tax invoice whose lines sell access until a date and for months: each line says it", async () => {
    const doc = accessTaxDocument();
    const ocr = await readPages(await renderInvoicePdf({ document: doc }), "rows");
    expect(ocr).toHaveLength(1);
    checkTaxDocument(ocr[0]!, doc);
    expect(ocrShows(ocr[0]!, "Access till 31 Mar 2027")).toBe(true);
    expect(ocrShows(ocr[0]!, "12 months access, till 1 Jun 2027")).toBe(true);
  });

  it("a tax invoice with the authorised signatory: For <seller>, the signature image, the name", async () => {
    const doc = {
      ...taxDocument("invoice", true),
      signatory: { name: "Ramesh Kumar Sharma", imageKey: "signatures/test.png" },
    };
    const bytes = await renderInvoicePdf({ document: doc, signatureImage: makeSignaturePng(600, 200) });
    const ocr = await readPages(bytes, "rows");
    expect(ocr).toHaveLength(1);
    checkTaxDocument(ocr[0]!, doc);
    expect(ocrShows(ocr[0]!, "needs no signature")).toBe(false);
  });

  it("a stamped note: the buyer's name and email on every page, over the note's own text", async () => {
    const note = await generateSamplePdf(SAMPLE_NOTE);
    const stamped = await stampPdf({ bytes: note, buyer: STAMP_BUYER, now: STAMP_DATE });
    // The diagonal watermark is faint on purpose; the footer is what a reader sees.
    const ocr = await readPages(stamped, "blocks", note);
    checkSamplePages(ocr, SAMPLE_NOTE, "Economics | Class 12 | Study notes");
    const footer = `${stampLine(STAMP_BUYER)} - downloaded ${istDateStamp(STAMP_DATE)}`;
    ocr.forEach((page, i) => {
      expect(ocrRow(page, [footer]), `page ${i + 1} footer "${footer}"\n${page}`).toBe(true);
    });
  });

  it("a sample PYQ paper: cover, contents, the paper's parts, questions with marks and the marking scheme", async () => {
    const ocr = await readPages(await generateSamplePdf(SAMPLE_PYQ), "blocks");
    checkSamplePages(ocr, SAMPLE_PYQ, `Accountancy | Class 12 | ${SAMPLE_PAPER_LABEL}`);
    expectPage(ocr[1]!, {
      shows: ["Time allowed: 1 hour 30 minutes. Maximum marks: 40", "General instructions"],
      rows: [["1", "In the absence of a partnership deed, profits of a firm are shared by the partners:", "[1]"]],
    });
    const paper = ocr.join("\n");
    expectPage(paper, { shows: ["Option I: Analysis of Financial Statements", "Option II: Computerised Accounting"] });
    // Each question's number, its text and its marks (OCR reads the number column as a block of its own).
    expect(ocrShowsWords(paper, "13 P and Q share equally. On dissolution:")).toBe(true);
    expect(paper.match(/\[6\]/g)?.length, "the two 6-mark questions of Part A").toBe(2);
    expect(ocr.some((page) => ocrShows(page, "3. Marking scheme and answers"))).toBe(true);
  });

  it("a sample note: a real heading, a format table and a solved example whose figures are on the page", async () => {
    const item = seedNotes.find((n) => n.title.startsWith("Partnership Accounts"))!;
    const bytes = await generateSamplePdf({ ...item, author: item.instructor });
    const text = textLayerPages(bytes);
    expect(text.length).toBeGreaterThanOrEqual(5);
    // The text layer: no line of prose printed twice (no filler; the page header aside), the page of admission
    // with its format and example.
    const lines = text.flatMap((page) =>
      page
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l.length > 50 && l !== item.title),
    );
    expect(lines.filter((l, i) => lines.indexOf(l) !== i)).toEqual([]);
    const admission = text.findIndex((page, p) => p > 0 && page.includes("2. Admission of a partner"));
    expect(admission).toBeGreaterThan(0);
    for (const printed of [
      "Format: journal entries on admission",
      "Solved example",
      "Revaluation Account",
      "New ratio 12 : 8 : 5",
    ]) {
      expect(text[admission]).toContain(printed);
    }
    // What a reader sees on that page: the heading, the format table's heading and the example's figures.
    const [page] = await ocrPdf(bytes, { layout: "blocks", first: admission + 1, last: admission + 1 });
    expect(unreadWords(page!, text[admission]!), `words OCR did not see:\n${page}`).toEqual([]);
    expectPage(page!, {
      shows: [
        "2. Admission of a partner",
        "Format: journal entries on admission",
        "Premium for Goodwill A/c Dr. To Old Partners' Capital A/cs",
        "Dr. Revaluation Account Cr.",
        "New ratio 12 : 8 : 5",
        "To Gain: A's Capital A/c",
        "To Provision for Doubtful Debts",
      ],
    });
    // The example's figures as printed (₹ read as anything): the ones that must add up.
    expectPage(page!, {
      shows: [
        "Revaluation gain = 15,000 − 5,000 − 2,000 = ₹8,000, credited to A ₹4,800 and B ₹3,200.",
        "Premium ₹20,000 is credited to A ₹12,000 and B ₹8,000 in the sacrificing ratio 3 : 2.",
      ],
    });
  });

  it("the sales analytics report: the month's figures, 12 months and the top courses", async () => {
    const report = analyticsReport();
    const { current, previous, conversion, series } = report.overview;
    const ocr = (await readPages(await renderAnalyticsPdf(report), "rows")).join("\n");
    expectPage(ocr, {
      shows: [
        `${report.sellerName} — Sales analytics`,
        `Generated ${formatDateTimeIst(REPORT_NOW)} for ${report.overview.month}`,
        "This month",
        "Last 12 months",
        "Top courses by enrolment",
      ],
      rows: [
        ["Revenue, net of GST", formatPaise(current.revenuePaise - current.gstPaise)],
        ["GST collected", formatPaise(current.gstPaise)],
        ["Paid orders", String(current.paidOrderCount)],
        ["Refunded orders", String(current.refundedCount)],
        ["Average order value (incl. GST)", formatPaise(current.averageOrderPaise)],
        ["Refund rate", `${current.refundRate}%`],
        ["Free-to-paid conversion", `${conversion.rate}% (target ${conversion.target}%)`],
        [
          `Revenue ${report.overview.previousMonth}, net of GST`,
          formatPaise(previous.revenuePaise - previous.gstPaise),
        ],
        ["Month", "Revenue net of GST", "Enrolments"],
        ...series.map((m) => [m.label, formatPaise(m.revenuePaise), String(m.enrolments)]),
        ...report.top.map((c) => [c.title, String(c.enrolments)]),
      ],
    });
    expectAmounts(ocr, [
      formatPaise(current.revenuePaise - current.gstPaise),
      formatPaise(current.gstPaise),
      formatPaise(current.averageOrderPaise),
      formatPaise(previous.revenuePaise - previous.gstPaise),
      ...series.map((m) => formatPaise(m.revenuePaise)),
    ]);
  });

  it("the quarterly report: the quarter's figures, each month and the best sellers", async () => {
    const input = quarterReportInput();
    const { quarter } = input;
    const ocr = (await readPages(await renderQuarterReportPdf(input), "rows")).join("\n");
    expectPage(ocr, {
      shows: [
        `${input.sellerName} — Quarterly report`,
        quarter.period.label,
        `GSTIN ${input.sellerGstin}`,
        `Generated ${formatDateTimeIst(REPORT_NOW)}`,
        "By month",
        "Best-selling items",
      ],
      rows: [
        ["Revenue (incl. GST)", formatPaise(quarter.figures.revenuePaise)],
        ["GST collected", formatPaise(quarter.gstPaise)],
        ["Paid orders", String(quarter.figures.paidOrderCount)],
        ["Refunded orders", String(quarter.figures.refundedCount)],
        ["Refund rate", `${quarter.figures.refundRate}%`],
        ["Average order value", formatPaise(quarter.figures.averageOrderPaise)],
        ["Month", "Orders", "Revenue"],
        ...quarter.byMonth.map((m) => [m.label, String(m.orders), formatPaise(m.revenuePaise)]),
        ...quarter.topItems.map((t) => [t.title, String(t.sold), formatPaise(t.revenuePaise)]),
      ],
    });
    expectAmounts(ocr, [
      formatPaise(quarter.figures.revenuePaise),
      formatPaise(quarter.gstPaise),
      formatPaise(quarter.figures.averageOrderPaise),
      ...quarter.byMonth.map((m) => formatPaise(m.revenuePaise)),
      ...quarter.topItems.map((t) => formatPaise(t.revenuePaise)),
    ]);
  });
});

// The stamped sample note is five pages, each read with hin+eng: minutes of CPU under load.
describe.concurrent("a Hindi name reads right when rendered (Noto Sans Devanagari, OCR in hin+eng)", {
  timeout: 300_000,
}, () => {
  // tesseract's hin+eng reads Latin less surely than eng alone, so the GSTIN and each figure are left
  // to the tests above; this one checks the name in Devanagari, beside English text and the total.
  it("a tax invoice to a buyer with a Hindi name: the name beside the English text and the total", async () => {
    const doc = { ...taxDocument("invoice", true), buyer: HINDI_INVOICE_BUYER };
    const [page, ...more] = await ocrPdf(await renderInvoicePdf({ document: doc }), {
      layout: "rows",
      languages: "hin+eng",
    });
    expect(more).toEqual([]);
    expectPage(page!, {
      shows: [HINDI_INVOICE_BUYER.name, HINDI_INVOICE_BUYER.email, "TAX INVOICE", "GSTIN: Unregistered (B2C)"],
      rows: [["Total", formatPaise(doc.totalPaise)]],
    });
  });

  it("a stamped note: the Hindi name in every page's footer", async () => {
    const note = await generateSamplePdf(SAMPLE_NOTE);
    const stamped = await stampPdf({ bytes: note, buyer: HINDI_BUYER, now: STAMP_DATE });
    const ocr = await ocrPdf(stamped, { layout: "blocks", languages: "hin+eng" });
    expect(ocr.length).toBeGreaterThan(1);
    ocr.forEach((page, i) => {
      expect(ocrShows(page, `Licensed to ${HINDI_BUYER.name} (${HINDI_BUYER.email})`), `page ${i + 1}:\n${page}`).toBe(
        true,
      );
    });
  });
});
