/** The curriculum a course page shows to everyone: titles, lengths and which lessons are free previews, no video link. */
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { courseModules, lessons, practiceTests, products } from "~/db/schema";
import { previewOpenSql } from "~/features/video/playback.server";
import type { CurriculumModule } from "./curriculum";

/** The course's modules in order, each with its lessons in order; modules without lessons are left out, as in the player. */
export async function getCurriculum(db: DbOrTx, productId: number): Promise<CurriculumModule[]> {
  const rows = await db
    .select({
      moduleId: courseModules.id,
      moduleTitle: courseModules.title,
      id: lessons.id,
      title: lessons.title,
      // A test lesson lasts its test's time limit.
      durationSeconds: sql<
        number | null
      >`coalesce(${lessons.durationSeconds}, ${practiceTests.timeLimitMinutes} * 60)`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      test: sql<boolean>`${lessons.testProductId} is not null`.mapWith(Boolean),
      preview: previewOpenSql().mapWith(Boolean),
    })
    .from(courseModules)
    .innerJoin(lessons, eq(lessons.moduleId, courseModules.id))
    .leftJoin(practiceTests, eq(practiceTests.productId, lessons.testProductId))
    .innerJoin(products, eq(products.id, courseModules.productId))
    .where(eq(courseModules.productId, productId))
    .orderBy(asc(courseModules.position), asc(courseModules.id), asc(lessons.position), asc(lessons.id));
  const modules: CurriculumModule[] = [];
  let lastId: number | null = null;
  for (const row of rows) {
    if (row.moduleId !== lastId) {
      modules.push({ id: row.moduleId, title: row.moduleTitle, lessons: [] });
      lastId = row.moduleId;
    }
    modules.at(-1)?.lessons.push({
      id: row.id,
      title: row.title,
      durationSeconds: row.durationSeconds,
      test: row.test,
      ...(row.preview ? { preview: true } : {}),
    });
  }
  return modules;
}
