import { describe, expect, it } from "vitest";
import { wordCount, wordLimitLabel } from "./labels";
import {
  formatMarks,
  markNumeric,
  markObjective,
  parseNumericAnswer,
  percentOf,
  secondsLeft,
  strengthOf,
} from "./scoring";

const mcq = { type: "mcq" as const, marks: 1, correctOption: 2 };

describe("practice scoring", () => {
  it("gives full marks for the right option, takes off the negative share for a wrong one, nothing unanswered", () => {
    expect(markObjective(mcq, 2, 25)).toEqual({ awardedCenti: 100, correct: true });
    expect(markObjective(mcq, 0, 25)).toEqual({ awardedCenti: -25, correct: false });
    expect(markObjective(mcq, 0, 0)).toEqual({ awardedCenti: -0, correct: false });
    expect(markObjective(mcq, null, 25)).toEqual({ awardedCenti: 0, correct: null });
    expect(markObjective({ ...mcq, marks: 4 }, 1, 50)).toEqual({ awardedCenti: -200, correct: false });
  });

  it("refuses to mark a written answer automatically", () => {
    expect(() => markObjective({ type: "short_answer", marks: 3, correctOption: null }, 1, 0)).toThrow();
  });

  it("writes marks without needless decimals", () => {
    expect(formatMarks(1200)).toBe("12");
    expect(formatMarks(1275)).toBe("12.75");
    expect(formatMarks(1250)).toBe("12.5");
    expect(formatMarks(-25)).toBe("-0.25");
  });

  it("computes percentages, strengths and time left", () => {
    expect(percentOf(1050, 20)).toBe(53);
    expect(percentOf(-300, 20)).toBe(0);
    expect(percentOf(0, 0)).toBe(0);
    expect(strengthOf(42)).toBe("weak");
    expect(strengthOf(60)).toBe("fair");
    expect(strengthOf(90)).toBe("strong");
    const now = new Date("2026-11-25T10:00:00Z");
    expect(secondsLeft(new Date("2026-11-25T10:01:00.500Z"), now)).toBe(61);
    expect(secondsLeft(new Date("2026-11-25T09:59:00Z"), now)).toBe(0);
  });
});

describe("numerical answers", () => {
  it("reads a number as a student writes it", () => {
    expect(parseNumericAnswer("₹ 1,20,000")).toBe(120000);
    expect(parseNumericAnswer("Rs. 45,000.50")).toBe(45000.5);
    expect(parseNumericAnswer("-3.5")).toBe(-3.5);
    expect(parseNumericAnswer("12 %")).toBe(12);
    expect(parseNumericAnswer("2:1")).toBe(2);
    expect(parseNumericAnswer(".5")).toBe(0.5);
    for (const raw of ["", "twelve", "1,", "1.2.3", "2:0", "1e5", "Infinity", null]) {
      expect(parseNumericAnswer(raw), String(raw)).toBeNull();
    }
  });

  it("gives full marks within the tolerance, 0 outside it or unanswered", () => {
    const q = { type: "numeric" as const, marks: 2, correctOption: null, answerNumber: 1.67, answerTolerance: 0.01 };
    expect(markNumeric(q, "1.68")).toEqual({ awardedCenti: 200, correct: true });
    expect(markNumeric(q, "1.66")).toEqual({ awardedCenti: 200, correct: true });
    expect(markNumeric(q, "1.65")).toEqual({ awardedCenti: 0, correct: false });
    expect(markNumeric(q, "not a number")).toEqual({ awardedCenti: 0, correct: false });
    expect(markNumeric(q, "  ")).toEqual({ awardedCenti: 0, correct: null });
    const exact = { ...q, answerNumber: 0.3, answerTolerance: 0 };
    expect(markNumeric(exact, "0.3")).toEqual({ awardedCenti: 200, correct: true });
    expect(markNumeric(exact, "0.31")).toEqual({ awardedCenti: 0, correct: false });
  });
});

describe("word limits", () => {
  it("labels a limit as a board paper prints it and counts words", () => {
    expect(wordLimitLabel(50, 75)).toBe("50–75 words");
    expect(wordLimitLabel(null, 75)).toBe("Up to 75 words");
    expect(wordLimitLabel(60, 60)).toBe("About 60 words");
    expect(wordLimitLabel(null, null)).toBeNull();
    expect(wordCount("  Cash  A/c Dr. ₹ 50,000 \n To Capital ")).toBe(7);
    expect(wordCount("   ")).toBe(0);
  });
});
