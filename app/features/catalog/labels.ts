export const SUBJECT_LABELS = {
  accountancy: "Accountancy",
  economics: "Economics",
  business_studies: "Business Studies",
  english: "English",
} as const;

export type Subject = keyof typeof SUBJECT_LABELS;

/** Store base route of each product kind: a card links to {baseRoute}/{id}. */
export const KIND_BASE_ROUTE = { course: "/courses", note: "/notes", pyq: "/pyq" } as const;
