import { describe, expect, it } from "vitest";
import { valueAxisTicks } from "./chart-axis";

describe("valueAxisTicks", () => {
  it("one 0 tick when every value is 0 (or there are none)", () => {
    expect(valueAxisTicks(Array(12).fill(0))).toEqual([0]);
    expect(valueAxisTicks([])).toEqual([0]);
  });

  it("leaves the ticks to the chart once a value is above 0", () => {
    expect(valueAxisTicks([0, 0, 116_819, 0])).toBeUndefined();
  });
});
