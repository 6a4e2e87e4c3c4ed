/** Helpers for the PDFs we draw with pdf-lib's standard fonts (WinAnsi only). */
import type { PDFFont } from "pdf-lib";

const REPLACEMENTS: Record<string, string> = {
  "₹": "Rs. ",
  "\u2018": "'",
  "\u2019": "'",
  "\u201C": '"',
  "\u201D": '"',
};

/**
 * Makes text drawable with a standard font: known symbols get ASCII stand-ins,
 * accents are kept where WinAnsi has them, anything else (e.g. Devanagari)
 * becomes "?" instead of crashing the download.
 */
export function toDrawable(text: string, font: PDFFont): string {
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    const mapped = REPLACEMENTS[ch] ?? ch;
    if (canEncode(font, mapped)) {
      out += mapped;
      continue;
    }
    const stripped = mapped.normalize("NFKD").replace(/\p{M}/gu, "");
    out += stripped && canEncode(font, stripped) ? stripped : "?";
  }
  return out;
}

function canEncode(font: PDFFont, text: string): boolean {
  try {
    font.encodeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Greedy word wrap to a width in points. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
