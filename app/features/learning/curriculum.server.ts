/** The curriculum a course page shows to everyone: titles and lengths only, no video link. */
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { courseModules, lessons } from "~/db/schema";
import type { CurriculumModule } from "./curriculum";

/** The course's modules in order, each with its lessons in order; modules without lessons are left out, as in the player. */
export async function getCurriculum(db: DbOrTx, productId: number): Promise<CurriculumModule[]> {
  const rows = await db
    .select({
      moduleId: courseModules.id,
      moduleTitle: courseModules.title,
      id: lessons.id,
      title: lessons.title,
      durationSeconds: lessons.durationSeconds,
    })
    .from(courseModules)
    .innerJoin(lessons, eq(lessons.moduleId, courseModules.id))
    .where(eq(courseModules.productId, productId))
    .orderBy(asc(courseModules.position), asc(courseModules.id), asc(lessons.position), asc(lessons.id));
  const modules: CurriculumModule[] = [];
  let lastId: number | null = null;
  for (const row of rows) {
    if (row.moduleId !== lastId) {
      modules.push({ id: row.moduleId, title: row.moduleTitle, lessons: [] });
      lastId = row.moduleId;
    }
    modules.at(-1)?.lessons.push({ id: row.id, title: row.title, durationSeconds: row.durationSeconds });
  }
  return modules;
}
