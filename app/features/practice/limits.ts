/** Bounds shared by the practice forms and rules (safe for the browser). */
export const MAX_WRITTEN_ANSWER = 5_000;
/** A numerical answer as typed ("₹ 1,20,000.50"). */
export const MAX_NUMERIC_ANSWER = 40;
