/**
 * Limits of a review's text fields in characters (the database checks the first two too: db/schema.ts).
 * Apart from schema.ts so the storefront's review form gets them without zod in its chunk.
 */
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MAX = 2000;
export const HIDE_REASON_MAX = 300;
