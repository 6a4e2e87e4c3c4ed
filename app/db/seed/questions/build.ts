/**
 * Builders for the question bank's seeded questions (./<subject>.ts): the shapes of SeedQuestion
 * (../practice.ts) without repeating the chapter on every row.
 */
import type { SeedQuestion } from "../practice";

type Draft = Omit<SeedQuestion, "chapter" | "parts"> & { parts?: Draft[] };
type Difficulty = SeedQuestion["difficulty"];

export const mcq = (
  prompt: string,
  options: string[],
  correct: number,
  explanation: string,
  difficulty: Difficulty = "easy",
): Draft => ({ type: "mcq", prompt, options, correct, marks: 1, difficulty, explanation });

/** An assertion–reason question; `correct` indexes ASSERTION_REASON_OPTIONS (0: both true, R explains A … 3: A false, R true). */
export const ar = (
  assertion: string,
  reason: string,
  correct: 0 | 1 | 2 | 3,
  explanation: string,
  difficulty: Difficulty = "medium",
): Draft => ({
  type: "assertion_reason",
  prompt: `Assertion (A): ${assertion}\nReason (R): ${reason}`,
  correct,
  marks: 1,
  difficulty,
  explanation,
});

export const written = (
  type: "short_answer" | "long_answer",
  marks: number,
  prompt: string,
  modelAnswer: string,
  markingPoints: string[],
  explanation: string,
  difficulty: Difficulty = "medium",
): Draft => ({ type, prompt, modelAnswer, markingPoints, marks, difficulty, explanation });

export const caseSet = (passage: string, parts: Draft[], difficulty: Difficulty = "medium"): Draft => ({
  type: "case_based",
  prompt: passage,
  marks: 0,
  difficulty,
  explanation: "Read the case and answer the questions that follow.",
  parts,
});

function withChapter(chapter: string, draft: Draft): SeedQuestion {
  return { ...draft, chapter, parts: draft.parts?.map((part) => withChapter(chapter, part)) };
}

/** The questions of one chapter of a subject and class. */
export interface ChapterBank {
  classLevel: "11" | "12";
  chapter: string;
  questions: SeedQuestion[];
}

export const chapterBank = (classLevel: "11" | "12", chapter: string, drafts: Draft[]): ChapterBank => ({
  classLevel,
  chapter,
  questions: drafts.map((d) => withChapter(chapter, d)),
});
