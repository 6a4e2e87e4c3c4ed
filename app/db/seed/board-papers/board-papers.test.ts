import { describe, expect, it } from "vitest";
import type { PaperLayout } from "~/db/schema";
import { journalProblems, journalText, markJournal, parseJournalText } from "~/features/practice/journal";
import { ASSERTION_REASON_OPTIONS } from "~/features/practice/labels";
import {
  chosenSections,
  layoutMarkProblems,
  layoutMaxMarks,
  layoutQuestionIds,
  layoutText,
  parseLayout,
} from "~/features/practice/layout";
import { type SeedQuestion, seedChapters } from "../practice";
import { type BoardPaper, seedBoardPaperList } from ".";

/** The paper's layout with ids 1, 2, 3… in paper order, as seedBoardPapers stores it with the real ids. */
function numbered(paper: BoardPaper) {
  const questions = paper.sections.flatMap((s) => s.items.flat());
  const layout: PaperLayout = {
    sections: paper.sections.map((s) => ({
      title: s.title,
      instructions: s.instructions,
      group: s.group,
      items: s.items.map((alternatives) => alternatives.map((q) => questions.indexOf(q) + 1)),
    })),
  };
  const marksOf = (id: number) => {
    const q = questions[id - 1]!;
    return q.type === "case_based" ? (q.parts ?? []).reduce((n, p) => n + p.marks, 0) : q.marks;
  };
  return { questions, layout, marksOf };
}

const paper = (subject: BoardPaper["subject"]) => seedBoardPaperList.find((p) => p.subject === subject)!;
const ones = (n: number) => Array.from({ length: n }, () => 1);
const all = (questions: SeedQuestion[]) => questions.flatMap((q) => [q, ...(q.parts ?? [])]);

describe("the seeded board papers", () => {
  it("are one Accountancy and one Economics paper of Class 12: paid, 3 hours, no negative marking", () => {
    expect(seedBoardPaperList.map((p) => [p.subject, p.classLevel])).toEqual([
      ["accountancy", "12"],
      ["economics", "12"],
    ]);
    for (const p of seedBoardPaperList) {
      expect(p.price).toBeGreaterThan(0);
      expect(p.timeLimitMinutes).toBe(180);
      expect(p.negativePercent).toBe(0);
      expect(p.pattern).toMatch(/^CBSE Class 12 .+ board pattern 2025–26: 80 marks, 3 hours, 34 questions$/);
      // What the test builder would accept on saving it again.
      expect(p.pattern.length).toBeLessThanOrEqual(200);
      expect(p.instructions.length).toBeLessThanOrEqual(2000);
      expect(p.instructions).toMatch(/^General Instructions:/);
    }
  });

  it("are out of exactly 80 marks in 34 counted questions, with the options of a part and the alternatives of a choice of equal marks", () => {
    for (const p of seedBoardPaperList) {
      const { layout, marksOf } = numbered(p);
      expect(layoutMaxMarks(layout, marksOf), p.title).toBe(80);
      expect(layoutMarkProblems(layout, marksOf), p.title).toEqual([]);
      const counted = chosenSections(layout, new Set()).flatMap((s) => s.items);
      expect(counted, p.title).toHaveLength(34);
    }
  });

  it("set the Accountancy blueprint: Part A of 60 marks, then Part B's two options of 20 marks each", () => {
    const { layout, marksOf } = numbered(paper("accountancy"));
    const marks = layout.sections.map((s) => s.items.map((ids) => marksOf(ids[0]!)));
    expect(layout.sections.map((s) => [s.title, s.group])).toEqual([
      ["Part A", null],
      ["Part B, Option I", "Part B"],
      ["Part B, Option II", "Part B"],
    ]);
    expect(marks[0]).toEqual([...ones(16), 3, 3, 3, 3, 4, 4, 6, 6, 6, 6]);
    expect(marks[1]).toEqual([1, 1, 1, 1, 3, 3, 4, 6]);
    expect(marks[2]).toEqual([1, 1, 1, 1, 3, 3, 4, 6]);
    expect(marks.map((m) => m.reduce((a, b) => a + b, 0))).toEqual([60, 20, 20]);
    // Q1–16 include a numerical (or case-based) question besides MCQ and assertion–reason.
    const first16 = layout.sections[0]!.items.slice(0, 16).map(
      (ids) => numbered(paper("accountancy")).questions[ids[0]! - 1]!,
    );
    expect(first16.some((q) => q.type === "numeric" || q.type === "case_based")).toBe(true);
    expect(first16.some((q) => q.type === "assertion_reason")).toBe(true);
  });

  it("set the Economics blueprint: Section A Macroeconomics and Section B Indian Economic Development, 40 marks each", () => {
    const { layout, marksOf } = numbered(paper("economics"));
    const blueprint = [...ones(10), 3, 3, 4, 4, 4, 6, 6];
    expect(layout.sections.map((s) => [s.title, s.group])).toEqual([
      ["Section A", null],
      ["Section B", null],
    ]);
    for (const section of layout.sections) {
      expect(section.items.map((ids) => marksOf(ids[0]!))).toEqual(blueprint);
    }
    const macro = new Set(seedChapters.economics["12"].slice(0, 5));
    const { questions } = numbered(paper("economics"));
    const chapterOf = (id: number) => questions[id - 1]!.chapter;
    expect(layoutQuestionIds({ sections: [layout.sections[0]!] }).every((id) => macro.has(chapterOf(id)))).toBe(true);
    expect(layoutQuestionIds({ sections: [layout.sections[1]!] }).some((id) => macro.has(chapterOf(id)))).toBe(false);
    // National income and multiplier sums are numerical questions, one with a table of data.
    const sums = questions.filter((q) => q.type === "numeric");
    expect(sums.length).toBeGreaterThanOrEqual(4);
    expect(sums.some((q) => q.prompt.includes("| ---"))).toBe(true);
  });

  it("list every question once, with at least five internal choices, and a layout the builder reads back", () => {
    for (const p of seedBoardPaperList) {
      const { questions, layout } = numbered(p);
      expect(new Set(questions).size, p.title).toBe(questions.length);
      expect(layoutQuestionIds(layout), p.title).toEqual(questions.map((_, i) => i + 1));
      const choices = layout.sections.flatMap((s) => s.items).filter((ids) => ids.length > 1);
      expect(choices.length, p.title).toBeGreaterThanOrEqual(5);
      expect(choices.every((ids) => ids.length === 2)).toBe(true);
      for (const s of layout.sections) {
        expect(s.title.length).toBeLessThanOrEqual(120);
        expect(s.instructions.length).toBeLessThanOrEqual(1000);
      }
      expect(parseLayout(layoutText(layout))).toEqual({ layout });
    }
    const prompts = seedBoardPaperList.flatMap((p) => all(numbered(p).questions).map((q) => q.prompt));
    expect(prompts.filter((x, i) => prompts.indexOf(x) !== i)).toEqual([]);
  });

  it("answer every question: objective ones by an option, numerical ones by a number, written ones with a model answer, marking points and the board's word limit for theory", () => {
    for (const p of seedBoardPaperList) {
      for (const q of all(numbered(p).questions)) {
        expect(seedChapters[p.subject]["12"], q.prompt).toContain(q.chapter);
        expect(q.explanation, q.prompt).toBeTruthy();
        if (q.type === "mcq") {
          expect(q.options!.length, q.prompt).toBe(4);
          expect(new Set(q.options).size, q.prompt).toBe(4);
          expect(q.correct! >= 0 && q.correct! < 4, q.prompt).toBe(true);
        } else if (q.type === "assertion_reason") {
          expect(q.prompt).toMatch(/^Assertion \(A\): .+\nReason \(R\): .+$/);
          expect(q.correct! >= 0 && q.correct! < ASSERTION_REASON_OPTIONS.length, q.prompt).toBe(true);
        } else if (q.type === "numeric") {
          expect(Number.isFinite(q.answerNumber), q.prompt).toBe(true);
          expect(q.answerTolerance! >= 0, q.prompt).toBe(true);
        } else if (q.type === "journal") {
          // What the question form would accept: a debit and a credit that agree, every account named.
          expect(journalProblems(q.journalLines ?? []), q.prompt).toEqual([]);
          expect(parseJournalText(journalText(q.journalLines ?? [])), q.prompt).toEqual({ lines: q.journalLines });
        } else {
          expect(["short_answer", "long_answer"]).toContain(q.type);
          expect(q.modelAnswer, q.prompt).toBeTruthy();
          expect(q.markingPoints!.length, q.prompt).toBeGreaterThan(0);
          if (q.minWords !== undefined) {
            const limits: Record<number, [number, number]> = { 3: [50, 75], 4: [75, 100], 6: [100, 150] };
            expect([q.minWords, q.maxWords], q.prompt).toEqual(limits[q.marks]);
          }
        }
      }
    }
    // Theory answers carry word limits in both papers.
    for (const p of seedBoardPaperList) {
      expect(numbered(p).questions.filter((q) => q.maxWords).length, p.title).toBeGreaterThanOrEqual(5);
    }
  });

  it("mark one Accountancy entry by its lines: the forfeiture and reissue, 8 lines for 3 marks", () => {
    const entries = numbered(paper("accountancy")).questions.filter((q) => q.type === "journal");
    expect(entries.map((q) => [q.marks, q.journalLines?.length])).toEqual([[3, 8]]);
    // The board's answer, as a student would type it, earns full marks; the reissue entry alone, 1 of 3.
    const entry = { marks: 3, journalLines: entries[0]!.journalLines! };
    const typed = (lines: [string, string, string][]) =>
      JSON.stringify(lines.map(([side, account, amount]) => ({ side, account, amount })));
    const board: [string, string, string][] = [
      ["dr", "Equity Share Capital A/c", "3,000"],
      ["cr", "To Share Forfeiture A/c", "2,100"],
      ["cr", "To Equity Share First and Final Call A/c", "900"],
      ["dr", "Bank A/c", "1,800"],
      ["dr", "Share Forfeiture A/c", "200"],
      ["cr", "To Equity Share Capital A/c", "2,000"],
      ["dr", "Share Forfeiture A/c", "1,200"],
      ["cr", "To Capital Reserve A/c", "1,200"],
    ];
    expect(markJournal(entry, typed(board))).toMatchObject({ awardedCenti: 300, correct: true });
    expect(markJournal(entry, typed(board.slice(3, 6))).awardedCenti).toBe(100);
  });

  it("set journal entries, a balance sheet extract, a comparative and a common-size statement and a cash flow extract as Markdown tables", () => {
    const text = numbered(paper("accountancy"))
      .questions.map((q) => `${q.prompt}\n${q.modelAnswer ?? ""}\n${q.explanation}`)
      .join("\n");
    expect(text).toContain("| Date | Particulars | L.F. | Dr (₹) | Cr (₹) |");
    expect(text).toContain("Balance Sheet of Zenith Ltd. (extract)");
    expect(text).toContain("Comparative Statement of Profit and Loss");
    expect(text).toContain("Common-size Balance Sheet");
    expect(text).toContain("Cash flows from operating activities (extract)");
  });
});
