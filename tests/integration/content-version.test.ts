/**
 * The page cache (ADR 0008) is emptied by the content version the database bumps on every write to
 * what a shared page shows. A course page shows its outline and a test page its questions and marks:
 * writes to those tables bump it too (migration 0027), or a cached page would keep the old outline.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readContentVersion } from "~/db/content-version.server";
import * as schema from "~/db/schema";
import { getDbHandle, getTestDb } from "../helpers/db";
import { createProduct } from "../helpers/factories";

async function version() {
  const { db } = await getTestDb();
  // The test database starts from truncated tables: put back the row migration 0001 creates.
  await db.insert(schema.appMeta).values({ key: "content_version", value: "1" }).onConflictDoNothing();
  return readContentVersion(await getDbHandle());
}

describe("the content version follows what shared pages show", () => {
  it("moves on a write to a course's modules and lessons, a test and its questions", async () => {
    const { db } = await getTestDb();
    const course = await createProduct({ kind: "course" });
    const writes: [string, () => Promise<unknown>][] = [
      [
        "course_modules",
        () => db.insert(schema.courseModules).values({ productId: course.id, title: "Partnership", position: 1 }),
      ],
      [
        "lessons",
        async () => {
          const [m] = await db.select().from(schema.courseModules).where(eq(schema.courseModules.productId, course.id));
          return db.insert(schema.lessons).values({ moduleId: m!.id, productId: course.id, title: "Goodwill" });
        },
      ],
      ["lessons (a new length)", () => db.update(schema.lessons).set({ durationSeconds: 600 })],
      ["practice_tests", () => db.execute(sql`update practice_tests set time_limit_minutes = time_limit_minutes`)],
      ["practice_test_questions", () => db.execute(sql`delete from practice_test_questions where false`)],
      ["practice_questions", () => db.execute(sql`update practice_questions set marks = marks where false`)],
    ];
    for (const [table, write] of writes) {
      const before = await version();
      await write();
      expect(await version(), table).not.toBe(before);
    }
  });
});
