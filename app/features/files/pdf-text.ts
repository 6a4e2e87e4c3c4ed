/** Helpers for the PDFs we draw with pdf-lib in Noto Sans (lib/pdf-font.server.ts). */
import type { PDFFont } from "pdf-lib";

const characterSets = new WeakMap<PDFFont, Set<number>>();

function has(font: PDFFont, ch: string) {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return [...ch].every((c) => {
    const cp = c.codePointAt(0)!;
    // Indic scripts need shaping (conjuncts, vowel signs placed before the consonant), which
    // drawing glyph by glyph cannot do: printed as "?" rather than misspelt.
    return set.has(cp) && !(cp >= 0x0900 && cp <= 0x0dff);
  });
}

/**
 * Makes text drawable with the font: one line, accents kept where the font has them (else the
 * bare letter), anything else (e.g. Devanagari) "?" instead of a missing glyph.
 */
export function toDrawable(text: string, font: PDFFont): string {
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    if (has(font, ch)) {
      out += ch;
      continue;
    }
    const stripped = ch.normalize("NFKD").replace(/\p{M}/gu, "");
    out += stripped && has(font, stripped) ? stripped : "?";
  }
  return out;
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
