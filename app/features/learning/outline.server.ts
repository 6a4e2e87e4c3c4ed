/**
 * The course outline editor: modules and their lessons, each a video (links normalised to embeds) or a
 * practice test (issue 23). Audited.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { courseModules, lessons, practiceTests, products } from "~/db/schema";
import { normaliseVideoUrl, VIDEO_URL_ERROR } from "~/features/learning/video-url";
import { HttpError } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";

export async function getOutline(db: DbOrTx, productId: number) {
  const [mods, les] = await Promise.all([
    db
      .select()
      .from(courseModules)
      .where(eq(courseModules.productId, productId))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db.select().from(lessons).where(eq(lessons.productId, productId)).orderBy(asc(lessons.position), asc(lessons.id)),
  ]);
  return mods.map((m) => ({ ...m, lessons: les.filter((l) => l.moduleId === m.id) }));
}

/** The publish rule (catalog/publishing.server.ts) also holds after a removal: a live course keeps a lesson. */
export const LAST_LESSON_MESSAGE =
  "A published course keeps at least one lesson. Set it to Draft before removing its last lesson.";

async function keepALessonIfPublished(tx: DbOrTx, productId: number) {
  const [p] = await tx.select({ status: products.status }).from(products).where(eq(products.id, productId));
  if (p?.status === "published" && (await tx.$count(lessons, eq(lessons.productId, productId))) === 0) {
    throw new HttpError(400, LAST_LESSON_MESSAGE);
  }
}

async function courseTitle(tx: DbOrTx, productId: number) {
  const [p] = await tx
    .select({ title: products.title, kind: products.kind })
    .from(products)
    .where(eq(products.id, productId));
  if (!p) throw new HttpError(404, "Item not found.");
  if (p.kind !== "course") throw new HttpError(400, "Only courses have modules and lessons.");
  return p.title;
}

export async function addModule(db: Db, actorId: string, productId: number, rawTitle: string) {
  const title = rawTitle.trim();
  if (!title) throw new HttpError(400, "Enter the module title.", { field: "moduleTitle" });
  return db.transaction(async (tx) => {
    const course = await courseTitle(tx, productId);
    const [pos] = await tx
      .select({ p: sql<number>`coalesce(max(${courseModules.position}), 0)::int` })
      .from(courseModules)
      .where(eq(courseModules.productId, productId));
    const [row] = await tx
      .insert(courseModules)
      .values({ productId, title, position: Number(pos?.p ?? 0) + 1 })
      .returning();
    await recordEvent(tx, {
      actorId,
      type: "Course Update",
      description: `Module "${title}" added to "${course}"`,
      status: "Success",
      entityType: "product",
      entityId: productId,
    });
    return row!;
  });
}

/**
 * What a lesson shows: a video (its link as typed; empty for a lesson that plays only its uploaded
 * video) or a practice test (its product id).
 */
export type LessonContent = { type: "video"; videoUrl: string } | { type: "test"; testProductId: number | null };

export const CHOOSE_TEST = "Choose a practice test.";

/** The tests a lesson may open (every test, drafts too: a test sold only inside a course stays a draft). */
export async function listLessonTests(db: DbOrTx) {
  return db
    .select({ id: products.id, title: products.title, status: products.status })
    .from(products)
    .innerJoin(practiceTests, eq(practiceTests.productId, products.id))
    .where(eq(products.kind, "test"))
    .orderBy(asc(products.title), asc(products.id));
}

/** A lesson's title and content, checked the same way for a new or an edited lesson. */
async function lessonFields(tx: DbOrTx, input: { title: string } & LessonContent) {
  const title = input.title.trim();
  if (!title) throw new HttpError(400, "Enter the lesson title.", { field: "lessonTitle" });
  if (input.type === "video") {
    // A lesson is valid with an uploaded video, an embed link or a test (issue 32): the link is
    // optional, and a lesson without one plays the video uploaded to it (features/video).
    const link = input.videoUrl.trim();
    if (!link) return { title, videoUrl: null, testProductId: null };
    const embed = normaliseVideoUrl(link);
    if (!embed) throw new HttpError(400, VIDEO_URL_ERROR, { field: "videoUrl" });
    return { title, videoUrl: embed, testProductId: null };
  }
  const [test] = input.testProductId
    ? await tx
        .select({ id: practiceTests.productId })
        .from(practiceTests)
        .where(eq(practiceTests.productId, input.testProductId))
    : [];
  if (!test) throw new HttpError(400, CHOOSE_TEST, { field: "testProductId" });
  return { title, videoUrl: null, testProductId: test.id };
}

export async function addLesson(
  db: Db,
  actorId: string,
  productId: number,
  input: { moduleId: number; title: string; isPreview?: boolean } & LessonContent,
) {
  return db.transaction(async (tx) => {
    const fields = await lessonFields(tx, input);
    // Only a video lesson can be a free preview.
    const isPreview = input.type === "video" && input.isPreview === true;
    const { title } = fields;
    const course = await courseTitle(tx, productId);
    const [mod] = await tx
      .select()
      .from(courseModules)
      .where(and(eq(courseModules.id, input.moduleId), eq(courseModules.productId, productId)));
    if (!mod) throw new HttpError(400, "Choose a module of this course.", { field: "moduleId" });
    const [pos] = await tx
      .select({ p: sql<number>`coalesce(max(${lessons.position}), 0)::int` })
      .from(lessons)
      .where(eq(lessons.moduleId, mod.id));
    const [row] = await tx
      .insert(lessons)
      .values({ moduleId: mod.id, productId, ...fields, isPreview, position: Number(pos?.p ?? 0) + 1 })
      .returning();
    await recordEvent(tx, {
      actorId,
      type: "Course Update",
      description: `Lesson "${title}" added to "${course}"${isPreview ? " as a free preview" : ""}`,
      status: "Success",
      entityType: "product",
      entityId: productId,
    });
    return row!;
  });
}

/**
 * Renames a lesson and/or changes its video link or its test, checked like a new lesson's, and marks
 * a video lesson a free preview or not (issue 36; a test lesson never is one). A lesson keeps its
 * type: the form of a video lesson sends a link, that of a test lesson a test. The audit entry says
 * when the lesson became a preview or stopped being one.
 */
export async function updateLesson(
  db: Db,
  actorId: string,
  productId: number,
  lessonId: number,
  input: { title: string; isPreview?: boolean } & LessonContent,
) {
  return db.transaction(async (tx) => {
    const course = await courseTitle(tx, productId);
    const [current] = await tx
      .select({ testProductId: lessons.testProductId, isPreview: lessons.isPreview })
      .from(lessons)
      .where(and(eq(lessons.id, lessonId), eq(lessons.productId, productId)))
      .for("update");
    if (!current) throw new HttpError(404, "Lesson not found.");
    if ((current.testProductId !== null) !== (input.type === "test")) {
      throw new HttpError(400, "A lesson keeps its type: remove it and add a new one instead.");
    }
    const fields = await lessonFields(tx, input);
    const { title } = fields;
    const isPreview = input.type === "video" && input.isPreview === true;
    const [row] = await tx
      .update(lessons)
      .set({ ...fields, isPreview })
      .where(and(eq(lessons.id, lessonId), eq(lessons.productId, productId)))
      .returning();
    if (!row) throw new HttpError(404, "Lesson not found.");
    await keepALessonIfPublished(tx, productId);
    await recordEvent(tx, {
      actorId,
      type: "Course Update",
      description: `Lesson "${title}" of "${course}" updated${
        isPreview === current.isPreview ? "" : isPreview ? " (now a free preview)" : " (no longer a free preview)"
      }`,
      status: "Success",
      entityType: "product",
      entityId: productId,
    });
    return row;
  });
}

export async function deleteLesson(db: Db, actorId: string, productId: number, lessonId: number) {
  await removeFromCourse(db, actorId, productId, "Lesson", async (tx) => {
    const [row] = await tx
      .delete(lessons)
      .where(and(eq(lessons.id, lessonId), eq(lessons.productId, productId)))
      .returning();
    return row;
  });
}

export async function deleteModule(db: Db, actorId: string, productId: number, moduleId: number) {
  await removeFromCourse(db, actorId, productId, "Module", async (tx) => {
    const [row] = await tx
      .delete(courseModules)
      .where(and(eq(courseModules.id, moduleId), eq(courseModules.productId, productId)))
      .returning();
    return row;
  });
}

/** Deletes one lesson or module of a course (`remove` answers the deleted row, or nothing when it
 * was not there: a 404), keeps a published course with a lesson, and records the removal. */
async function removeFromCourse(
  db: Db,
  actorId: string,
  productId: number,
  what: "Lesson" | "Module",
  remove: (tx: DbOrTx) => Promise<{ title: string } | undefined>,
) {
  return db.transaction(async (tx) => {
    const course = await courseTitle(tx, productId);
    const row = await remove(tx);
    if (!row) throw new HttpError(404, `${what} not found.`);
    await keepALessonIfPublished(tx, productId);
    await recordEvent(tx, {
      actorId,
      type: "Course Update",
      description: `${what} "${row.title}" removed from "${course}"`,
      status: "Complete",
      entityType: "product",
      entityId: productId,
    });
  });
}
