import { describe, expect, it } from "vitest";
import { accessExpiry, accessLabel, enrolmentAccessLabel, invoiceAccessText, lastAccessDay } from "./access-period";
import { addIstMonths, formatDay, isCalendarDay, istEndOfDay, istToday } from "./dates";

describe("access period date math (IST)", () => {
  it("ends a day at midnight after it, India time", () => {
    expect(istEndOfDay("2027-03-31").toISOString()).toBe("2027-03-31T18:30:00.000Z");
    expect(istEndOfDay("2026-12-31").toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(formatDay("2027-03-31")).toBe("31 Mar 2027");
    expect(lastAccessDay(istEndOfDay("2027-03-31"))).toBe("31 Mar 2027");
  });

  it("counts months on India's calendar, a missing day becoming the month's last", () => {
    // 31 Jan 2027, 10:00 IST
    const jan31 = new Date("2027-01-31T04:30:00Z");
    expect(addIstMonths(jan31, 1)).toBe("2027-02-28");
    expect(addIstMonths(new Date("2028-01-31T04:30:00Z"), 1)).toBe("2028-02-29");
    expect(addIstMonths(jan31, 12)).toBe("2028-01-31");
    expect(addIstMonths(new Date("2026-11-15T04:30:00Z"), 3)).toBe("2027-02-15");
    expect(addIstMonths(new Date("2026-08-31T04:30:00Z"), 36)).toBe("2029-08-31");
    // 20:00 UTC on 31 Dec is already 1 Jan in India.
    expect(addIstMonths(new Date("2026-12-31T20:00:00Z"), 1)).toBe("2027-02-01");
  });

  it("computes an enrolment's end for both rules, and none for lifetime", () => {
    const granted = new Date("2027-01-31T04:30:00Z");
    expect(accessExpiry({ accessUntil: "2027-03-31", accessMonths: null }, granted)?.toISOString()).toBe(
      "2027-03-31T18:30:00.000Z",
    );
    expect(accessExpiry({ accessUntil: null, accessMonths: 1 }, granted)?.toISOString()).toBe(
      "2027-02-28T18:30:00.000Z",
    );
    expect(accessExpiry({ accessUntil: null, accessMonths: null }, granted)).toBeNull();
  });

  it("labels a product's and an enrolment's access", () => {
    expect(accessLabel({ accessUntil: "2027-03-31", accessMonths: null })).toBe("Access till 31 Mar 2027");
    expect(accessLabel({ accessUntil: null, accessMonths: 12 })).toBe("12 months access");
    expect(accessLabel({ accessUntil: null, accessMonths: 1 })).toBe("1 month access");
    expect(accessLabel({ accessUntil: null, accessMonths: null })).toBe("Full Lifetime Access");
    const ends = istEndOfDay("2027-03-31");
    expect(enrolmentAccessLabel(ends, false)).toBe("Access till 31 Mar 2027");
    expect(enrolmentAccessLabel(ends, true)).toBe("Access ended on 31 Mar 2027");
    expect(enrolmentAccessLabel(null, false)).toBe("Lifetime access");
    const paid = new Date("2027-01-31T04:30:00Z");
    expect(invoiceAccessText({ accessUntil: null, accessMonths: 1 }, paid)).toBe("1 month access, till 28 Feb 2027");
    expect(invoiceAccessText({ accessUntil: "2027-03-31", accessMonths: null }, paid)).toBe("Access till 31 Mar 2027");
    expect(invoiceAccessText({ accessUntil: null, accessMonths: null }, paid)).toBeUndefined();
  });

  it("reads date inputs and today in India", () => {
    expect(isCalendarDay("2027-02-28")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("2027-13-01")).toBe(false);
    expect(isCalendarDay("31/03/2027")).toBe(false);
    expect(istToday(new Date("2026-11-26T19:00:00Z"))).toBe("2026-11-27");
  });
});
