/**
 * Text in the PDFs we draw with pdf-lib (lib/pdf-font.server.ts): one way to draw and measure it.
 * Devanagari (a Hindi name, a Hindi question) is set in Noto Sans Devanagari when the document
 * embedded it (fontkit shapes conjuncts and places vowel signs), the rest in Noto Sans; a line may
 * mix both, drawn run by run. Other scripts the fonts lack print as "?" rather than a missing glyph.
 */
import { type Color, type PDFFont, type PDFPage, type Rotation, toRadians } from "pdf-lib";
import { devanagariCompanion } from "~/lib/pdf-font.server";

const characterSets = new WeakMap<PDFFont, Set<number>>();

function charset(font: PDFFont) {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/** Devanagari, its extensions and the joiners that shape it. */
export function isDevanagari(cp: number) {
  return (
    (cp >= 0x0900 && cp <= 0x097f) ||
    (cp >= 0xa8e0 && cp <= 0xa8ff) ||
    (cp >= 0x1cd0 && cp <= 0x1cff) ||
    cp === 0x200c ||
    cp === 0x200d
  );
}

/** Whether any of these values (strings anywhere inside) has Devanagari: the document then embeds its font. */
export function needsDevanagari(...values: unknown[]) {
  return values.some((v) => /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/.test(JSON.stringify(v) ?? ""));
}

/** The font that draws this character: Noto Sans Devanagari for Devanagari when embedded, else `font`. */
function fontFor(font: PDFFont, cp: number): PDFFont | null {
  if (isDevanagari(cp)) {
    const deva = devanagariCompanion(font);
    return deva && (charset(deva).has(cp) || cp === 0x200c || cp === 0x200d) ? deva : null;
  }
  // Other Indic scripts need shaping with a font we do not embed: "?" rather than misspelt.
  if (cp >= 0x0980 && cp <= 0x0dff) return null;
  return charset(font).has(cp) ? font : null;
}

/**
 * Makes text drawable with the font (and its Devanagari companion): one line, accents kept where the
 * font has them (else the bare letter), anything else "?" instead of a missing glyph.
 */
export function toDrawable(text: string, font: PDFFont): string {
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    if (fontFor(font, ch.codePointAt(0)!)) {
      out += ch;
      continue;
    }
    const stripped = ch.normalize("NFKD").replace(/\p{M}/gu, "");
    out += stripped && [...stripped].every((c) => fontFor(font, c.codePointAt(0)!)) ? stripped : "?";
  }
  return out;
}

/** The text cut into runs of one font each. */
function runsOf(text: string, font: PDFFont) {
  const runs: { text: string; font: PDFFont }[] = [];
  for (const ch of toDrawable(text, font)) {
    const f = fontFor(font, ch.codePointAt(0)!) ?? font;
    const last = runs.at(-1);
    if (last && last.font === f) last.text += ch;
    else runs.push({ text: ch, font: f });
  }
  return runs;
}

/** Widths measured in a document, per font: `${size} ${text}` → points (fontkit lays the text out each time). */
const measured = new WeakMap<PDFFont, Map<string, number>>();

/** The width of the text as drawPdfText draws it. */
export function pdfTextWidth(text: string, font: PDFFont, size: number): number {
  let widths = measured.get(font);
  if (!widths) {
    widths = new Map();
    measured.set(font, widths);
  }
  const key = `${size} ${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    width = runsOf(text, font).reduce((w, run) => w + run.font.widthOfTextAtSize(run.text, size), 0);
    widths.set(key, width);
  }
  return width;
}

export interface PdfTextOptions {
  x: number;
  y: number;
  size: number;
  font: PDFFont;
  color?: Color;
  opacity?: number;
  rotate?: Rotation;
}

/** Draws one line of text, each run in its own font, along the (rotated) baseline from (x, y). */
export function drawPdfText(page: PDFPage, text: string, opts: PdfTextOptions) {
  const angle = opts.rotate ? toRadians(opts.rotate) : 0;
  let { x, y } = opts;
  for (const run of runsOf(text, opts.font)) {
    page.drawText(run.text, {
      x,
      y,
      size: opts.size,
      font: run.font,
      color: opts.color,
      opacity: opts.opacity,
      rotate: opts.rotate,
    });
    const w = run.font.widthOfTextAtSize(run.text, opts.size);
    x += Math.cos(angle) * w;
    y += Math.sin(angle) * w;
  }
}

/**
 * Greedy word wrap to a width in points: a line takes words while the whole line fits.
 *
 * Laying out each longer line again was most of a document's CPU (a sample PDF's paragraphs: 4.1 of
 * 7.2 s). A line plus a space plus a word measures the sum of the three (each measured once): glyphs
 * do not change across a space. Only a line that this sum puts within an em of the width is laid
 * out whole, so every break falls where measuring each line whole puts it.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  let width = 0;
  const space = pdfTextWidth(" ", font, size);
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) {
      line = word;
      width = pdfTextWidth(word, font, size);
      continue;
    }
    const candidate = `${line} ${word}`;
    const sum = width + space + pdfTextWidth(word, font, size);
    const candidateWidth = sum <= maxWidth - size ? sum : pdfTextWidth(candidate, font, size);
    if (candidateWidth <= maxWidth) {
      line = candidate;
      width = candidateWidth;
    } else {
      lines.push(line);
      line = word;
      width = pdfTextWidth(word, font, size);
    }
  }
  if (line) lines.push(line);
  return lines;
}
