import { describe, expect, it } from "vitest";
import { ASSERTION_REASON_OPTIONS } from "~/features/practice/labels";
import { type SeedQuestion, seedChapters } from "../practice";
import { seedQuestionBanks } from ".";

const subjects = Object.keys(seedChapters) as (keyof typeof seedChapters)[];
const all = (questions: SeedQuestion[]): SeedQuestion[] => questions.flatMap((q) => [q, ...(q.parts ?? [])]);

describe("the question bank's seeded questions", () => {
  it("each subject has two chapters of at least ten questions in each class, with assertion–reason and case sets", () => {
    for (const subject of subjects) {
      const banks = seedQuestionBanks[subject];
      for (const classLevel of ["11", "12"] as const) {
        const chapters = banks.filter((b) => b.classLevel === classLevel);
        expect(new Set(chapters.map((c) => c.chapter)).size, `${subject} ${classLevel}`).toBe(2);
        for (const c of chapters) expect(c.questions.length, c.chapter).toBeGreaterThanOrEqual(10);
      }
      const questions = banks.flatMap((b) => b.questions);
      expect(questions.some((q) => q.type === "assertion_reason")).toBe(true);
      expect(questions.some((q) => q.type === "case_based")).toBe(true);
      expect(questions.some((q) => q.type === "short_answer" || q.type === "long_answer")).toBe(true);
    }
    const total = subjects.flatMap((s) => seedQuestionBanks[s].flatMap((b) => b.questions)).length;
    expect(total).toBeGreaterThanOrEqual(160);
  });

  it("every question's chapter is an NCERT chapter of its subject and class", () => {
    for (const subject of subjects) {
      for (const bank of seedQuestionBanks[subject]) {
        expect(seedChapters[subject][bank.classLevel], `${subject} ${bank.classLevel}`).toContain(bank.chapter);
        for (const q of all(bank.questions)) expect(q.chapter).toBe(bank.chapter);
      }
    }
  });

  it("every objective answer is one of its options; written answers have a model answer and marking points", () => {
    for (const subject of subjects) {
      for (const q of all(seedQuestionBanks[subject].flatMap((b) => b.questions))) {
        if (q.type === "mcq") {
          expect(q.options!.length, q.prompt).toBeGreaterThanOrEqual(4);
          expect(new Set(q.options).size, q.prompt).toBe(q.options!.length);
          expect(Number.isInteger(q.correct) && q.correct! >= 0 && q.correct! < q.options!.length, q.prompt).toBe(true);
          expect(q.marks).toBe(1);
        } else if (q.type === "assertion_reason") {
          expect(q.prompt).toMatch(/^Assertion \(A\): .+\nReason \(R\): .+/);
          expect(q.correct! >= 0 && q.correct! < ASSERTION_REASON_OPTIONS.length, q.prompt).toBe(true);
        } else if (q.type === "case_based") {
          expect(q.marks).toBe(0);
          expect(q.parts!.length, q.prompt).toBeGreaterThanOrEqual(3);
          for (const part of q.parts!) expect(part.type).toBe("mcq");
        } else {
          expect(q.modelAnswer, q.prompt).toBeTruthy();
          expect(q.markingPoints!.length, q.prompt).toBeGreaterThan(0);
          expect(q.marks, q.prompt).toBeGreaterThanOrEqual(2);
        }
        expect(q.explanation, q.prompt).toBeTruthy();
      }
    }
  });

  it("no prompt is repeated", () => {
    const prompts = subjects.flatMap((s) => all(seedQuestionBanks[s].flatMap((b) => b.questions)).map((q) => q.prompt));
    expect(prompts.filter((p, i) => prompts.indexOf(p) !== i)).toEqual([]);
  });
});
