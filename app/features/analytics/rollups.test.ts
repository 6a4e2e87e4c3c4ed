import { describe, expect, it } from "vitest";
import { istDate, istDayStart, splitByIstDays } from "./rollups.server";

describe("splitByIstDays", () => {
  it("keeps a month that starts and ends at midnight IST whole", () => {
    const start = new Date("2026-05-31T18:30:00Z"); // 1 June 00:00 IST
    const end = new Date("2026-06-30T18:30:00Z"); // 1 July 00:00 IST
    expect(splitByIstDays(start, end)).toEqual({ days: { from: "2026-06-01", to: "2026-07-01" }, edges: [] });
  });

  it("splits off the part-days at both ends", () => {
    const start = new Date("2026-06-01T06:00:00Z");
    const end = new Date("2026-06-03T10:00:00Z");
    expect(splitByIstDays(start, end)).toEqual({
      days: { from: "2026-06-02", to: "2026-06-03" },
      edges: [
        { start, end: new Date("2026-06-01T18:30:00Z") },
        { start: new Date("2026-06-02T18:30:00Z"), end },
      ],
    });
  });

  it("treats a period inside one day as one raw edge, and an empty period as nothing", () => {
    const start = new Date("2026-06-01T06:00:00Z");
    const end = new Date("2026-06-01T09:00:00Z");
    expect(splitByIstDays(start, end)).toEqual({ days: null, edges: [{ start, end }] });
    expect(splitByIstDays(end, start)).toEqual({ days: null, edges: [] });
  });

  it("names IST days: 23:59 IST is still the same day, 00:00 IST the next", () => {
    expect(istDate(istDayStart(new Date("2026-05-31T18:29:00Z")))).toBe("2026-05-31");
    expect(istDate(istDayStart(new Date("2026-05-31T18:30:00Z")))).toBe("2026-06-01");
  });
});
