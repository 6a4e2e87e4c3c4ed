/**
 * The seed's sample students (db/seed/reviews.ts writes them with their reviews): their names, and
 * the stable ids by which the admin's figures find them (analytics/metrics.server.ts).
 */
export const SAMPLE_REVIEWERS = [
  "Aarav Sharma",
  "Diya Patel",
  "Ishaan Gupta",
  "Ananya Iyer",
  "Kabir Malhotra",
  "Meera Nair",
  "Rohan Das",
  "Saanvi Reddy",
  "Vihaan Joshi",
  "Tanya Bansal",
] as const;

/** The sample students' ids (stable, so tests can find them). */
export function sampleReviewerId(i: number) {
  return `seed-student-${i + 1}`;
}

/** Every sample student's id. */
export const SAMPLE_ACCOUNT_IDS = SAMPLE_REVIEWERS.map((_, i) => sampleReviewerId(i));
