import { eq } from "drizzle-orm";
import type { DbOrTx } from "../client.server";
import * as schema from "../schema";
import {
  seedBanners,
  seedCourseHighlight,
  seedCourses,
  seedInstructors,
  seedNotes,
  seedPyqs,
  seedSettings,
  seedSubjectServices,
  seedTestimonials,
  seedToppers,
} from "./data";
import { avatarImage, buildProduct, buildTestimonial, buildTopper, coverImage, slugify } from "./factories";

/** Bump when the sample content changes in a way a fresh install should get. */
export const SEED_VERSION = "1";
const SEED_KEY = "seed_version";

export function rupeesToPaise(rupees: number) {
  return Math.round(rupees * 100);
}

/**
 * Seeds the spec's sample content once. A marker row makes it idempotent: a
 * restart (or a second instance) adds nothing twice, and content the owner
 * deleted later is not resurrected.
 */
export async function seedDatabase(db: DbOrTx): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts of several instances on PostgreSQL.
    await tx.execute("select pg_advisory_xact_lock(7321001)");
    const [marker] = await tx.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEED_KEY));
    if (marker) return { seeded: false };

    await tx
      .insert(schema.settings)
      .values({ id: 1, ...seedSettings })
      .onConflictDoNothing();

    const instructorRows = await tx
      .insert(schema.instructors)
      .values(seedInstructors.map((name) => ({ name })))
      .onConflictDoNothing()
      .returning();
    const allInstructors = instructorRows.length ? instructorRows : await tx.select().from(schema.instructors);
    const instructorId = (name: string) => {
      const row = allInstructors.find((i) => i.name === name);
      if (!row) throw new Error(`Seed instructor ${name} missing`);
      return row.id;
    };

    const items = [...seedCourses, ...seedNotes, ...seedPyqs];
    await tx.insert(schema.products).values(
      items.map((item, index) =>
        buildProduct({
          kind: item.kind,
          title: item.title,
          slug: slugify(`${item.title}`),
          subject: item.subject,
          classLevel: item.classLevel,
          status: "published",
          pricePaise: rupeesToPaise(item.price),
          rating: item.rating,
          instructorId: instructorId(item.instructor),
          image: coverImage(item.subject, item.kind),
          description: item.description,
          modules: item.modules,
          position: index + 1,
        }),
      ),
    );

    await tx.insert(schema.banners).values(seedBanners.map((b, i) => ({ ...b, position: i + 1 })));
    await tx
      .insert(schema.testimonials)
      .values(seedTestimonials.map((t, i) => buildTestimonial({ ...t, avatar: avatarImage(t.name), position: i + 1 })));
    await tx
      .insert(schema.toppers)
      .values(seedToppers.map((t, i) => buildTopper({ ...t, imageUrl: avatarImage(t.name), position: i + 1 })));
    await tx.insert(schema.subjectServices).values(
      seedSubjectServices.map((s, i) => ({
        ...s,
        image: coverImage(s.subject, "course"),
        position: i + 1,
      })),
    );
    await tx.insert(schema.courseHighlights).values(seedCourseHighlight);
    await tx.insert(schema.appMeta).values({ key: SEED_KEY, value: SEED_VERSION });
    return { seeded: true };
  });
}
