import { describe, expect, it } from "vitest";
import { isTitleShortened, progressTone, ratingStars, shortenTitle } from "./display";

describe("card title rule", () => {
  it("keeps titles of 45 characters or fewer", () => {
    const t45 = "a".repeat(45);
    expect(shortenTitle(t45)).toBe(t45);
    expect(isTitleShortened(t45)).toBe(false);
  });

  it("cuts longer titles to a 42-character chunk plus an ellipsis", () => {
    const title = "Partnership Accounts: Complete Handwritten Notes with Solved Examples";
    expect(isTitleShortened(title)).toBe(true);
    expect(shortenTitle(title)).toBe(`${title.slice(0, 42)}…`);
    expect(shortenTitle("b".repeat(46))).toBe(`${"b".repeat(42)}…`);
  });
});

describe("rating", () => {
  it("floors the fractional part for the stars and shows one decimal", () => {
    expect(ratingStars(4.8)).toEqual({ filled: 4, label: "4.8" });
    expect(ratingStars(4.9)).toEqual({ filled: 4, label: "4.9" });
    expect(ratingStars(5)).toEqual({ filled: 5, label: "5.0" });
    expect(ratingStars(3)).toEqual({ filled: 3, label: "3.0" });
  });
});

describe("progress bar", () => {
  it("clamps to 0–100 and is red under 40, yellow under 70, green otherwise", () => {
    expect(progressTone(-5)).toEqual({ value: 0, tone: "red" });
    expect(progressTone(39.9).tone).toBe("red");
    expect(progressTone(40).tone).toBe("yellow");
    expect(progressTone(69).tone).toBe("yellow");
    expect(progressTone(70).tone).toBe("green");
    expect(progressTone(140)).toEqual({ value: 100, tone: "green" });
  });
});

describe("featured notes and title chunks", () => {
  it("features the first 4 notes", async () => {
    const { FEATURED_NOTES } = await import("./display");
    expect(FEATURED_NOTES).toBe(4);
  });

  it("counts characters, not UTF-16 units, and never cuts inside one", () => {
    const title = `${"₹".repeat(20)}${"😀".repeat(26)}`; // 46 characters
    expect(isTitleShortened(title)).toBe(true);
    expect(Array.from(shortenTitle(title))).toHaveLength(43);
    expect(shortenTitle(title).endsWith("😀…")).toBe(true);
  });

  it("rating is clamped to 0–5", () => {
    expect(ratingStars(7)).toEqual({ filled: 5, label: "5.0" });
    expect(ratingStars(-1)).toEqual({ filled: 0, label: "0.0" });
  });
});
