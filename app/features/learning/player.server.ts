/**
 * The course player: outline, current lesson, per-lesson completion and the
 * resume point. Every function checks access itself, so a route cannot forget.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cachedRead, READ_MAX_AGE_MS, tablesRead } from "~/db/read-cache.server";
import { courseModules, courseProgress, lessonCompletions, lessons } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { getAccessibleProduct } from "./access.server";
import { coursePercent } from "./progress";

export interface PlayerLesson {
  id: number;
  title: string;
  /** A video, or a practice test (issue 23) taken from the lesson. */
  kind: "video" | "test";
  completed: boolean;
}

export interface CoursePlayer {
  course: {
    id: number;
    title: string;
    subject: string;
    classLevel: string;
    instructor: string;
    description: string;
    /** "What you'll learn" topics. */
    topics: string[];
    archived: boolean;
  };
  outline: { id: number; title: string; lessons: PlayerLesson[] }[];
  current: {
    id: number;
    title: string;
    moduleTitle: string;
    /** A video lesson's embed; null for a test lesson. */
    videoUrl: string | null;
    /** A test lesson's practice test; null for a video lesson. */
    testProductId: number | null;
    completed: boolean;
  } | null;
  previousLessonId: number | null;
  nextLessonId: number | null;
  progress: { completed: number; total: number; percent: number };
}

/**
 * What the player reads, kept in memory on the embedded database (db/read-cache.server.ts) until
 * one of these tables is written: a student opening lesson after lesson reads the outline once.
 * The read-only rows are shared: nothing here changes them.
 */
const OUTLINE_TABLES = tablesRead(courseModules, lessons, lessonCompletions);
const RESUME_TABLES = tablesRead(courseProgress);

function loadOutline(db: Db, userId: string, productId: number) {
  return cachedRead(db, `outline:${userId}:${productId}`, OUTLINE_TABLES, READ_MAX_AGE_MS, () =>
    db
      .select({
        moduleId: courseModules.id,
        moduleTitle: courseModules.title,
        lessonId: lessons.id,
        lessonTitle: lessons.title,
        videoUrl: lessons.videoUrl,
        testProductId: lessons.testProductId,
        completedAt: lessonCompletions.completedAt,
      })
      .from(courseModules)
      .innerJoin(lessons, eq(lessons.moduleId, courseModules.id))
      .leftJoin(
        lessonCompletions,
        and(eq(lessonCompletions.lessonId, lessons.id), eq(lessonCompletions.userId, userId)),
      )
      .where(eq(courseModules.productId, productId))
      .orderBy(asc(courseModules.position), asc(courseModules.id), asc(lessons.position), asc(lessons.id)),
  );
}

/** The lesson the student was last on in this course (the resume point), if any. */
async function resumePoint(db: Db, userId: string, productId: number): Promise<number | undefined> {
  const [row] = await cachedRead(db, `resume:${userId}:${productId}`, RESUME_TABLES, READ_MAX_AGE_MS, () =>
    db
      .select({ lastLessonId: courseProgress.lastLessonId })
      .from(courseProgress)
      .where(and(eq(courseProgress.userId, userId), eq(courseProgress.productId, productId))),
  );
  return row?.lastLessonId ?? undefined;
}

/**
 * The player for a course the user may open, at `lessonId` or else where they
 * left off (else the first lesson); null when the course is not theirs, not a
 * course, a draft, unknown, or the lesson is not in it. Viewing a lesson
 * records it as the resume point.
 */
export async function getCoursePlayer(
  db: Db,
  userId: string,
  productId: number,
  lessonId?: number,
): Promise<CoursePlayer | null> {
  const course = await getAccessibleProduct(db, userId, productId, ["course"]);
  if (!course) return null;
  const rows = await loadOutline(db, userId, productId);

  let currentIndex = -1;
  if (lessonId !== undefined) {
    currentIndex = rows.findIndex((r) => r.lessonId === lessonId);
    if (currentIndex < 0) return null;
  } else if (rows.length) {
    const resume = await resumePoint(db, userId, productId);
    // Where they left off; else the first lesson not yet completed; else the first.
    currentIndex = rows.findIndex((r) => r.lessonId === resume);
    if (currentIndex < 0)
      currentIndex = Math.max(
        0,
        rows.findIndex((r) => r.completedAt === null),
      );
  }

  const outline: CoursePlayer["outline"] = [];
  for (const r of rows) {
    let mod = outline.at(-1);
    if (!mod || mod.id !== r.moduleId) {
      mod = { id: r.moduleId, title: r.moduleTitle, lessons: [] };
      outline.push(mod);
    }
    mod.lessons.push({
      id: r.lessonId,
      title: r.lessonTitle,
      kind: r.testProductId === null ? "video" : "test",
      completed: r.completedAt !== null,
    });
  }
  const completed = rows.filter((r) => r.completedAt !== null).length;
  const cur = rows[currentIndex];
  // Written only when it moves: a lesson opened again (a reload, Back) writes nothing, so the kept
  // resume points and the table's readers are not thrown away for it.
  if (cur && lessonId !== undefined && (await resumePoint(db, userId, productId)) !== cur.lessonId)
    await recordLastLesson(db, userId, productId, cur.lessonId);

  return {
    course: {
      id: course.id,
      title: course.title,
      subject: course.subject,
      classLevel: course.classLevel,
      instructor: course.instructor,
      description: course.description,
      topics: course.modules,
      archived: course.status === "archived",
    },
    outline,
    current: cur
      ? {
          id: cur.lessonId,
          title: cur.lessonTitle,
          moduleTitle: cur.moduleTitle,
          videoUrl: cur.videoUrl,
          testProductId: cur.testProductId,
          completed: cur.completedAt !== null,
        }
      : null,
    previousLessonId: currentIndex > 0 ? (rows[currentIndex - 1]?.lessonId ?? null) : null,
    nextLessonId: cur ? (rows[currentIndex + 1]?.lessonId ?? null) : null,
    progress: { completed, total: rows.length, percent: coursePercent(completed, rows.length) },
  };
}

async function recordLastLesson(db: Db, userId: string, productId: number, lessonId: number) {
  await db
    .insert(courseProgress)
    .values({ userId, productId, lastLessonId: lessonId })
    .onConflictDoUpdate({
      target: [courseProgress.userId, courseProgress.productId],
      set: { lastLessonId: lessonId, updatedAt: new Date() },
    });
}

const LESSON_NOT_FOUND = "This lesson is not part of a course you can open.";

/**
 * Marks a lesson of an accessible course complete (or not complete again) and
 * makes it the resume point; returns the lesson after it. A 404 HttpError when the
 * user may not open the course or the lesson is not part of it (the same answer, so
 * a stranger learns nothing about the course).
 */
export async function setLessonCompleted(
  db: Db,
  userId: string,
  productId: number,
  lessonId: number,
  completed: boolean,
): Promise<{ nextLessonId: number | null }> {
  const course = await getAccessibleProduct(db, userId, productId, ["course"]);
  if (!course) throw new HttpError(404, LESSON_NOT_FOUND);
  const ordered = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.productId, productId))
    .orderBy(asc(courseModules.position), asc(courseModules.id), asc(lessons.position), asc(lessons.id));
  const index = ordered.findIndex((l) => l.id === lessonId);
  if (index < 0) throw new HttpError(404, LESSON_NOT_FOUND);

  await db.transaction(async (tx) => {
    if (completed) {
      await tx.insert(lessonCompletions).values({ userId, lessonId, productId }).onConflictDoNothing();
    } else {
      await tx
        .delete(lessonCompletions)
        .where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.lessonId, lessonId)));
    }
    await tx
      .insert(courseProgress)
      .values({ userId, productId, lastLessonId: lessonId })
      .onConflictDoUpdate({
        target: [courseProgress.userId, courseProgress.productId],
        set: { lastLessonId: lessonId, updatedAt: new Date() },
      });
  });
  return { nextLessonId: ordered[index + 1]?.id ?? null };
}
