/**
 * The admin PDF reports (sales analytics, quarterly report), drawn with pdf-lib from figures the
 * caller has read (reports.server.ts). Pure jobs of the PDF pool (server/pdf-worker.ts).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { formatDateTimeIst } from "~/lib/dates";
import { formatPaise } from "~/lib/money";
import { embedPdfFonts } from "~/lib/pdf-font.server";
import type { Period } from "~/lib/periods";
import { drawPdfText, needsDevanagari, pdfTextWidth, toDrawable, wrapText } from "~/platform/files/pdf-text";
import type { SalesFigures, TopCourse } from "./metrics.server";

const PAGE_WIDTH = 595.28;
const MARGIN = 50;

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([PAGE_WIDTH, 841.89]); // A4
    this.y = 800;
  }
  /**
   * A paragraph: wrapped within the right margin (a long seller name in a title), and set smaller when
   * one word alone is wider than the line. `gap` is the space after its last line.
   */
  line(text: string, opts: { size?: number; bold?: boolean; x?: number; gap?: number } = {}) {
    const font = opts.bold ? this.bold : this.font;
    const x = opts.x ?? 50;
    const width = PAGE_WIDTH - MARGIN - x;
    const drawable = toDrawable(text, font);
    const widest = Math.max(0, ...drawable.split(/\s+/).map((word) => pdfTextWidth(word, font, opts.size ?? 11)));
    const size = widest > width ? ((opts.size ?? 11) * width) / widest : (opts.size ?? 11);
    const lines = wrapText(drawable, font, size, width);
    if (lines.length === 0) lines.push("");
    lines.forEach((line, i) => {
      if (this.y < 60) this.newPage();
      drawPdfText(this.page, line, { x, y: this.y, size, font, color: rgb(0.1, 0.1, 0.15) });
      this.y -= i < lines.length - 1 ? size * 1.25 : (opts.gap ?? size + 6);
    });
  }
  row(cells: string[], widths: number[], bold = false) {
    if (this.y < 60) this.newPage();
    let x = 50;
    cells.forEach((cell, i) => {
      const font = bold ? this.bold : this.font;
      drawPdfText(this.page, cell, { x, y: this.y, size: 10, font });
      x += widths[i] ?? 100;
    });
    this.y -= 16;
  }
  space(h = 10) {
    this.y -= h;
  }
}

async function newDoc(title: string, input: unknown) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer("Commerce Academy");
  doc.setCreationDate(new Date());
  const fonts = await embedPdfFonts(doc, { devanagari: needsDevanagari(input) });
  const w = new Writer(doc, fonts.regular, fonts.bold);
  return { doc, w };
}

export interface AnalyticsReport {
  sellerName: string;
  now: Date;
  overview: {
    month: string;
    previousMonth: string;
    current: SalesFigures;
    previous: SalesFigures;
    conversion: { rate: number; target: number };
    series: { label: string; revenuePaise: number; enrolments: number }[];
  };
  top: TopCourse[];
}

export async function renderAnalyticsPdf({ sellerName, now, overview, top }: AnalyticsReport): Promise<Uint8Array> {
  const { doc, w } = await newDoc("Sales analytics", { sellerName, overview, top });
  w.line(`${sellerName} — Sales analytics`, { size: 18, bold: true, gap: 26 });
  w.line(`Generated ${formatDateTimeIst(now)} for ${overview.month}`, { size: 10 });
  w.space();
  w.line("This month", { size: 13, bold: true });
  // Net of GST, with the GST beside it, as on the Sales & Reports page (issue 32).
  w.row(["Revenue, net of GST", formatPaise(overview.current.revenuePaise - overview.current.gstPaise)], [220, 200]);
  w.row(["GST collected", formatPaise(overview.current.gstPaise)], [220, 200]);
  w.row(["Paid orders", String(overview.current.paidOrderCount)], [220, 200]);
  w.row(["Refunded orders", String(overview.current.refundedCount)], [220, 200]);
  w.row(["Average order value (incl. GST)", formatPaise(overview.current.averageOrderPaise)], [220, 200]);
  w.row(["Refund rate", `${overview.current.refundRate}%`], [220, 200]);
  w.row(
    ["Free-to-paid conversion", `${overview.conversion.rate}% (target ${overview.conversion.target}%)`],
    [220, 260],
  );
  w.row(
    [
      `Revenue ${overview.previousMonth}, net of GST`,
      formatPaise(overview.previous.revenuePaise - overview.previous.gstPaise),
    ],
    [220, 200],
  );
  w.space();
  w.line("Last 12 months", { size: 13, bold: true });
  w.row(["Month", "Revenue net of GST", "Enrolments"], [150, 180, 120], true);
  for (const m of overview.series) w.row([m.label, formatPaise(m.revenuePaise), String(m.enrolments)], [150, 180, 120]);
  w.space();
  w.line("Top courses by enrolment", { size: 13, bold: true });
  for (const c of top) w.row([c.title, String(c.enrolments)], [300, 100]);
  return doc.save();
}

export interface QuarterReport {
  period: Period;
  figures: SalesFigures;
  gstPaise: number;
  byMonth: { label: string; revenuePaise: number; orders: number }[];
  topItems: { title: string; sold: number; revenuePaise: number }[];
}

export interface QuarterReportPdfInput {
  sellerName: string;
  sellerGstin: string;
  quarter: QuarterReport;
  /** When it was made (printed in IST). */
  now: Date;
}

export async function renderQuarterReportPdf({
  sellerName,
  sellerGstin,
  quarter: report,
  now,
}: QuarterReportPdfInput): Promise<Uint8Array> {
  const { doc, w } = await newDoc(`Quarterly report ${report.period.label}`, { sellerName, report });
  w.line(`${sellerName} — Quarterly report`, { size: 18, bold: true, gap: 26 });
  w.line(report.period.label, { size: 12 });
  w.line(`GSTIN ${sellerGstin}`, { size: 10 });
  w.line(`Generated ${formatDateTimeIst(now)}`, { size: 10 });
  w.space();
  w.row(["Revenue (incl. GST)", formatPaise(report.figures.revenuePaise)], [220, 200]);
  w.row(["GST collected", formatPaise(report.gstPaise)], [220, 200]);
  w.row(["Paid orders", String(report.figures.paidOrderCount)], [220, 200]);
  w.row(["Refunded orders", String(report.figures.refundedCount)], [220, 200]);
  w.row(["Refund rate", `${report.figures.refundRate}%`], [220, 200]);
  w.row(["Average order value", formatPaise(report.figures.averageOrderPaise)], [220, 200]);
  w.space();
  w.line("By month", { size: 13, bold: true });
  w.row(["Month", "Orders", "Revenue"], [150, 100, 180], true);
  for (const m of report.byMonth) w.row([m.label, String(m.orders), formatPaise(m.revenuePaise)], [150, 100, 180]);
  if (report.byMonth.length === 0) w.line("No sales in this quarter.");
  w.space();
  w.line("Best-selling items", { size: 13, bold: true });
  for (const t of report.topItems) w.row([t.title, String(t.sold), formatPaise(t.revenuePaise)], [300, 60, 150]);
  return doc.save();
}
