/**
 * The font of every PDF the app makes: Noto Sans (assets/fonts, SIL OFL), which has the rupee sign ₹
 * that the standard PDF fonts (WinAnsi) lack, and Noto Sans Devanagari beside it for Hindi text. Embedded as a subset (only the glyphs a
 * document draws end up in it), with a ToUnicode map, so the text can be searched and extracted.
 *
 * The subset is made by upstream `fontkit` (foliojs, maintained), not pdf-lib's own fork
 * `@pdf-lib/fontkit` 1.1.1, whose TrueType subsetter writes a corrupt `loca` table: viewers then
 * draw most glyphs blank (ADR 0016). fontkit 2 encodes a subset with `encode()`; pdf-lib 1.17 reads
 * it as a stream (`encodeStream()`), which `withStreamEncoding` below provides.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import * as fontkit from "fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

const FONT_DIR = path.resolve(process.cwd(), "assets/fonts");
export const PDF_FONT_FILES = {
  regular: "NotoSans-Regular.ttf",
  bold: "NotoSans-Bold.ttf",
  devanagariRegular: "NotoSansDevanagari-Regular.ttf",
  devanagariBold: "NotoSansDevanagari-Bold.ttf",
} as const;

const loaded = new Map<string, Uint8Array>();

function fontBytes(file: string): Uint8Array {
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(path.join(FONT_DIR, file)));
    loaded.set(file, bytes);
  }
  return bytes;
}

/** fontkit 2 as pdf-lib 1.17 calls it: a subset also offers the stream `encodeStream()` of fontkit 1. */
function withStreamEncoding(font: fontkit.Font): fontkit.Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
  };
  return font;
}

/**
 * Each font file parsed once per thread (pdf-lib asks for it again in every document). Reading a
 * font's tables was ~a fifth of the CPU of a sample PDF; a document takes its own subset
 * (`createSubset`), so sharing the parsed font changes no byte of any PDF.
 */
const parsed = new WeakMap<Uint8Array, fontkit.Font>();

const pdfFontkit = {
  create(bytes: Uint8Array) {
    let font = parsed.get(bytes);
    if (!font) {
      const created = fontkit.create(Buffer.from(bytes));
      if (!("createSubset" in created)) throw new Error("A PDF font must be a single font, not a collection");
      font = withStreamEncoding(created);
      parsed.set(bytes, font);
    }
    return font;
  },
};

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Each embedded Noto Sans face's Devanagari companion (platform/files/pdf-text.ts draws with both). */
const companions = new WeakMap<PDFFont, PDFFont>();

export function devanagariCompanion(font: PDFFont): PDFFont | undefined {
  return companions.get(font);
}

/**
 * Noto Sans regular and bold, embedded in this document (only the glyphs drawn end up in the file);
 * with `devanagari` (the document has Hindi text: pdf-text.ts needsDevanagari), Noto Sans Devanagari
 * regular and bold beside them, used for the Devanagari runs of any text drawn in Noto Sans.
 */
export async function embedPdfFonts(pdf: PDFDocument, opts: { devanagari?: boolean } = {}): Promise<PdfFonts> {
  pdf.registerFontkit(pdfFontkit as unknown as Parameters<PDFDocument["registerFontkit"]>[0]);
  const embed = (file: string) => pdf.embedFont(fontBytes(file), { subset: true });
  const [regular, bold] = await Promise.all([embed(PDF_FONT_FILES.regular), embed(PDF_FONT_FILES.bold)]);
  if (opts.devanagari) {
    const [devaRegular, devaBold] = await Promise.all([
      embed(PDF_FONT_FILES.devanagariRegular),
      embed(PDF_FONT_FILES.devanagariBold),
    ]);
    companions.set(regular, devaRegular);
    companions.set(bold, devaBold);
  }
  return { regular, bold };
}
