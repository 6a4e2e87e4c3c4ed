/** Bounds shared by the practice forms and rules (safe for the browser). */
export const MAX_WRITTEN_ANSWER = 5_000;
