/** Zod schemas of the GST screens. */
import { z } from "zod";
import { financialQuarter, istMonthStart } from "~/lib/periods";
import { type BuyerDetails, buyerDetailsProblems, normaliseAddress, normaliseGstin } from "./buyer";
import { sacProblem } from "./sac";
import { STATE_CODES } from "./states";

/**
 * A GSTIN as typed or pasted: every space dropped (a copied GSTIN often comes with one before or
 * after it, or in groups) and upper-cased; the caller checks what is left (gstin.ts). The input box
 * sets no maxLength, which the browser would apply before anything is trimmed (gstin-field.tsx).
 */
export const gstinInputSchema = z
  .string()
  .max(100, "Enter a valid 15-character GSTIN (e.g. 27AAPFU0939F1ZV).")
  .transform(normaliseGstin);

/** A GST state code of one of the 28 states and 8 union territories ("27"). */
export const stateCodeField = z.enum(STATE_CODES, {
  error: "Choose your state or union territory: it decides how GST is charged.",
});

/** A SAC of the store's table (sac.ts), six digits starting with 99. */
export const sacCodeSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = sacProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

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

/** Free text of a form, tidied by `normalise`; empty means not given. Longer than any field allows is refused early. */
const optionalText = (normalise: (value: string) => string) =>
  z
    .string()
    .max(2000, "That is far too long.")
    .optional()
    .transform((v) => (v === undefined ? undefined : normalise(v) || undefined));

/**
 * The buyer's business details of the checkout and account forms (one definition for both): an
 * optional GSTIN with the registered name, and an address. Checked by `buyerDetailsRule` below.
 */
export const buyerDetailsFields = {
  gstin: optionalText(normaliseGstin),
  legalName: optionalText((v) => v.replace(/\s+/g, " ").trim()),
  address: optionalText(normaliseAddress),
};

/**
 * The rules of gst/buyer.ts as issues on their fields. The GSTIN is held to the form's `state`; a form
 * sent without one is checked against the saved state by the server (buyerDetailsProblems again).
 */
export function buyerDetailsRule(v: BuyerDetails & { state?: string }, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(buyerDetailsProblems(v, v.state))) {
    ctx.addIssue({ code: "custom", path: [field], message });
  }
}
