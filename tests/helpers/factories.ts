/** Test data factories on top of the seed's row builders. */
import { randomUUID } from "node:crypto";
import { like } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { buildProduct } from "~/db/seed/factories";

export async function createUser(overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  const db = await getDb();
  const id = overrides.id ?? randomUUID();
  const [user] = await db
    .insert(schema.users)
    // A buyer in Maharashtra (27): inter-state from the seeded Rajasthan seller. `stateCode: null` = not asked yet.
    .values({ id, name: "Test Student", email: `student-${id.slice(0, 8)}@example.com`, stateCode: "27", ...overrides })
    .returning();
  return user!;
}

export async function createProduct(overrides: Partial<typeof schema.products.$inferInsert> = {}) {
  const db = await getDb();
  const [instructor] = await db.select().from(schema.instructors).limit(1);
  const instructorId =
    overrides.instructorId ??
    instructor?.id ??
    (await db.insert(schema.instructors).values({ name: "Test Instructor" }).returning())[0]!.id;
  const [product] = await db
    .insert(schema.products)
    .values(buildProduct({ ...overrides, instructorId }))
    .returning();
  return product!;
}

/**
 * Removes the seed's sample reviewers (and, by cascade, their reviews) for a test that counts the
 * users an install has, so it starts from the accounts it creates itself.
 */
export async function removeSampleReviewers() {
  const db = await getDb();
  await db.delete(schema.users).where(like(schema.users.id, "seed-student-%"));
}
