/**
 * `npm run screenshots:pdf`: the first page of every kind of PDF the app makes (tax invoice and
 * credit note within the state and across states, an invoice with the authorised signatory, a
 * stamped note, a sample PYQ, the analytics and quarterly reports) as a PNG, drawn by poppler's
 * `pdftoppm` the way a viewer draws it, with the PDF beside it, so a reviewer sees them in a minute.
 * The documents are rendered directly from the inputs of the OCR test (tests/helpers/pdf-kinds.ts);
 * no server or database.
 *
 *   npm run screenshots:pdf                      # into screenshots/pdf/
 *   npm run screenshots:pdf -- --out /tmp/pdfs
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { renderEveryPdfKind } from "../tests/helpers/pdf-kinds";

const ROOT = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { out: { type: "string", default: path.join(ROOT, "screenshots", "pdf") } } });
fs.mkdirSync(values.out, { recursive: true });

for (const { name, bytes } of await renderEveryPdfKind()) {
  const pdf = path.join(values.out, `${name}.pdf`);
  fs.writeFileSync(pdf, bytes);
  try {
    // 120 dpi: an A4 page 992 × 1403 px, small print legible.
    execFileSync("pdftoppm", [
      "-r",
      "120",
      "-png",
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      pdf,
      pdf.replace(/\.pdf$/, ""),
    ]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error("pdftoppm is not installed: apt-get update && apt-get install -y poppler-utils");
    }
    throw error;
  }
  console.log(path.relative(process.cwd(), pdf.replace(/\.pdf$/, ".png")));
}
console.log(`First pages in ${values.out}/`);
