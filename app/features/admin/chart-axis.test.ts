import { describe, expect, it } from "vitest";
import { valueAxis } from "./chart-axis";

describe("valueAxis", () => {
  it("one 0 tick at the bottom of the axis when every value is 0 (or there are none)", () => {
    expect(valueAxis(Array(12).fill(0))).toEqual({ ticks: [0], domain: [0, 1] });
    expect(valueAxis([])).toEqual({ ticks: [0], domain: [0, 1] });
  });

  it("leaves the ticks to the chart once a value is above 0", () => {
    expect(valueAxis([0, 0, 116_819, 0])).toEqual({});
  });
});
