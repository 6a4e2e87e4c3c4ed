/** The one table of subject, kind and status names (storefront, admin, seed, sample PDFs). */
export const SUBJECT_LABELS = {
  accountancy: "Accountancy",
  economics: "Economics",
  business_studies: "Business Studies",
  english: "English",
} as const;

export type Subject = keyof typeof SUBJECT_LABELS;
/** The CBSE paper names, where they differ from the label (sample PDFs' covers). */
export const SUBJECT_BOARD_NAMES: Record<Subject, string> = { ...SUBJECT_LABELS, english: "English Core" };
export const SUBJECTS = [
  "accountancy",
  "economics",
  "business_studies",
  "english",
] as const satisfies readonly Subject[];

export type Kind = "course" | "note" | "pyq" | "test" | "bundle";
export type Status = "draft" | "published" | "archived";
export const KINDS = ["course", "note", "pyq", "test", "bundle"] as const satisfies readonly Kind[];
export const STATUSES = ["draft", "published", "archived"] as const satisfies readonly Status[];

/** Store base route of each product kind: a card links to {baseRoute}/{id}. */
export const KIND_BASE_ROUTE = {
  course: "/courses",
  note: "/notes",
  pyq: "/pyq",
  test: "/tests",
  bundle: "/bundles",
} as const;

export const KIND_LABELS = { course: "Courses", note: "Notes", pyq: "PYQ", test: "Tests", bundle: "Bundles" } as const;
export const KIND_SINGULAR = {
  course: "Course",
  note: "Note",
  pyq: "PYQ paper",
  test: "Test",
  bundle: "Bundle",
} as const;
/** The admin tables' short kind names. */
export const KIND_SHORT_LABELS: Record<Kind, string> = {
  course: "Course",
  note: "Note",
  pyq: "PYQ",
  test: "Test",
  bundle: "Bundle",
};
export const STATUS_LABELS: Record<Status, string> = { draft: "Draft", published: "Published", archived: "Archived" };

/**
 * The detail page's feature list of a note or PYQ paper, from what it really includes (issue 32): its
 * PDF, when one is uploaded, and the stamp every download carries (files/stamp.server.ts). The spec's
 * fixed "Downloadable Notes, Handwritten Notes" promised handwriting no PDF here is known to have.
 * A course's list comes from its lessons (learning/curriculum.ts `courseFeatures`), a test's is
 * practice/test-facts.tsx `TEST_FEATURES`.
 */
export function fileFeatures(kind: "note" | "pyq", hasFile: boolean): string[] {
  if (!hasFile) return [];
  return [
    kind === "note" ? "Notes as a PDF to download" : "Papers as a PDF to download",
    "Your name and email on every page (licensed to you)",
  ];
}

/** The first path segment of a store URL names the kind: /courses → course. */
export function kindFromPath(pathname: string): keyof typeof KIND_BASE_ROUTE | null {
  const segment = pathname.split("/")[1];
  if (segment === "courses") return "course";
  if (segment === "notes") return "note";
  if (segment === "pyq") return "pyq";
  if (segment === "tests") return "test";
  if (segment === "bundles") return "bundle";
  return null;
}

/** The instructor select's value for "New Instructor" (a name typed beside it). */
export const NEW_INSTRUCTOR = "new";
