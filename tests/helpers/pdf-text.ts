/**
 * The text of a PDF as a reader would copy it: poppler's `pdftotext` (Debian's poppler-utils), which
 * maps the embedded font's glyphs back to Unicode through its ToUnicode table, ₹ included.
 */
import { execFileSync } from "node:child_process";

export const PDFTOTEXT_MISSING =
  "pdftotext is not installed: apt-get update && apt-get install -y poppler-utils (.ci/run does this)";

export function extractPdfText(bytes: Uint8Array, opts: { layout?: boolean } = {}): string {
  try {
    return execFileSync("pdftotext", [...(opts.layout ? ["-layout"] : []), "-enc", "UTF-8", "-", "-"], {
      input: bytes,
      maxBuffer: 64 * 1024 * 1024,
    }).toString("utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(PDFTOTEXT_MISSING);
    throw error;
  }
}
