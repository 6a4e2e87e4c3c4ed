/**
 * The one font of every PDF the app makes: Noto Sans (assets/fonts, SIL OFL), which has the rupee
 * sign ₹ that the standard PDF fonts (WinAnsi) lack. Embedded with pdf-lib's fontkit as a subset
 * (only the glyphs a document draws end up in it), with a ToUnicode map, so the text can be searched
 * and extracted (`pdftotext`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
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

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Noto Sans regular and bold, embedded in this document (only the glyphs drawn end up in the file). */
export async function embedPdfFonts(pdf: PDFDocument): Promise<PdfFonts> {
  pdf.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(fontBytes(PDF_FONT_FILES.regular), { subset: true }),
    pdf.embedFont(fontBytes(PDF_FONT_FILES.bold), { subset: true }),
  ]);
  return { regular, bold };
}
