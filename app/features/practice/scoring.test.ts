import { describe, expect, it } from "vitest";
import { formatMarks, markObjective, percentOf, secondsLeft, strengthOf } from "./scoring";

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
