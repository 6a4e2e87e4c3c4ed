/** The words and shapes shared by Settings' "Sample content" card and its server side (sample-content.server.ts). */

/** The value the confirmation sends; anything else is refused and nothing is removed. */
export const REMOVE_SAMPLE_CONFIRMATION = "remove-all-sample-content";
export const NOTHING_LEFT = "No sample content is left: nothing was removed.";
export const CONFIRMATION_MISSING = "Confirm the removal of all sample content: nothing was removed.";

export interface SampleCounts {
  products: number;
  accounts: number;
  reviews: number;
  questions: number;
  banners: number;
  testimonials: number;
  toppers: number;
  subjectServices: number;
  highlights: number;
  instructors: number;
}

/** What each count is called, in the order Settings lists them. */
export const SAMPLE_KINDS: { key: keyof SampleCounts; singular: string; plural?: string }[] = [
  { key: "products", singular: "item (course, note, paper or test)", plural: "items (courses, notes, papers, tests)" },
  { key: "reviews", singular: "review by a sample account", plural: "reviews by sample accounts" },
  { key: "accounts", singular: "sample student account" },
  { key: "questions", singular: "question" },
  { key: "banners", singular: "banner" },
  { key: "testimonials", singular: "testimonial" },
  { key: "toppers", singular: "topper" },
  { key: "subjectServices", singular: "subject service" },
  { key: "highlights", singular: "course highlight" },
  { key: "instructors", singular: "instructor" },
];
