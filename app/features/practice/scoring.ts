/**
 * Marking rules of a practice attempt, pure. Scores are hundredths of a mark ("centi"), so negative
 * marking of a quarter (or any whole percentage) stays an integer.
 */
import { isObjective, type QuestionType } from "./labels";

export interface MarkedQuestion {
  type: QuestionType;
  marks: number;
  correctOption: number | null;
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
