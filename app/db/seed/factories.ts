/**
 * Row builders shared by the seed and the tests: each returns a complete insert
 * value with sensible defaults, overridable field by field.
 */
import { coverImage } from "~/features/catalog/covers";
import { SUBJECT_LABELS, type Subject } from "~/features/catalog/labels";
import { slugify } from "~/lib/slug";
import type * as schema from "../schema";

type NewProduct = typeof schema.products.$inferInsert;
type NewTopper = typeof schema.toppers.$inferInsert;
type NewTestimonial = typeof schema.testimonials.$inferInsert;

let counter = 0;
const next = () => ++counter;

export type SubjectKey = Subject;

export function avatarImage(name: string) {
  return `/images/avatars/${slugify(name)}.svg`;
}

export function buildProduct(overrides: Partial<NewProduct> & { instructorId: number }): NewProduct {
  const n = next();
  const kind = overrides.kind ?? "course";
  const subject = overrides.subject ?? "accountancy";
  const title = overrides.title ?? `Sample ${kind} ${n}`;
  const pricePaise = overrides.pricePaise ?? 99_999;
  return {
    kind,
    subject,
    title,
    slug: overrides.slug ?? `${slugify(title)}-${n}`,
    classLevel: "12",
    status: "published",
    pricePaise,
    // The seed's ₹0 notes and papers are free on purpose.
    isFree: pricePaise === 0,
    image: coverImage(subject, kind),
    description: `A complete ${SUBJECT_LABELS[subject]} ${kind} for commerce students, written for the CBSE syllabus.`,
    modules: [],
    position: n,
    publishedAt: new Date(),
    ...overrides,
  };
}

export function buildTopper(overrides: Partial<NewTopper> = {}): NewTopper {
  const name = overrides.name ?? `Topper ${next()}`;
  return {
    subject: "accountancy",
    name,
    imageUrl: avatarImage(name),
    rank: "100",
    badge: null,
    badgeColor: null,
    borderColor: null,
    ...overrides,
  };
}

export function buildTestimonial(overrides: Partial<NewTestimonial> = {}): NewTestimonial {
  const name = overrides.name ?? `Student ${next()}`;
  return {
    quote: "The notes were clear and the mock papers matched the board exam.",
    name,
    university: "Class 12 Commerce",
    avatar: avatarImage(name),
    ...overrides,
  };
}
