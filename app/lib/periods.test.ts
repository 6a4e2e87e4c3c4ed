import { describe, expect, it } from "vitest";
import {
  currentFinancialQuarter,
  financialQuarter,
  last12Months,
  monthKey,
  monthPeriod,
  percent,
  trendPercent,
} from "./periods";

describe("business periods (IST)", () => {
  it("starts a month at 00:00 IST, which is 18:30 UTC the day before", () => {
    const p = monthPeriod(new Date("2026-03-15T12:00:00Z"));
    expect(p.start.toISOString()).toBe("2026-02-28T18:30:00.000Z");
    expect(p.end.toISOString()).toBe("2026-03-31T18:30:00.000Z");
    expect(p.label).toBe("Mar 2026");
    // 20:00 UTC on 31 March is already 1 April in India
    expect(monthKey(new Date("2026-03-31T20:00:00Z"))).toBe("2026-04");
    expect(monthPeriod(new Date("2026-01-10T00:00:00Z"), -1).label).toBe("Dec 2025");
  });

  it("lists the last 12 months oldest first", () => {
    const months = last12Months(new Date("2026-11-22T00:00:00Z"));
    expect(months).toHaveLength(12);
    expect(months[0]!.label).toBe("Dec 2025");
    expect(months[11]!.label).toBe("Nov 2026");
  });

  it("uses Indian financial-year quarters", () => {
    expect(financialQuarter(2025, 3).label).toBe("Q3 FY 2025–26 (Oct–Dec 2025)");
    expect(financialQuarter(2025, 4).start.toISOString()).toBe("2025-12-31T18:30:00.000Z");
    expect(currentFinancialQuarter(new Date("2026-02-01T00:00:00Z"))).toEqual({ fyStartYear: 2025, quarter: 4 });
    expect(currentFinancialQuarter(new Date("2026-04-01T00:00:00Z"))).toEqual({ fyStartYear: 2026, quarter: 1 });
  });

  it("computes trends and percentages", () => {
    expect(trendPercent(150, 100)).toBe(50);
    expect(trendPercent(0, 0)).toBe(0);
    expect(trendPercent(5, 0)).toBeNull();
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(1, 0)).toBe(0);
  });
});
