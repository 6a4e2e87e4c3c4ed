import { PDFDocument, type PDFFont } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { seedCourses, seedNotes, seedPyqs } from "~/db/seed/data";
import { generateSamplePdf } from "~/features/learning/sample-pdf.server";
import { embedPdfFonts } from "~/lib/pdf-font.server";
import { seededSampleSources } from "../../../tests/helpers/pdf-kinds";
import { pdfTextWidth, wrapText } from "./pdf-text";

/** The wrap as it was before wrapText summed widths: every longer line laid out whole. */
function wrapMeasuringWholeLines(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const texts = [
  ...[...seedCourses, ...seedNotes, ...seedPyqs].filter((_, i) => i % 3 === 0).map((p) => p.description),
  "office affluent fjord ffi “quoted” — dashes – and ₹1,17,882.00 figures, fi fl ff ligatures: efficient, afflicted, difficult",
  "Zoë Ångström-Müller paid ₹999 for Partnership Accounts: Complete Handwritten Notes with Solved Examples",
  "Supercalifragilisticexpialidociousandthenmorelettersthanalinecanhold short words after it",
];

describe("wrapText", () => {
  // The reference lays out every longer line whole: seconds of CPU on a busy machine.
  it("breaks every paragraph where laying out each whole line breaks it, at every width and size", {
    timeout: 60_000,
  }, async () => {
    const { regular, bold } = await embedPdfFonts(await PDFDocument.create());
    let compared = 0;
    for (const font of [regular, bold]) {
      for (const size of [7, 11]) {
        for (let width = 60; width <= 520; width += 92) {
          for (const text of texts) {
            expect(wrapText(text, font, size, width), `${size} pt, ${width} pt: ${text}`).toEqual(
              wrapMeasuringWholeLines(text, font, size, width),
            );
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it("keeps every line of more than one word within the width", async () => {
    const { regular } = await embedPdfFonts(await PDFDocument.create());
    for (const text of texts) {
      for (const line of wrapText(text, regular, 10, 180)) {
        if (line.includes(" ")) expect(pdfTextWidth(line, regular, 10)).toBeLessThanOrEqual(180);
      }
    }
  });

  it("measures Hindi runs in Noto Sans Devanagari, as drawn", async () => {
    const { regular } = await embedPdfFonts(await PDFDocument.create(), { devanagari: true });
    const hindi = "प्रिया शर्मा ने लेखाशास्त्र की कक्षा 12 की पूरी पुस्तिका खरीदी Priya Sharma";
    expect(wrapText(hindi, regular, 10, 120).join(" ")).toBe(hindi);
    for (const line of wrapText(hindi, regular, 10, 120)) {
      if (line.includes(" ")) expect(pdfTextWidth(line, regular, 10)).toBeLessThanOrEqual(120);
    }
    // The Devanagari font's widths, not Noto Sans's "?" boxes.
    expect(pdfTextWidth("प्रिया", regular, 10)).not.toBe(regular.widthOfTextAtSize("??????", 10));
  });
});

describe("fonts parsed once per thread", () => {
  it("gives a document the same bytes whatever other documents were made before it", async () => {
    const sources = seededSampleSources();
    const first = await generateSamplePdf(sources[0]!);
    // Another document subsets other glyphs of the same parsed fonts in between.
    await generateSamplePdf(sources.at(-1)!);
    expect(Buffer.from(await generateSamplePdf(sources[0]!)).equals(Buffer.from(first))).toBe(true);
  });
});
