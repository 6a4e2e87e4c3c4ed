/**
 * Builders for the seeded board papers (./accountancy.ts, ./economics.ts): the shapes of SeedQuestion
 * (../practice.ts) with the board's word limits, and the Markdown tables a board answer is written in.
 */
import type { SubjectKey } from "../factories";
import type { SeedQuestion } from "../practice";
import { ar as bankAr } from "../questions/build";

type Difficulty = SeedQuestion["difficulty"];

/** A section of a paper as the test builder stores it, with the questions themselves in place of their ids. */
export interface BoardSection {
  title: string;
  /** One line (the builder's layout text keeps a section on one line). */
  instructions: string;
  /** Sections of the same group are options: the student attempts one. */
  group: string | null;
  /** Top-level questions in order; an item of two is an internal choice ("OR"). */
  items: SeedQuestion[][];
}

export interface BoardPaper {
  title: string;
  subject: SubjectKey;
  classLevel: "12";
  price: number;
  timeLimitMinutes: number;
  negativePercent: number;
  description: string;
  instructions: string;
  /** The board pattern and its year, shown on the detail page. */
  pattern: string;
  sections: BoardSection[];
}

/** The word limit the board prints with a theory answer of these marks. */
export const BOARD_WORDS: Record<number, { minWords: number; maxWords: number }> = {
  3: { minWords: 50, maxWords: 75 },
  4: { minWords: 75, maxWords: 100 },
  6: { minWords: 100, maxWords: 150 },
};

export const mcq = (
  chapter: string,
  prompt: string,
  options: string[],
  correct: number,
  explanation: string,
  difficulty: Difficulty = "medium",
): SeedQuestion => ({ chapter, type: "mcq", prompt, options, correct, marks: 1, difficulty, explanation });

/** An assertion–reason question of `chapter` (the question bank's builder, ../questions/build.ts). */
export const ar = (chapter: string, ...question: Parameters<typeof bankAr>): SeedQuestion => {
  const { parts: _none, ...built } = bankAr(...question);
  return { chapter, ...built };
};

/** A question whose answer is a number (₹ amount, ratio, times), marked automatically within `tolerance`. */
export const numeric = (
  chapter: string,
  marks: number,
  prompt: string,
  answer: number,
  tolerance: number,
  explanation: string,
  difficulty: Difficulty = "medium",
): SeedQuestion => ({
  chapter,
  type: "numeric",
  prompt,
  answerNumber: answer,
  answerTolerance: tolerance,
  marks,
  difficulty,
  explanation,
});

/**
 * A written answer: a short answer of 3 marks, a long answer of 4 or 6. A theory answer carries the
 * board's word limit for its marks; a practical one (entries, accounts, statements) has none.
 */
export const written = (
  chapter: string,
  marks: 3 | 4 | 6,
  prompt: string,
  modelAnswer: string,
  markingPoints: string[],
  explanation: string,
  { theory = false, difficulty = "medium" }: { theory?: boolean; difficulty?: Difficulty } = {},
): SeedQuestion => ({
  chapter,
  type: marks === 3 ? "short_answer" : "long_answer",
  prompt,
  modelAnswer,
  markingPoints,
  marks,
  difficulty,
  explanation,
  ...(theory ? BOARD_WORDS[marks] : {}),
});

/**
 * A journal entry marked by its lines: each line is [side, accepted account names, amount]; the
 * explanation shows the entries as the board writes them (with narrations).
 */
export const journalEntry = (
  chapter: string,
  marks: number,
  prompt: string,
  lines: ["dr" | "cr", string[], number][],
  explanation: string,
  difficulty: Difficulty = "medium",
): SeedQuestion => ({
  chapter,
  type: "journal",
  prompt,
  journalLines: lines.map(([side, accounts, amount]) => ({ side, accounts, amount })),
  marks,
  difficulty,
  explanation,
});

/** A Markdown table; columns whose header ends in "(₹)" or "%" are right-aligned. */
export function table(header: string[], rows: (string | number)[][]): string {
  const align = header.map((h) => (/\(₹\)|%|\(₹ crore\)/.test(h) ? "---:" : "---"));
  const line = (cells: (string | number)[]) => `| ${cells.map((c) => String(c)).join(" | ")} |`;
  return [line(header), `| ${align.join(" | ")} |`, ...rows.map(line)].join("\n");
}

/** One journal entry: its debits, credits and narration. */
export interface JournalEntry {
  date?: string;
  dr: [string, string][];
  cr: [string, string][];
  narration: string;
}

/** Journal entries as the board sets them: Date | Particulars | L.F. | Dr (₹) | Cr (₹). */
export function journal(entries: JournalEntry[]): string {
  return table(
    ["Date", "Particulars", "L.F.", "Dr (₹)", "Cr (₹)"],
    entries.flatMap((e) => [
      ...e.dr.map(([account, amount], i) => [i === 0 ? (e.date ?? "") : "", `${account} …Dr.`, "", amount, ""]),
      ...e.cr.map(([account, amount]) => ["", `To ${account}`, "", "", amount]),
      ["", `*(${e.narration})*`, "", "", ""],
    ]),
  );
}

export const one = (q: SeedQuestion): SeedQuestion[] => [q];
/** An internal choice: the student answers one of the two. */
export const either = (a: SeedQuestion, b: SeedQuestion): SeedQuestion[] => [a, b];
