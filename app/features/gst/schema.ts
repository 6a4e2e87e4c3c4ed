/** Zod schemas of the GST screens. */
import { z } from "zod";
import { financialQuarter, istMonthStart } from "~/features/analytics/periods";

/**
 * The period of a GSTR-1 export: a month "2026-10" or a quarter of the Indian financial year
 * "2026-Q3" (October–December 2026), with its IST bounds and a name for the file.
 */
export const gstr1PeriodSchema = z
  .string({ error: "Choose a month such as 2026-10 or a quarter such as 2026-Q3." })
  .trim()
  .transform((v, ctx) => {
    const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(v);
    const quarter = /^(\d{4})-Q([1-4])$/.exec(v);
    const year = Number((month ?? quarter)?.[1]);
    if ((!month && !quarter) || year < 2017 || year > 2100) {
      ctx.addIssue({ code: "custom", message: "Choose a month such as 2026-10 or a quarter such as 2026-Q3." });
      return z.NEVER;
    }
    if (month) {
      const m = Number(month[2]) - 1;
      return { key: v, start: istMonthStart(year, m), end: istMonthStart(year, m + 1) };
    }
    const p = financialQuarter(year, Number(quarter![2]) as 1 | 2 | 3 | 4);
    return { key: `FY${year}-Q${quarter![2]}`, start: p.start, end: p.end };
  });
