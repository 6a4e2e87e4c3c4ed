/**
 * Marking rules of a practice attempt, pure. Scores are hundredths of a mark ("centi"), so negative
 * marking of a quarter (or any whole percentage) stays an integer.
 */
import { isObjective, type QuestionType } from "./labels";

export interface MarkedQuestion {
  type: QuestionType;
  marks: number;
  correctOption: number | null;
  answerNumber?: number | null;
  answerTolerance?: number;
}

/** An objective answer's marks: full for the right option, minus `negativePercent` of them for a wrong one, 0 unanswered. */
export function markObjective(
  question: MarkedQuestion,
  choice: number | null,
  negativePercent: number,
): { awardedCenti: number; correct: boolean | null } {
  if (!isObjective(question.type)) throw new Error("Only objective questions are marked automatically.");
  if (choice === null) return { awardedCenti: 0, correct: null };
  if (choice === question.correctOption) return { awardedCenti: question.marks * 100, correct: true };
  return { awardedCenti: -question.marks * negativePercent, correct: false };
}

/**
 * The number a student typed for a numerical question, as they would write it: "₹ 1,20,000",
 * "Rs. 45,000.50", "-3.5", "12%" (12) or a ratio "2:1" (2). Null when it is not a number.
 */
export function parseNumericAnswer(raw: string | null | undefined): number | null {
  if (!raw) return null;
  const text = raw
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, "")
    .replace(/\s*%$/, "")
    .replace(/(\d),(?=\d)/g, "$1")
    .replace(/\s+/g, "");
  const ratio = /^(-?\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(text);
  if (ratio) {
    const [a, b] = [Number(ratio[1]), Number(ratio[2])];
    return b === 0 ? null : a / b;
  }
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * A numerical answer's marks: full when it is within the tolerance of the expected number, else 0
 * (no negative marking: a board paper takes nothing off a wrong calculation); 0 unanswered.
 */
export function markNumeric(
  question: MarkedQuestion,
  text: string | null,
): { awardedCenti: number; correct: boolean | null } {
  if (question.type !== "numeric" || question.answerNumber == null) {
    throw new Error("Only numerical questions with an answer are marked this way.");
  }
  if (!text?.trim()) return { awardedCenti: 0, correct: null };
  const given = parseNumericAnswer(text);
  // A hair of slack for binary fractions: 0.1 + 0.2 is within 0 of 0.3.
  const slack = (question.answerTolerance ?? 0) + 1e-9 * Math.max(1, Math.abs(question.answerNumber));
  const correct = given !== null && Math.abs(given - question.answerNumber) <= slack;
  return { awardedCenti: correct ? question.marks * 100 : 0, correct };
}

/** "12.75" for 1275 hundredths; whole marks without decimals ("12"). */
export function formatMarks(centi: number): string {
  const sign = centi < 0 ? "-" : "";
  const abs = Math.abs(centi);
  const whole = Math.floor(abs / 100);
  const rest = abs % 100;
  if (rest === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

/** A whole percentage of the marks possible (0 when nothing was possible), never below 0. */
export function percentOf(centi: number, maxMarks: number): number {
  if (maxMarks <= 0) return 0;
  return Math.max(0, Math.round(centi / maxMarks));
}

/** Strength of a chapter by its percentage: below 50 weak, below 75 fair, else strong. */
export function strengthOf(percent: number): "weak" | "fair" | "strong" {
  if (percent < 50) return "weak";
  if (percent < 75) return "fair";
  return "strong";
}

/** Seconds left until the deadline, by the server's clock (never below 0). */
export function secondsLeft(deadline: Date, now: Date): number {
  return Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000));
}
