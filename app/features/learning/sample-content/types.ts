/**
 * The shape of the seeded notes' and sample papers' text (one module per subject beside this one),
 * drawn by ../sample-pdf.server.ts: sections of headings, paragraphs, points, ruled tables and a
 * paper's numbered questions. Written for this store; the figures of every table marked `total`
 * add up (sample-content.test.ts checks them).
 */
import type { Subject } from "~/features/catalog/labels";

export interface SampleTable {
  /** Printed in bold above the table, e.g. "Dr.  Cash Account  Cr." or "Format: Journal". */
  caption?: string;
  head: string[];
  /** Each column's share of the width (they add up to 1). */
  widths: number[];
  /** Right-aligned (amount) columns, by index. */
  amounts?: number[];
  rows: string[][];
  /** The last row is the total of the rows above it in every amount column (printed in bold). */
  total?: boolean;
}

export type SampleBlock =
  | { kind: "heading"; text: string }
  | { kind: "para"; text: string }
  | { kind: "points"; items: string[] }
  | { kind: "table"; table: SampleTable }
  | { kind: "question"; no: string; text: string; marks: number; options?: string[] };

export interface SampleSection {
  title: string;
  blocks: SampleBlock[];
}

export interface SampleDocument {
  kind: "note" | "pyq";
  subject: Subject;
  classLevel: "11" | "12" | "both";
  /** The cover's line under the title after subject and class: "Study notes" or the paper's label. */
  label: string;
  /** A line on the cover under the description (a paper says it is not an actual board paper). */
  notice?: string;
  sections: SampleSection[];
}

export const SAMPLE_PAPER_LABEL = "Sample paper in the board's pattern";
export const SAMPLE_PAPER_NOTICE =
  "Written for practice by Commerce Academy in the board's pattern. It is not an actual board or school paper.";

/** A subject's study notes. */
export const notes = (
  subject: Subject,
  classLevel: SampleDocument["classLevel"],
  sections: SampleSection[],
): SampleDocument => ({ kind: "note", subject, classLevel, label: "Study notes", sections });

/** A sample paper in the board's pattern, with the cover's notice that it is not a board paper. */
export const paper = (
  subject: Subject,
  classLevel: SampleDocument["classLevel"],
  sections: SampleSection[],
): SampleDocument => ({
  kind: "pyq",
  subject,
  classLevel,
  label: SAMPLE_PAPER_LABEL,
  notice: SAMPLE_PAPER_NOTICE,
  sections,
});

/** The four choices of the papers' assertion (A) and reason (R) questions (the question bank words
 * its own: practice/labels' ASSERTION_REASON_OPTIONS). */
export const SAMPLE_PAPER_AR_OPTIONS = [
  "Both A and R are true, and R is the correct explanation of A.",
  "Both A and R are true, but R is not the correct explanation of A.",
  "A is true, but R is false.",
  "A is false, but R is true.",
];

/** A marking scheme's key to the objective questions: question, answer and why. */
export const answerKey = (caption: string, rows: string[][]): SampleBlock =>
  table({ caption, head: ["Question", "Answer", "Why"], widths: [0.14, 0.22, 0.64], rows });

export const h = (text: string): SampleBlock => ({ kind: "heading", text });
export const p = (text: string): SampleBlock => ({ kind: "para", text });
export const points = (...items: string[]): SampleBlock => ({ kind: "points", items });
export const table = (t: SampleTable): SampleBlock => ({ kind: "table", table: t });
export const q = (no: string, marks: number, text: string, options?: string[]): SampleBlock => ({
  kind: "question",
  no,
  text,
  marks,
  options,
});
/** A ledger account drawn as a ruled T: debit side left, credit side right, totals equal. */
export const tAccount = (
  name: string,
  debit: [string, string][],
  credit: [string, string][],
  totals: string,
): SampleBlock => {
  const n = Math.max(debit.length, credit.length);
  const rows: string[][] = [];
  for (let i = 0; i < n; i++) rows.push([...(debit[i] ?? ["", ""]), ...(credit[i] ?? ["", ""])]);
  rows.push(["Total", totals, "Total", totals]);
  return table({
    caption: `Dr.   ${name}   Cr.`,
    head: ["Particulars", "Amount (₹)", "Particulars", "Amount (₹)"],
    widths: [0.32, 0.18, 0.32, 0.18],
    amounts: [1, 3],
    rows,
    total: true,
  });
};
