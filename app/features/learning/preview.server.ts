/**
 * Free preview lessons (issue 36): the lessons of a published course its owner marked Preview, which
 * anyone (signed in or not) watches at /courses/:id/preview/:lessonId with the course player's
 * protected video. Which lessons are open is one rule, `previewOpenSql` (features/video), shared with
 * the video endpoints that hand out their key.
 */
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { courseModules, instructors, lessons, products } from "~/db/schema";
import { previewOpenSql } from "~/features/video/playback.server";

export interface PreviewLesson {
  course: { id: number; title: string; instructor: string };
  lesson: {
    id: number;
    title: string;
    moduleTitle: string;
    /** The lesson's embed, played when it has no hosted video. */
    videoUrl: string | null;
  };
  /** Every preview lesson of the course, in course order (this one included). */
  previews: { id: number; title: string }[];
}

/** The preview lesson `lessonId` of course `productId`, or null when it is not one (the page's 404). */
export async function getPreviewLesson(db: DbOrTx, productId: number, lessonId: number): Promise<PreviewLesson | null> {
  const [row] = await db
    .select({
      courseTitle: products.title,
      instructor: instructors.name,
      lessonTitle: lessons.title,
      moduleTitle: courseModules.title,
      videoUrl: lessons.videoUrl,
    })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(products, eq(products.id, lessons.productId))
    .innerJoin(instructors, eq(instructors.id, products.instructorId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.productId, productId), previewOpenSql()));
  if (!row) return null;
  const previews = await db
    .select({ id: lessons.id, title: lessons.title })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(products, eq(products.id, lessons.productId))
    .where(and(eq(lessons.productId, productId), previewOpenSql()))
    .orderBy(asc(courseModules.position), asc(courseModules.id), asc(lessons.position), asc(lessons.id));
  return {
    course: { id: productId, title: row.courseTitle, instructor: row.instructor },
    lesson: { id: lessonId, title: row.lessonTitle, moduleTitle: row.moduleTitle, videoUrl: row.videoUrl },
    previews,
  };
}
