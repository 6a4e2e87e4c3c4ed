/**
 * The text of a PDF as a person sees it: poppler's `pdftoppm` draws each page (a grayscale PGM) and
 * Debian's `tesseract` (5.x, `eng`) reads the picture. Unlike `pdftotext` (pdf-text.ts), which
 * reads the ToUnicode map and so passes whatever the glyphs look like, this fails when a page's
 * glyphs are drawn blank or wrong (as with @pdf-lib/fontkit 1.1.1's corrupt font subsets, replaced in
 * lib/pdf-font.server.ts).
 *
 * tesseract's `eng` model does not know ₹: it reads the sign as "=", "*", "¥", "7"… Compare the
 * digits of an amount, not its sign (`ocrAmountCount`).
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const OCR_TOOLS_MISSING =
  "apt-get update && apt-get install -y poppler-utils tesseract-ocr tesseract-ocr-hin (.ci/run does this)";

/** 300 dpi: 9.5 pt text is ~40 px high, where tesseract reads digits reliably; 7 pt footers too. */
const DPI = 300;

/**
 * Pages rendered or read at once in this process. Each tesseract runs on one thread
 * (OMP_THREAD_LIMIT=1): its OpenMP threads only contend on a small machine (2 cores here).
 */
const LIMIT = Math.max(1, Math.min(2, os.availableParallelism()));
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= LIMIT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

async function tool(program: "pdftoppm" | "tesseract", args: string[]) {
  try {
    return await limited(() =>
      run(program, args, {
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, OMP_THREAD_LIMIT: "1" },
      }),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(`${program} is not installed: ${OCR_TOOLS_MISSING}`);
    }
    if (/\.traineddata|Failed loading language/.test(String((error as { stderr?: unknown }).stderr))) {
      throw new Error(`tesseract lacks a language model (tesseract-ocr-eng, tesseract-ocr-hin): ${OCR_TOOLS_MISSING}`);
    }
    throw error;
  }
}

/**
 * How tesseract lays a page out: "rows" (page segmentation mode 6, one block of text) keeps a table
 * row on one line, its label next to its figure; "blocks" (mode 3, the default) finds the blocks
 * first, which reads a cover's white-on-colour title that mode 6 may drop, but splits tables into
 * columns.
 */
export type OcrLayout = "rows" | "blocks";

/** Renders every page of the PDF and reads it with tesseract: the text of each page, in page order. */
export async function ocrPdf(
  bytes: Uint8Array,
  opts: {
    layout?: OcrLayout;
    /** tesseract's models: "hin+eng" for a page with Hindi. */
    languages?: string;
    /** Only pages first to last (1-based), e.g. the one page a test looks at. */
    first?: number;
    last?: number;
  } = {},
): Promise<string[]> {
  const psm = opts.layout === "blocks" ? "3" : "6";
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-ocr-"));
  try {
    const pdf = path.join(dir, "document.pdf");
    await fs.writeFile(pdf, bytes);
    const range = [...(opts.first ? ["-f", String(opts.first)] : []), ...(opts.last ? ["-l", String(opts.last)] : [])];
    // PGM, not PNG: pdftoppm skips compressing a 300 dpi page, most of its time (0.5 → 0.06 s of CPU
    // a page). tesseract read the same text from both on 26 pages of the seeded PDFs, given the dpi.
    // server/pdf-worker.ocr.test.ts alone: 96–98 → 57 s of CPU (2026-11-28).
    await tool("pdftoppm", ["-r", String(DPI), "-gray", ...range, pdf, path.join(dir, "page")]);
    // page-1.pgm … or page-01.pgm … (pdftoppm pads the number to the width of the page count).
    const pages = (await fs.readdir(dir))
      .map((name) => ({ name, n: Number(/^page-(\d+)\.pgm$/.exec(name)?.[1]) }))
      .filter((p) => Number.isInteger(p.n))
      .sort((a, b) => a.n - b.n);
    if (pages.length === 0) throw new Error("pdftoppm rendered no page");
    return await Promise.all(
      pages.map(async ({ name }) => {
        const { stdout } = await tool("tesseract", [
          path.join(dir, name),
          "-",
          "-l",
          opts.languages ?? "eng",
          "--psm",
          psm,
          // A PGM carries no resolution (a PNG does): without it tesseract guesses one, and misreads.
          "--dpi",
          String(DPI),
        ]);
        return stdout;
      }),
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * OCR text compared the way a person would: whitespace removed (OCR splits and joins words,
 * "INVOIC E") and every dash as "-" (tesseract reads "−" and "–" as "—" or "-"). Every other
 * character must be read as printed.
 */
export function squash(text: string): string {
  return text.replace(/\s+/g, "").replace(/[\u2010-\u2015\u2212]/g, "-");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A pattern for printed text in squashed OCR text. Two readings are forgiven: ₹, which tesseract's
 * `eng` model does not know, is up to two characters of anything ("=", "%", "¥", "7" or nothing);
 * and the letter O for the digit 0 and back (the GSTIN's "08" is read "O8").
 */
function printedPattern(printed: string): string {
  return [...squash(printed)]
    .map((ch) => {
      if (ch === "₹") return ".{0,2}";
      if (ch === "0" || ch === "O") return "[0O]";
      return escapeRegExp(ch);
    })
    .join("");
}

/** Whether OCR text shows `printed` anywhere, as `printedPattern` reads it. */
export function ocrShows(ocr: string, printed: string): boolean {
  return new RegExp(printedPattern(printed)).test(squash(ocr));
}

/** Whether OCR text shows the words of `printed` in order, over line breaks and text between (a wrapped line). */
export function ocrShowsWords(ocr: string, printed: string): boolean {
  const words = printed.split(/\s+/).filter(Boolean).map(printedPattern);
  return new RegExp(words.join(".*")).test(squash(ocr));
}

/**
 * Whether one line of OCR text is the row of `cells`, in order, with at most two stray
 * non-alphanumeric characters between and around them (a table border, a dot): e.g.
 * ["Paid orders", "212"] matches "Paid orders 212" but neither "Paid orders 2120" nor a label
 * with no figure. With `from: "anywhere"` the row may start after other text (an invoice line's
 * description, wrapped at a width only the font knows).
 */
export function ocrRow(ocr: string, cells: readonly string[], opts: { from?: "start" | "anywhere" } = {}): boolean {
  const gap = "[^0-9A-Za-z]{0,2}";
  const start = opts.from === "anywhere" ? "" : `^${gap}`;
  const row = new RegExp(`${start}${cells.map(printedPattern).join(gap)}${gap}$`);
  return ocr.split("\n").some((line) => row.test(squash(line)));
}

/**
 * How many times an amount's digits ("₹1,168.20" or "1,168.20": the sign is dropped) appear in
 * OCR text, digit for digit. The stray reading of a ₹ before it may run into it ("71,168.20"), so
 * an amount is also counted at the tail of a longer number: pick amounts of a document so that none
 * ends with another (`amountsClash`).
 */
export function ocrAmountCount(ocr: string, amount: string): number {
  return squash(ocr).split(squash(amount.replace("₹", ""))).length - 1;
}

/** Pairs of amounts where one is the tail of the other ("44.00" of "144.00"): counts would mislead. */
export function amountsClash(amounts: readonly string[]): [string, string][] {
  const digits = [...new Set(amounts.map((a) => squash(a.replace("₹", ""))))];
  return digits.flatMap((a) => digits.filter((b) => b !== a && b.endsWith(a)).map((b): [string, string] => [a, b]));
}

/**
 * The words of a page's text layer (pdftotext) that OCR did not see on the rendered page: [] when
 * everything drawn reads as its text says. A word is looked for in the whole squashed page, split
 * at ₹ (read as anything); O and 0 count as one.
 */
export function unreadWords(ocrPage: string, textPage: string): string[] {
  const seen = squash(ocrPage).replace(/O/g, "0");
  return textPage
    .split(/\s+/)
    .flatMap((word) => word.split("₹"))
    .filter((word) => word !== "" && !seen.includes(squash(word).replace(/O/g, "0")));
}
