/**
 * Sample PDFs for the seeded notes and PYQ papers: a cover with the contents, then short notes per
 * topic or a sample paper in the board's pattern (the text is in ./sample-content/, one module per
 * subject). Generated at first start
 * into file storage (keys under `seed/`), and again on download if missing
 * (seed-files.server.ts).
 */
import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { SUBJECT_BOARD_NAMES, type Subject } from "~/features/catalog/labels";
import { embedPdfFonts } from "~/lib/pdf-font.server";
import { drawPdfText, needsDevanagari, pdfTextWidth, wrapText } from "~/platform/files/pdf-text";
import { sampleDocumentFor } from "./sample-content";
import type { SampleBlock, SampleTable } from "./sample-content/types";

export interface SampleSource {
  kind: "course" | "note" | "pyq" | "test" | "bundle";
  title: string;
  subject: Subject;
  classLevel: "11" | "12" | "both";
  author: string;
  description: string;
  modules: string[];
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.35, 0.38, 0.45);
const BRAND = rgb(0.14, 0.32, 0.88);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function drawParagraph(
  page: PDFPage,
  fonts: Fonts,
  text: string,
  y: number,
  opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number } = {},
) {
  const size = opts.size ?? 11;
  const font = opts.bold ? fonts.bold : fonts.regular;
  const x = PAGE.margin + (opts.indent ?? 0);
  const lines = wrapText(text, font, size, PAGE.width - x - PAGE.margin);
  for (const line of lines) {
    drawPdfText(page, line, { x, y, size, font, color: opts.color ?? INK });
    y -= size * 1.45;
  }
  return y;
}

function pageHeader(page: PDFPage, fonts: Fonts, source: SampleSource, pageNo: number) {
  drawPdfText(page, [...source.title].slice(0, 80).join(""), {
    x: PAGE.margin,
    y: PAGE.height - 32,
    size: 8,
    font: fonts.regular,
    color: MUTED,
  });
  page.drawText(`Commerce Academy  |  ${pageNo}`, {
    x: PAGE.width - PAGE.margin - pdfTextWidth(`Commerce Academy  |  ${pageNo}`, fonts.regular, 8),
    y: PAGE.height - 32,
    size: 8,
    font: fonts.regular,
    color: MUTED,
  });
  page.drawLine({
    start: { x: PAGE.margin, y: PAGE.height - 40 },
    end: { x: PAGE.width - PAGE.margin, y: PAGE.height - 40 },
    thickness: 0.5,
    color: MUTED,
  });
}

const BOTTOM = 60;
const RULE = rgb(0.55, 0.58, 0.64);
const HEAD_FILL = rgb(0.91, 0.94, 0.99);

/** Draws blocks down the pages, starting a continuation page (with its header) when one is full. */
class Flow {
  page!: PDFPage;
  y = 0;
  pageNo = 1;
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly source: SampleSource,
  ) {}

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pageNo++;
    pageHeader(this.page, this.fonts, this.source, this.pageNo);
    this.y = PAGE.height - 80;
  }

  /** Makes room for `height` points, on a new page if this one has not got it. */
  room(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  lines(text: string, opts: { size?: number; bold?: boolean; color?: Color; indent?: number; gap?: number } = {}) {
    const size = opts.size ?? 10.5;
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const x = PAGE.margin + (opts.indent ?? 0);
    this.y -= opts.gap ?? 0;
    for (const line of wrapText(text, font, size, PAGE.width - x - PAGE.margin)) {
      this.room(size * 1.5);
      drawPdfText(this.page, line, { x, y: this.y, size, font, color: opts.color ?? INK });
      this.y -= size * 1.5;
    }
  }

  block(block: SampleBlock) {
    switch (block.kind) {
      case "heading":
        this.room(60);
        this.lines(block.text, { size: 12.5, bold: true, color: BRAND, gap: 10 });
        this.y -= 2;
        return;
      case "para":
        this.lines(block.text, { gap: 4 });
        return;
      case "points":
        this.y -= 2;
        for (const item of block.items) {
          const size = 10.5;
          const first = wrapText(item, this.fonts.regular, size, PAGE.width - 2 * PAGE.margin - 14);
          this.room(size * 1.5);
          // Drawn, not printed: the bullet is no word of the text layer.
          this.page.drawCircle({ x: PAGE.margin + 5, y: this.y + size * 0.33, size: 1.8, color: BRAND });
          first.forEach((line, i) => {
            if (i) this.room(size * 1.5);
            drawPdfText(this.page, line, {
              x: PAGE.margin + 14,
              y: this.y,
              size,
              font: this.fonts.regular,
              color: INK,
            });
            this.y -= size * 1.5;
          });
          this.y -= 1.5;
        }
        return;
      case "question":
        this.question(block);
        return;
      case "table":
        this.table(block.table);
        return;
    }
  }

  question(block: Extract<SampleBlock, { kind: "question" }>) {
    const size = 10.5;
    const marks = `[${block.marks}]`;
    const numberWidth = 30;
    const width = PAGE.width - 2 * PAGE.margin - numberWidth - 28;
    const text = wrapText(block.text, this.fonts.regular, size, width);
    this.room(size * 1.5 * Math.min(text.length, 3) + 6);
    this.y -= 6;
    // The number alone (no "Q", no full stop), in a column of its own: as a reader and OCR both read it.
    drawPdfText(this.page, block.no, { x: PAGE.margin, y: this.y, size, font: this.fonts.bold, color: INK });
    drawPdfText(this.page, marks, {
      x: PAGE.width - PAGE.margin - pdfTextWidth(marks, this.fonts.bold, size),
      y: this.y,
      size,
      font: this.fonts.bold,
      color: MUTED,
    });
    text.forEach((line, i) => {
      if (i) this.room(size * 1.5);
      drawPdfText(this.page, line, {
        x: PAGE.margin + numberWidth,
        y: this.y,
        size,
        font: this.fonts.regular,
        color: INK,
      });
      this.y -= size * 1.5;
    });
    const letters = "abcd";
    block.options?.forEach((option, i) => {
      this.lines(`(${letters[i]}) ${option}`, { indent: numberWidth + 10 });
    });
  }

  table(t: SampleTable) {
    const size = 9.5;
    const lineHeight = size * 1.4;
    const pad = 4;
    const left = PAGE.margin;
    const width = PAGE.width - 2 * PAGE.margin;
    const xs = [left];
    for (const w of t.widths) xs.push(xs.at(-1)! + w * width);
    const cellLines = (row: string[], font: PDFFont) =>
      row.map((cell, c) => (cell ? wrapText(cell, font, size, xs[c + 1]! - xs[c]! - 2 * pad) : []));
    const drawRow = (row: string[], kind: "head" | "body" | "total") => {
      const font = kind === "body" ? this.fonts.regular : this.fonts.bold;
      const lines = cellLines(row, font);
      const height = Math.max(1, ...lines.map((l) => l.length)) * lineHeight + 2 * pad;
      if (this.y - height < BOTTOM) {
        this.newPage();
        if (kind !== "head") drawRow(t.head, "head");
      }
      const top = this.y;
      if (kind === "head") {
        this.page.drawRectangle({ x: left, y: top - height, width, height, color: HEAD_FILL });
      }
      lines.forEach((cellText, c) => {
        const right = t.amounts?.includes(c) && kind !== "head";
        cellText.forEach((line, i) => {
          const x = right ? xs[c + 1]! - pad - pdfTextWidth(line, font, size) : xs[c]! + pad;
          drawPdfText(this.page, line, { x, y: top - pad - size - i * lineHeight + 1, size, font, color: INK });
        });
      });
      const thickness = kind === "total" ? 1 : 0.6;
      this.page.drawLine({ start: { x: left, y: top }, end: { x: left + width, y: top }, thickness, color: RULE });
      this.page.drawLine({
        start: { x: left, y: top - height },
        end: { x: left + width, y: top - height },
        thickness,
        color: RULE,
      });
      for (const x of xs) {
        this.page.drawLine({ start: { x, y: top }, end: { x, y: top - height }, thickness: 0.6, color: RULE });
      }
      this.y = top - height;
    };
    this.y -= 8;
    if (t.caption) {
      this.room(lineHeight * 3 + 2 * pad + 16);
      this.lines(t.caption, { size: 10, bold: true });
      this.y += 4;
    } else {
      this.room(lineHeight * 2 + 2 * pad);
    }
    drawRow(t.head, "head");
    t.rows.forEach((row, i) => {
      drawRow(row, t.total && i === t.rows.length - 1 ? "total" : "body");
    });
    this.y -= 14;
  }
}

/**
 * The study notes or sample paper of a seeded note or PYQ product (sample-content/): a cover with
 * the contents, then each section from a new page. A pure job of the PDF pool
 * (server/pdf-worker.ts): callers run it with runPdfJob, off the main thread.
 */
export async function generateSamplePdf(source: SampleSource): Promise<Uint8Array> {
  const content = sampleDocumentFor(source);
  const doc = await PDFDocument.create();
  doc.setTitle(source.title);
  doc.setAuthor(source.author);
  doc.setCreator("Commerce Academy");
  doc.setProducer("Commerce Academy");
  // Fixed dates keep the file identical from one generation to the next.
  doc.setCreationDate(new Date("2026-01-01T00:00:00Z"));
  doc.setModificationDate(new Date("2026-01-01T00:00:00Z"));
  const fonts: Fonts = await embedPdfFonts(doc, { devanagari: needsDevanagari(source) });
  const subjectName = SUBJECT_BOARD_NAMES[source.subject];
  const classText = source.classLevel === "both" ? "Class 11 and 12" : `Class ${source.classLevel}`;

  // Cover
  const cover = doc.addPage([PAGE.width, PAGE.height]);
  cover.drawRectangle({ x: 0, y: PAGE.height - 260, width: PAGE.width, height: 260, color: BRAND });
  cover.drawText("COMMERCE ACADEMY", {
    x: PAGE.margin,
    y: PAGE.height - 70,
    size: 12,
    font: fonts.bold,
    color: rgb(1, 1, 1),
  });
  let y = PAGE.height - 130;
  for (const line of wrapText(source.title, fonts.bold, 26, PAGE.width - 2 * PAGE.margin)) {
    drawPdfText(cover, line, { x: PAGE.margin, y, size: 26, font: fonts.bold, color: rgb(1, 1, 1) });
    y -= 32;
  }
  drawPdfText(cover, `${subjectName}  |  ${classText}  |  ${content.label}`, {
    x: PAGE.margin,
    y: PAGE.height - 235,
    size: 11,
    font: fonts.regular,
    color: rgb(0.9, 0.93, 1),
  });
  y = PAGE.height - 310;
  y = drawParagraph(cover, fonts, `By ${source.author}`, y, { bold: true, size: 13 });
  y = drawParagraph(cover, fonts, source.description, y - 10, { size: 12, color: MUTED });
  if (content.notice) y = drawParagraph(cover, fonts, content.notice, y - 10, { size: 11, bold: true });
  y = drawParagraph(cover, fonts, "Contents", y - 24, { bold: true, size: 14 });
  content.sections.forEach((section, i) => {
    y = drawParagraph(cover, fonts, `${i + 1}.  ${section.title}`, y - 4, { indent: 8 });
  });

  // Each section from a new page
  const flow = new Flow(doc, fonts, source);
  content.sections.forEach((section, i) => {
    flow.newPage();
    flow.lines(`${i + 1}. ${section.title}`, { size: 18, bold: true, color: BRAND });
    flow.y -= 4;
    for (const block of section.blocks) flow.block(block);
  });
  return doc.save({ useObjectStreams: false });
}
