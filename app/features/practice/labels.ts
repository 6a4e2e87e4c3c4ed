/** Names of the practice domain's question types and difficulties (admin and store). */
import { countOf } from "~/lib/numbers";

export const QUESTION_TYPES = [
  "mcq",
  "assertion_reason",
  "case_based",
  "short_answer",
  "long_answer",
  "numeric",
  "journal",
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  mcq: "Multiple choice",
  assertion_reason: "Assertion–reason",
  case_based: "Case-based set",
  short_answer: "Short answer",
  long_answer: "Long answer",
  numeric: "Numerical answer",
  journal: "Journal entry",
};
export const DIFFICULTY_LABELS: Record<Difficulty, string> = { easy: "Easy", medium: "Medium", hard: "Hard" };

/** The four options of every assertion–reason question in the CBSE pattern. */
export const ASSERTION_REASON_OPTIONS = [
  "Both Assertion (A) and Reason (R) are true and Reason (R) is the correct explanation of Assertion (A).",
  "Both Assertion (A) and Reason (R) are true but Reason (R) is not the correct explanation of Assertion (A).",
  "Assertion (A) is true but Reason (R) is false.",
  "Assertion (A) is false but Reason (R) is true.",
];

export function isObjective(type: QuestionType): boolean {
  return type === "mcq" || type === "assertion_reason";
}
export function isWritten(type: QuestionType): boolean {
  return type === "short_answer" || type === "long_answer";
}
/** Marked by the server at submission: objective questions, numerical answers and journal entries (by their lines). */
export function isAutoMarked(type: QuestionType): boolean {
  return isObjective(type) || type === "numeric" || type === "journal";
}

/** A written question's word limit as printed on a board paper: "50–75 words", "About 60 words", "Up to 75 words". */
export function wordLimitLabel(minWords: number | null, maxWords: number | null): string | null {
  if (minWords && maxWords) return minWords === maxWords ? `About ${minWords} words` : `${minWords}–${maxWords} words`;
  if (maxWords) return `Up to ${maxWords} words`;
  if (minWords) return `At least ${minWords} words`;
  return null;
}

/** The words of an answer, as a student counts them (numbers and ₹ amounts are words). */
export function wordCount(text: string): number {
  return text.trim() ? text.trim().split(/\s+/).length : 0;
}

/**
 * A test's size wherever it is shown: its questions, and its answers when they differ (each part of a
 * case-based set is answered on its own): "6 questions (8 answers)".
 */
export function questionCountLabel(c: { questionCount: number; answerCount: number; answersVary?: boolean }) {
  const questions = countOf(c.questionCount, "question");
  if (c.answersVary) return `${questions} (at least ${countOf(c.answerCount, "answer")})`;
  return c.answerCount === c.questionCount ? questions : `${questions} (${countOf(c.answerCount, "answer")})`;
}
