import { asc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { banners, courseHighlights, subjectServices, testimonials, toppers } from "~/db/schema";

export function listBanners(db: Db) {
  return db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
}

export function listTestimonials(db: Db) {
  return db.select().from(testimonials).orderBy(asc(testimonials.position), asc(testimonials.id));
}

export function listToppers(db: Db) {
  return db.select().from(toppers).orderBy(asc(toppers.position), asc(toppers.id));
}

export function listSubjectServices(db: Db) {
  return db.select().from(subjectServices).orderBy(asc(subjectServices.position), asc(subjectServices.id));
}

export async function getCourseHighlight(db: Db) {
  const [row] = await db.select().from(courseHighlights).limit(1);
  return row ?? null;
}
