import { describe, expect, it } from "vitest";
import { countOf, formatCount, formatDuration } from "./numbers";

describe("numbers", () => {
  it("counts in en-IN grouping", () => {
    expect(formatCount(100000)).toBe("1,00,000");
  });

  it("durations to the nearest minute, hours when there are any", () => {
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(10)).toBe("1 min");
    expect(formatDuration(89)).toBe("1 min");
    expect(formatDuration(90)).toBe("2 min");
    expect(formatDuration(45 * 60)).toBe("45 min");
    expect(formatDuration(59 * 60 + 40)).toBe("1 h");
    expect(formatDuration(2 * 3600)).toBe("2 h");
    expect(formatDuration(3 * 3600 + 20 * 60)).toBe("3 h 20 min");
    expect(formatDuration(1000 * 3600 + 5 * 60)).toBe("1,000 h 5 min");
  });

  it("lesson counts", () => {
    expect(countOf(0, "lesson")).toBe("0 lessons");
    expect(countOf(1, "lesson")).toBe("1 lesson");
    expect(countOf(12, "lesson")).toBe("12 lessons");
    expect(countOf(1200, "lesson")).toBe("1,200 lessons");
  });
});
