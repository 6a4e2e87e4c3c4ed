import { describe, expect, it } from "vitest";
import { COUNT_UP_STEP_MS, COUNT_UP_STEPS, countUpValue } from "./count-up";

describe("count-up", () => {
  it("runs 150 ticks of 10 ms (1500 ms) from 0 and ends on the exact value", () => {
    expect(COUNT_UP_STEP_MS).toBe(10);
    expect(COUNT_UP_STEPS * COUNT_UP_STEP_MS).toBe(1500);
    const frames = Array.from({ length: COUNT_UP_STEPS + 1 }, (_, i) => countUpValue(8753, i));
    expect(frames[0]).toBe(0);
    expect(frames[75]).toBe(Math.round(8753 / 2));
    expect(frames.at(-1)).toBe(8753);
    for (let i = 1; i < frames.length; i++) expect(frames[i]!).toBeGreaterThanOrEqual(frames[i - 1]!);
  });
});
