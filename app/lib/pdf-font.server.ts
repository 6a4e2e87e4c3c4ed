/**
 * The one font of every PDF the app makes: Noto Sans (assets/fonts, SIL OFL), which has the rupee
 * sign ₹ that the standard PDF fonts (WinAnsi) lack. Embedded as a subset (only the glyphs a
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
export const PDF_FONT_FILES = { regular: "NotoSans-Regular.ttf", bold: "NotoSans-Bold.ttf" } as const;

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

const pdfFontkit = {
  create(bytes: Uint8Array) {
    const font = fontkit.create(Buffer.from(bytes));
    if (!("createSubset" in font)) throw new Error("A PDF font must be a single font, not a collection");
    return withStreamEncoding(font);
  },
};

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Noto Sans regular and bold, embedded in this document (only the glyphs drawn end up in the file). */
export async function embedPdfFonts(pdf: PDFDocument): Promise<PdfFonts> {
  pdf.registerFontkit(pdfFontkit as unknown as Parameters<PDFDocument["registerFontkit"]>[0]);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(fontBytes(PDF_FONT_FILES.regular), { subset: true }),
    pdf.embedFont(fontBytes(PDF_FONT_FILES.bold), { subset: true }),
  ]);
  return { regular, bold };
}
