/**
 * Doubts (issue 36): a student who owns a course asks a question under one of its lessons, or under a
 * practice question of a test they took (text and an optional photo); the teacher answers from the
 * admin queue (/admin/doubts) and the student is emailed. The course's other students see answered,
 * non-hidden doubts with the asker's first name only, and search them; the asker also sees their own
 * open ones. A student asks at most DOUBTS_PER_DAY a day (India's day). Admins answer, hide and unhide.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { cachedRead, READ_MAX_AGE_MS, tablesRead } from "~/db/read-cache.server";
import { doubts, lessons, practiceAttempts, practiceQuestions, products, users } from "~/db/schema";
import { hasAccess } from "~/features/learning/access.server";
import { mayTakeTest } from "~/features/practice/access.server";
import { istParts } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/errors";
import { FORM_MAX_BYTES, type FormLimits } from "~/lib/form.server";
import { log } from "~/lib/log.server";
import { recordEvent } from "~/platform/audit/audit.server";
import { sendEmail } from "~/platform/email/email.server";
import { getFileStorage } from "~/platform/files/storage.server";
import { storeUpload, UPLOAD_LIMITS } from "~/platform/files/upload.server";
import { containsPattern } from "~/platform/search/text-search.server";
import type { AdminDoubtFilters } from "./schema";

export const DOUBTS_PER_DAY = 5;
export const DOUBT_LIMIT_REACHED = `You have asked ${DOUBTS_PER_DAY} doubts today, the most for one day. You can ask again tomorrow.`;
export const NOT_YOUR_COURSE = "Only students who own this course can ask or read its doubts.";
export const NOT_YOUR_TEST = "Only students who took this test can ask about its questions.";
export const DOUBT_NOT_FOUND = "Doubt not found.";
export const ADMIN_DOUBTS_PAGE_SIZE = 20;
/** The most doubts listed under one lesson (newest first); a search finds older ones. */
export const LESSON_DOUBTS_SHOWN = 30;

export interface Viewer {
  id: string;
  role: string;
}

/** Midnight in India (UTC+05:30) of the day `now` falls in, as an instant. */
export function startOfIstDay(now: Date): Date {
  const p = istParts(now);
  return new Date(Date.UTC(p.year, p.month - 1, p.day) - 5.5 * 60 * 60 * 1000);
}

/** Words of a search (at most 6, each at least 2 characters). */
export function searchWords(q: string | undefined): string[] {
  return (q ?? "")
    .split(/\s+/)
    .map((w) => w.trim())
    .filter((w) => Array.from(w).length >= 2)
    .slice(0, 6);
}

/** Every word in the doubt or its answer (contains, case-insensitive; by the trigram indexes). */
function matchesWords(words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(
    ...words.map((w) => or(ilike(doubts.body, containsPattern(w)), ilike(doubts.answer, containsPattern(w)))!),
  );
}

/** The asker's first name (never the email or the rest of the name). */
const firstName = sql<string>`split_part(btrim(${users.name}), ' ', 1)`;

/** The lesson when it is a lesson of this course, else a 404. */
async function lessonOf(db: DbOrTx, productId: number, lessonId: number) {
  const [lesson] = await db
    .select({ id: lessons.id, title: lessons.title })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.productId, productId)));
  if (!lesson) throw new HttpError(404, "Lesson not found.");
  return lesson;
}

/**
 * The test of a submitted attempt of this user whose paper held this question (or its case-based
 * set): the result page they ask from. Null when there is none.
 */
async function attemptTest(db: DbOrTx, userId: string, attemptId: number, questionId: number) {
  const [row] = await db
    .select({ productId: practiceAttempts.productId })
    .from(practiceAttempts)
    .innerJoin(practiceQuestions, eq(practiceQuestions.id, questionId))
    .where(
      and(
        eq(practiceAttempts.id, attemptId),
        eq(practiceAttempts.userId, userId),
        isNotNull(practiceAttempts.submittedAt),
        sql`${practiceAttempts.questionIds} @> to_jsonb(coalesce(${practiceQuestions.parentId}, ${practiceQuestions.id}))`,
      ),
    )
    .limit(1);
  return row?.productId ?? null;
}

/** Where a doubt is asked: a lesson of a course, or a question of a submitted attempt of a test. */
export type DoubtPlace = { productId: number; lessonId: number } | { attemptId: number; questionId: number };

export interface AskInput {
  place: DoubtPlace;
  body: string;
  /** The optional photo (an empty file input is no photo). */
  photo?: File | null;
}

function hasPhoto(photo: File | null | undefined): photo is File {
  return Boolean(photo && typeof photo === "object" && typeof photo.arrayBuffer === "function" && photo.size > 0);
}

/**
 * Asks a doubt: the student must own the course (the lesson's) or have taken the test (the
 * question's); at most DOUBTS_PER_DAY since midnight IST (429). The photo is checked by its bytes
 * (an image, at most 5 MB) and stored privately. Returns the doubt's id.
 */
export async function askDoubt(db: Db, user: Viewer, input: AskInput, now = new Date()): Promise<number> {
  const { place } = input;
  let productId: number;
  if ("lessonId" in place) {
    productId = place.productId;
    await lessonOf(db, productId, place.lessonId);
    if (!(await hasAccess(db, user.id, productId))) throw new HttpError(403, NOT_YOUR_COURSE);
  } else {
    const test = await attemptTest(db, user.id, place.attemptId, place.questionId);
    if (test === null || !(await mayTakeTest(db, user.id, test))) throw new HttpError(403, NOT_YOUR_TEST);
    productId = test;
  }
  const since = startOfIstDay(now);
  const countToday = async (tx: DbOrTx) =>
    (
      await tx
        .select({ n: count() })
        .from(doubts)
        .where(and(eq(doubts.userId, user.id), sql`${doubts.createdAt} >= ${since.toISOString()}`))
    )[0]?.n ?? 0;
  // Refused before the photo is stored; checked again under the lock below.
  if ((await countToday(db)) >= DOUBTS_PER_DAY) throw new HttpError(429, DOUBT_LIMIT_REACHED);
  const photoKey = hasPhoto(input.photo)
    ? await storeUpload(input.photo, "image", getFileStorage(), "doubts").catch((error: unknown) => {
        if (error instanceof HttpError) throw new HttpError(error.status, error.message, { field: "photo" });
        throw error;
      })
    : null;
  try {
    return await db.transaction(async (tx) => {
      // One student's doubts are counted and written one at a time: two at once cannot pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(3600037, hashtext(${user.id}))`);
      if ((await countToday(tx)) >= DOUBTS_PER_DAY) throw new HttpError(429, DOUBT_LIMIT_REACHED);
      const [row] = await tx
        .insert(doubts)
        .values({
          userId: user.id,
          productId,
          lessonId: "lessonId" in place ? place.lessonId : null,
          practiceQuestionId: "questionId" in place ? place.questionId : null,
          body: input.body,
          photoKey,
          createdAt: now,
        })
        .returning({ id: doubts.id });
      return row!.id;
    });
  } catch (error) {
    if (photoKey)
      await getFileStorage()
        .delete(photoKey)
        .catch(() => undefined);
    throw error;
  }
}

export interface StudentDoubt {
  id: number;
  body: string;
  hasPhoto: boolean;
  status: "open" | "answered";
  answer: string | null;
  answeredAt: Date | null;
  createdAt: Date;
  askedBy: string;
  mine: boolean;
  questionId: number | null;
}

const studentColumns = (viewerId: string) => ({
  id: doubts.id,
  body: doubts.body,
  hasPhoto: sql<boolean>`${doubts.photoKey} is not null`,
  status: doubts.status,
  answer: doubts.answer,
  answeredAt: doubts.answeredAt,
  createdAt: doubts.createdAt,
  askedBy: firstName,
  mine: sql<boolean>`${doubts.userId} = ${viewerId}`,
  questionId: doubts.practiceQuestionId,
});

/** What a student sees: answered, non-hidden doubts, and their own open ones (never a hidden one). */
function visibleTo(viewerId: string) {
  return and(isNull(doubts.hiddenAt), or(eq(doubts.status, "answered"), eq(doubts.userId, viewerId)));
}

/**
 * The doubts under a lesson, newest first, for a student the caller has checked owns the course
 * (the course player's loader): every word of `q` in the doubt or its answer, when given.
 */
export async function lessonDoubts(
  db: DbOrTx,
  viewer: Viewer,
  productId: number,
  lessonId: number,
  q?: string,
): Promise<StudentDoubt[]> {
  if (q) return readLessonDoubts(db, viewer, productId, lessonId, q);
  return cachedRead(
    db,
    `lesson-doubts:${viewer.id}:${productId}:${lessonId}`,
    LESSON_DOUBT_TABLES,
    READ_MAX_AGE_MS,
    () => readLessonDoubts(db, viewer, productId, lessonId),
    {
      keep: (list) => list.reduce((n, d) => n + d.body.length + (d.answer?.length ?? 0), 0) <= LESSON_DOUBTS_KEPT_CHARS,
    },
  );
}

/**
 * A lesson's doubts are kept in memory (db/read-cache.server.ts) while their texts are short: most
 * lessons have none or a few, and the player reads them on every visit. A longer list (up to
 * LESSON_DOUBTS_SHOWN texts) is read each time, so the memory's entries stay small: at most
 * MAX_ENTRIES × this many characters. A search is never kept.
 */
const LESSON_DOUBTS_KEPT_CHARS = 2_000;
const LESSON_DOUBT_TABLES = tablesRead(doubts, users);

async function readLessonDoubts(
  db: DbOrTx,
  viewer: Viewer,
  productId: number,
  lessonId: number,
  q?: string,
): Promise<StudentDoubt[]> {
  const rows = await db
    .select(studentColumns(viewer.id))
    .from(doubts)
    .innerJoin(users, eq(users.id, doubts.userId))
    .where(
      and(
        eq(doubts.lessonId, lessonId),
        eq(doubts.productId, productId),
        visibleTo(viewer.id),
        matchesWords(searchWords(q)),
      ),
    )
    .orderBy(desc(doubts.createdAt), desc(doubts.id))
    .limit(LESSON_DOUBTS_SHOWN);
  return rows.map((r) => ({ ...r, hasPhoto: Boolean(r.hasPhoto), mine: Boolean(r.mine) }));
}

/**
 * The count of today's doubts is kept in memory on the embedded database (db/read-cache.server.ts)
 * until a doubt is written ("today" ends with the clock: READ_MAX_AGE_MS).
 */
const DOUBT_TABLES = tablesRead(doubts);

/** The doubts under these practice questions of a test (the result page of an attempt the viewer may read). */
export async function questionDoubts(
  db: DbOrTx,
  viewer: Viewer,
  productId: number,
  questionIds: number[],
): Promise<StudentDoubt[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .select(studentColumns(viewer.id))
    .from(doubts)
    .innerJoin(users, eq(users.id, doubts.userId))
    .where(and(inArray(doubts.practiceQuestionId, questionIds), eq(doubts.productId, productId), visibleTo(viewer.id)))
    .orderBy(desc(doubts.createdAt), desc(doubts.id))
    .limit(200);
  return rows.map((r) => ({ ...r, hasPhoto: Boolean(r.hasPhoto), mine: Boolean(r.mine) }));
}

/** How many doubts the student may still ask today. */
export async function doubtsLeftToday(db: DbOrTx, userId: string, now = new Date()): Promise<number> {
  const since = startOfIstDay(now).toISOString();
  const [row] = await cachedRead(db, `doubts-today:${userId}:${since}`, DOUBT_TABLES, READ_MAX_AGE_MS, () =>
    db
      .select({ n: count() })
      .from(doubts)
      .where(and(eq(doubts.userId, userId), sql`${doubts.createdAt} >= ${since}`)),
  );
  return Math.max(0, DOUBTS_PER_DAY - (row?.n ?? 0));
}

/**
 * The photo of a doubt for this viewer: an admin, or a student of its course (the test's, for a
 * practice question) who may see the doubt (theirs, or answered and not hidden). 403 when they do
 * not own the course; 404 when there is no such photo or the doubt is not visible to them.
 */
export async function doubtPhoto(db: DbOrTx, viewer: Viewer, doubtId: number): Promise<string> {
  const [row] = await db.select().from(doubts).where(eq(doubts.id, doubtId));
  if (!row?.photoKey) throw new HttpError(404, "Photo not found.");
  if (viewer.role === "admin") return row.photoKey;
  const allowed = row.lessonId
    ? await hasAccess(db, viewer.id, row.productId)
    : await mayTakeTest(db, viewer.id, row.productId);
  if (!allowed) throw new HttpError(403, NOT_YOUR_COURSE);
  if (row.hiddenAt || (row.userId !== viewer.id && row.status !== "answered")) {
    throw new HttpError(404, "Photo not found.");
  }
  return row.photoKey;
}

/* ------------------------------------------------------------------ admin */

/** The latest submitted attempt of the asker whose paper held the doubt's question: where it was asked. */
const attemptOfQuestion = sql<number | null>`(
  select a.id from ${practiceAttempts} a
   where a.user_id = ${doubts.userId} and a.product_id = ${doubts.productId} and a.submitted_at is not null
     and a.question_ids @> to_jsonb(coalesce(${practiceQuestions.parentId}, ${practiceQuestions.id}))
   order by a.submitted_at desc limit 1)`;

/** The admin queue: unanswered first (oldest first), then answered (newest first); by course and status. */
export async function listDoubtQueue(db: DbOrTx, filters: AdminDoubtFilters) {
  const where = and(
    filters.product ? eq(doubts.productId, filters.product) : undefined,
    filters.status === "hidden"
      ? isNotNull(doubts.hiddenAt)
      : filters.status
        ? and(eq(doubts.status, filters.status), isNull(doubts.hiddenAt))
        : undefined,
  );
  const rows = await db
    .select({
      id: doubts.id,
      body: doubts.body,
      hasPhoto: sql<boolean>`${doubts.photoKey} is not null`,
      status: doubts.status,
      hiddenAt: doubts.hiddenAt,
      answer: doubts.answer,
      answeredAt: doubts.answeredAt,
      createdAt: doubts.createdAt,
      productId: doubts.productId,
      productTitle: products.title,
      lessonId: doubts.lessonId,
      lessonTitle: lessons.title,
      questionId: doubts.practiceQuestionId,
      questionPrompt: sql<string | null>`left(${practiceQuestions.prompt}, 160)`,
      attemptId: attemptOfQuestion,
      studentId: users.id,
      studentName: users.name,
    })
    .from(doubts)
    .innerJoin(users, eq(users.id, doubts.userId))
    .innerJoin(products, eq(products.id, doubts.productId))
    .leftJoin(lessons, eq(lessons.id, doubts.lessonId))
    .leftJoin(practiceQuestions, eq(practiceQuestions.id, doubts.practiceQuestionId))
    .where(where)
    .orderBy(
      sql`case when ${doubts.status} = 'open' then 0 else 1 end`,
      sql`case when ${doubts.status} = 'open' then ${doubts.createdAt} end asc`,
      desc(doubts.createdAt),
      asc(doubts.id),
    )
    .limit(ADMIN_DOUBTS_PAGE_SIZE + 1)
    .offset((filters.page - 1) * ADMIN_DOUBTS_PAGE_SIZE);
  return {
    rows: rows.slice(0, ADMIN_DOUBTS_PAGE_SIZE).map((r) => ({
      ...r,
      hasPhoto: Boolean(r.hasPhoto),
      attemptId: r.attemptId === null ? null : Number(r.attemptId),
    })),
    hasMore: rows.length > ADMIN_DOUBTS_PAGE_SIZE,
  };
}
export type AdminDoubtRow = Awaited<ReturnType<typeof listDoubtQueue>>["rows"][number];

/** The courses and tests with doubts, with how many are open, for the queue's filter. */
export async function listDoubtProducts(db: DbOrTx) {
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      open: sql<number>`count(*) filter (where ${doubts.status} = 'open' and ${doubts.hiddenAt} is null)`.mapWith(
        Number,
      ),
    })
    .from(doubts)
    .innerJoin(products, eq(products.id, doubts.productId))
    .groupBy(products.id, products.title)
    .orderBy(asc(products.title));
  return rows;
}

/** Open, non-hidden doubts: the queue's count (the admin's nav and notifications). */
export async function openDoubtCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(doubts)
    .where(and(eq(doubts.status, "open"), isNull(doubts.hiddenAt)));
  return row?.n ?? 0;
}

/** Where a student reads the doubt: its lesson, or the result of the attempt it was asked from. */
function doubtLink(
  row: { productId: number; lessonId: number | null; questionId: number | null },
  attempt: number | null,
) {
  const base = getEnv().APP_URL;
  if (row.lessonId) return new URL(`/my-courses/${row.productId}?lesson=${row.lessonId}#doubt-list`, base).toString();
  if (attempt) return new URL(`/my-courses/tests/${attempt}#rq-${row.questionId}`, base).toString();
  return new URL("/my-courses/tests", base).toString();
}

/**
 * Answers a doubt (or changes its answer). The first answer emails the asker (the outbox, and SMTP
 * when configured) with the answer and a link to where they asked. Audited.
 */
export async function answerDoubt(db: Db, adminId: string, doubtId: number, answer: string, now = new Date()) {
  const answered = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: doubts.status })
      .from(doubts)
      .where(eq(doubts.id, doubtId))
      .for("update");
    if (!before) throw new HttpError(404, DOUBT_NOT_FOUND);
    await tx
      .update(doubts)
      .set({ status: "answered", answer, answeredBy: adminId, answeredAt: now })
      .where(eq(doubts.id, doubtId));
    await recordEvent(tx, {
      actorId: adminId,
      type: "Doubt",
      description: before.status === "open" ? `Answered doubt #${doubtId}` : `Changed the answer to doubt #${doubtId}`,
      status: "Complete",
      entityType: "doubt",
      entityId: doubtId,
    });
    return before.status === "open";
  });
  if (answered) await emailAnswer(db, doubtId);
  return { first: answered };
}

async function emailAnswer(db: Db, doubtId: number) {
  const [row] = await db
    .select({
      email: users.email,
      name: firstName,
      body: doubts.body,
      answer: doubts.answer,
      productId: doubts.productId,
      productTitle: products.title,
      lessonId: doubts.lessonId,
      lessonTitle: lessons.title,
      questionId: doubts.practiceQuestionId,
      attemptId: attemptOfQuestion,
    })
    .from(doubts)
    .innerJoin(users, eq(users.id, doubts.userId))
    .innerJoin(products, eq(products.id, doubts.productId))
    .leftJoin(lessons, eq(lessons.id, doubts.lessonId))
    .leftJoin(practiceQuestions, eq(practiceQuestions.id, doubts.practiceQuestionId))
    .where(eq(doubts.id, doubtId));
  if (!row?.answer) return;
  const where = row.lessonTitle ? `${row.productTitle} · ${row.lessonTitle}` : `${row.productTitle} (practice test)`;
  const link = doubtLink(row, row.attemptId === null ? null : Number(row.attemptId));
  const text = [
    `Hello ${row.name},`,
    "",
    `Your doubt in ${where} has been answered.`,
    "",
    "You asked:",
    row.body,
    "",
    "Answer:",
    row.answer,
    "",
    `Read it where you asked: ${link}`,
  ].join("\n");
  try {
    await sendEmail(db, { to: row.email, subject: `Your doubt is answered: ${row.productTitle}`, text });
  } catch (err) {
    // The answer is saved and shown on the lesson; a failed outbox write must not undo it.
    log.warn({ err, doubtId }, "the doubt's answer email could not be written");
  }
}

/** Hides a doubt from every student (its asker too), or shows it again. Audited. */
export async function setDoubtHidden(db: Db, adminId: string, doubtId: number, hidden: boolean, now = new Date()) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(doubts)
      .set({ hiddenAt: hidden ? now : null })
      .where(eq(doubts.id, doubtId))
      .returning({ id: doubts.id });
    if (!row) throw new HttpError(404, DOUBT_NOT_FOUND);
    await recordEvent(tx, {
      actorId: adminId,
      type: "Doubt",
      description: `${hidden ? "Hid" : "Showed again"} doubt #${doubtId}`,
      status: "Complete",
      entityType: "doubt",
      entityId: doubtId,
    });
  });
}

/** The body limit of a form that may carry a doubt's photo: the image's limit and the text's (multipart only). */
export function doubtFormLimits(request: Request): FormLimits | undefined {
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  return multipart ? { maxBytes: UPLOAD_LIMITS.image + FORM_MAX_BYTES } : undefined;
}
