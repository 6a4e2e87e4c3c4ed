/**
 * The SACs (services accounting codes) this store may print on its tax documents, with their official
 * descriptions: heading 9992 (education services) and 998431 (e-content: notes and papers sold as
 * online text). Descriptions as in the GST scheme of classification of services (the annexure to
 * notification 11/2017-Central Tax (Rate)) and the GST portal's HSN/SAC master. A code is six digits
 * starting with 99; one outside this table is refused rather than printed without a description.
 */
import type { productKind } from "~/db/schema";

export const SAC_DESCRIPTIONS = {
  "999210": "Pre-primary education services",
  "999220": "Primary education services",
  "999231": "Secondary education services, general",
  "999232": "Secondary education services, technical and vocational",
  "999241": "Higher education services, general",
  "999242": "Higher education services, technical",
  "999243": "Higher education services, vocational",
  "999249": "Other higher education services",
  "999259": "Specialised education services",
  "999291": "Cultural education services",
  "999292": "Sports and recreation education services",
  "999293": "Commercial training and coaching services",
  "999294": "Other education and training services nowhere else classified",
  "999295": "Services involving conduct of examination for admission to educational institutions",
  "999299": "Other educational support services",
  "998431": "On-line text based information such as online books, newspapers, periodicals, directories and the like",
} as const satisfies Record<string, string>;

export type SacCode = keyof typeof SAC_DESCRIPTIONS;

/** What the store prints when nothing else is set: commercial training and coaching services. */
export const DEFAULT_SAC: SacCode = "999293";

export const SAC_CODES = Object.keys(SAC_DESCRIPTIONS) as SacCode[];

/** The official description of a code of the table; null for any other code. */
export function sacDescription(code: string): string | null {
  return Object.hasOwn(SAC_DESCRIPTIONS, code) ? SAC_DESCRIPTIONS[code as SacCode] : null;
}

/** Why a code cannot be printed (null: it can). */
export function sacProblem(code: string): string | null {
  if (!/^99\d{4}$/.test(code)) return "A SAC has six digits starting with 99 (e.g. 999293).";
  if (!sacDescription(code)) {
    return `SAC ${code} is not one this store prints: choose a code of heading 9992 (education services) or 998431 (online text such as e-books).`;
  }
  return null;
}

/** The SAC settings: one code per kind of product (notes and PYQ papers share one). */
export interface SacSettings {
  /** Courses (and the code of documents issued before codes were per line). */
  sacCode: string;
  sacCodeNotes: string;
  sacCodeTests: string;
}

/** The SAC of a product of this kind (catalog's `Kind`) under these settings. */
export function sacForKind(settings: SacSettings, kind: (typeof productKind.enumValues)[number]): string {
  if (kind === "note" || kind === "pyq") return settings.sacCodeNotes;
  if (kind === "test") return settings.sacCodeTests;
  // A course, and a bundle (issue 36): one supply whose principal part is the coaching of its courses.
  return settings.sacCode;
}
