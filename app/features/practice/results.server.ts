/**
 * The results of practice tests: the explained result of one attempt (for its student or an admin),
 * the student's self-marks of written answers, their list of attempts and the latest result of a
 * course's test lesson.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { cachedRead, READ_MAX_AGE_MS, tablesRead } from "~/db/read-cache.server";
import { practiceAnswers, practiceAttempts, practiceChapters, practiceTests, products } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { renderMarkdown, renderMarkdownInline } from "~/lib/markdown";
import { NOT_FOUND, requireTestAccess, type Viewer, validId } from "./access.server";
import { type AnswerFile, listAnswerFiles } from "./answer-files.server";
import { type JournalTableLine, markJournal, savedJournalLines } from "./journal";
import { isWritten, wordLimitLabel } from "./labels";
import { type PaperPlace, placesOf } from "./layout";
import { lockAttempt, settleIfExpired } from "./marking.server";
import { type AnswerableRow, answerables, attemptTitle, paperOf } from "./paper.server";
import { percentOf } from "./scoring";

/** A question of a result: its Markdown texts as safe HTML (lib/markdown.ts), the answer and its marks. */
export interface ResultQuestion
  extends Pick<
      AnswerableRow,
      "id" | "type" | "correctOption" | "answerNumber" | "answerTolerance" | "marks" | "source"
    >,
    Pick<typeof practiceAnswers.$inferSelect, "choice" | "text" | "awardedCenti" | "correct"> {
  passageHtml: string | null;
  chapter: string;
  promptHtml: string;
  optionsHtml: string[];
  modelAnswerHtml: string | null;
  markingPointsHtml: string[];
  explanationHtml: string;
  wordLimit: string | null;
  /** Its place in a sectioned paper (layout.ts), and false when the student chose the other side of a choice. */
  place: PaperPlace | null;
  counted: boolean;
  /** Marked by the teacher (their marks are `awardedCenti`), with their comment. */
  teacherMarked: boolean;
  teacherComment: string | null;
  /** Photos or PDFs of a handwritten answer. */
  files: AnswerFile[];
  /** A journal entry: the expected lines (each with whether the student wrote it) and the student's lines, marked. */
  journal: { expected: JournalTableLine[]; given: JournalTableLine[] } | null;
}

export interface AttemptResult {
  attemptId: number;
  productId: number;
  title: string;
  studentName: string | null;
  ownAttempt: boolean;
  startedAt: Date;
  submittedAt: Date;
  autoSubmitted: boolean;
  secondsTaken: number;
  scoreCenti: number;
  maxMarks: number;
  percent: number;
  negativePercent: number;
  unmarkedWritten: number;
  questions: ResultQuestion[];
}

/**
 * The explained result of a submitted attempt, for its student or an admin (404 for anyone else).
 * An open attempt whose time ran out is submitted first; one still running is `{ open: true }`.
 */
export async function getResult(
  db: Db,
  viewer: Viewer,
  attemptId: number,
  now = new Date(),
): Promise<AttemptResult | { open: true }> {
  const load = async () =>
    validId(attemptId)
      ? (await db.select().from(practiceAttempts).where(eq(practiceAttempts.id, attemptId)))[0]
      : undefined;
  let attempt = await load();
  if (!attempt || (attempt.userId !== viewer.id && viewer.role !== "admin")) throw new HttpError(404, NOT_FOUND);
  // The answers and explanations are the test's content: a student who lost access no longer reads them.
  if (viewer.role !== "admin") await requireTestAccess(db, viewer.id, attempt.productId);
  if (!attempt.submittedAt) {
    if (!(await settleIfExpired(db, attemptId, now)).submitted) return { open: true };
    attempt = (await load())!;
  }
  const [meta] = await db
    .select({
      title: products.title,
      negativePercent: practiceTests.negativePercent,
      studentName: sql<string>`(select name from users where users.id = ${attempt.userId})`,
      chapter: sql<string | null>`(select title from ${practiceChapters} where id = ${attempt.chapterId})`,
    })
    .from(products)
    .leftJoin(practiceTests, eq(practiceTests.productId, products.id))
    .where(eq(products.id, attempt.productId));
  const paper = await paperOf(db, attempt.questionIds);
  const questions = answerables(paper);
  const [answers, chapters, files] = await Promise.all([
    db.select().from(practiceAnswers).where(eq(practiceAnswers.attemptId, attemptId)),
    db
      .select({ id: practiceChapters.id, title: practiceChapters.title })
      .from(practiceChapters)
      .where(
        inArray(
          practiceChapters.id,
          questions.map((q) => q.chapterId),
        ),
      ),
    listAnswerFiles(db, attemptId),
  ]);
  const submittedAt = attempt.submittedAt!;
  const passages = new Map<number, string>();
  const passageHtml = (parentId: number | null) => {
    if (parentId === null) return null;
    const source = paper.top.find((t) => t.id === parentId)?.prompt;
    if (source === undefined) return null;
    if (!passages.has(parentId)) passages.set(parentId, renderMarkdown(source));
    return passages.get(parentId)!;
  };
  const places = placesOf(attempt.layout, questions);
  const rows = questions.map((q) => {
    const a = answers.find((x) => x.questionId === q.id);
    return {
      id: q.id,
      passageHtml: passageHtml(q.parentId),
      chapter: chapters.find((c) => c.id === q.chapterId)?.title ?? "",
      type: q.type,
      promptHtml: renderMarkdown(q.prompt),
      optionsHtml: q.options.map(renderMarkdownInline),
      correctOption: q.correctOption,
      answerNumber: q.answerNumber,
      answerTolerance: q.answerTolerance,
      modelAnswerHtml: q.modelAnswer ? renderMarkdown(q.modelAnswer) : null,
      markingPointsHtml: q.markingPoints.map(renderMarkdownInline),
      wordLimit: wordLimitLabel(q.minWords, q.maxWords),
      place: places.get(q.id) ?? null,
      counted: a?.counted ?? true,
      teacherMarked: Boolean(a?.markedAt),
      teacherComment: a?.teacherComment ?? null,
      files: files.filter((f) => f.questionId === q.id),
      journal: q.type === "journal" ? journalResult(q, a?.text ?? null) : null,
      marks: q.marks,
      explanationHtml: q.explanation ? renderMarkdown(q.explanation) : "",
      source: q.source,
      choice: a?.choice ?? null,
      text: a?.text ?? null,
      awardedCenti: a?.awardedCenti ?? null,
      correct: a?.correct ?? null,
    };
  });
  const scoreCenti = attempt.scoreCenti ?? 0;
  return {
    attemptId,
    productId: attempt.productId,
    title: attemptTitle(meta?.title ?? "Practice test", meta?.chapter ?? null),
    studentName: attempt.userId === viewer.id ? null : (meta?.studentName ?? null),
    ownAttempt: attempt.userId === viewer.id,
    startedAt: attempt.startedAt,
    submittedAt,
    autoSubmitted: attempt.autoSubmitted,
    secondsTaken: Math.max(0, Math.round((submittedAt.getTime() - attempt.startedAt.getTime()) / 1000)),
    scoreCenti,
    maxMarks: attempt.maxMarks,
    percent: percentOf(scoreCenti, attempt.maxMarks),
    negativePercent: meta?.negativePercent ?? 0,
    unmarkedWritten: rows.filter((r) => r.counted && isWritten(r.type) && r.awardedCenti === null).length,
    questions: rows,
  };
}

/** The entry and the student's lines, each marked right or not (journal.ts). */
function journalResult(q: AnswerableRow, text: string | null) {
  const marking = markJournal(q, text);
  return {
    expected: q.journalLines.map((l, i) => ({
      side: l.side,
      // The board's name; the others accepted (journal.ts) are how a student may also have written it.
      account: l.accounts[0]!,
      amount: l.amount,
      right: marking.expected[i],
    })),
    given: savedJournalLines(text).map((l, i) => ({ ...l, right: marking.given[i] })),
  };
}

/** The student marks a written answer of their submitted attempt against its marking points (whole or half marks). */
export async function selfMark(db: Db, userId: string, attemptId: number, questionId: number, marks: number) {
  await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (!attempt || attempt.userId !== userId) throw new HttpError(404, NOT_FOUND);
    await requireTestAccess(tx, userId, attempt.productId);
    if (!attempt.submittedAt) throw new HttpError(409, "Submit the test before marking your answers.");
    const question = answerables(await paperOf(tx, attempt.questionIds)).find((q) => q.id === questionId);
    if (!question || !isWritten(question.type)) throw new HttpError(400, "Only written answers are marked by you.");
    const [saved] = await tx
      .select({ counted: practiceAnswers.counted, markedAt: practiceAnswers.markedAt })
      .from(practiceAnswers)
      .where(and(eq(practiceAnswers.attemptId, attemptId), eq(practiceAnswers.questionId, questionId)));
    if (saved && !saved.counted) {
      throw new HttpError(400, "This answer does not count: you chose the other side of the choice.", {
        field: "marks",
      });
    }
    if (saved?.markedAt) {
      throw new HttpError(409, "Your teacher has marked this answer: their marks count.", { field: "marks" });
    }
    if (!Number.isInteger(marks * 2) || marks < 0 || marks > question.marks) {
      throw new HttpError(400, `Give between 0 and ${question.marks} marks, in whole or half marks.`, {
        field: "marks",
      });
    }
    // Hundredths of a mark: a half is 50.
    const awardedCenti = Math.round(marks * 100);
    await tx
      .insert(practiceAnswers)
      .values({ attemptId, questionId, awardedCenti })
      .onConflictDoUpdate({
        target: [practiceAnswers.attemptId, practiceAnswers.questionId],
        set: { awardedCenti },
      });
    const [sum] = await tx
      .select({ total: sql<number>`coalesce(sum(${practiceAnswers.awardedCenti}), 0)`.mapWith(Number) })
      .from(practiceAnswers)
      .where(and(eq(practiceAnswers.attemptId, attemptId), eq(practiceAnswers.counted, true)));
    await tx
      .update(practiceAttempts)
      .set({ scoreCenti: sum?.total ?? 0 })
      .where(eq(practiceAttempts.id, attemptId));
  });
}

export interface AttemptSummary {
  id: number;
  productId: number;
  title: string;
  startedAt: Date;
  submittedAt: Date | null;
  scoreCenti: number | null;
  maxMarks: number;
}

const ATTEMPT_LIST_TABLES = tablesRead(practiceAttempts, products, practiceChapters);

/**
 * The student's attempts, newest first (My Tests); kept in memory on the embedded database until
 * one of its tables is written (an attempt started, saved as submitted or marked; a title changed).
 */
export async function listAttempts(db: DbOrTx, userId: string, limit = 50): Promise<AttemptSummary[]> {
  return cachedRead(db, `attempts:${userId}:${limit}`, ATTEMPT_LIST_TABLES, READ_MAX_AGE_MS, () =>
    loadAttempts(db, userId, limit),
  );
}

async function loadAttempts(db: DbOrTx, userId: string, limit: number): Promise<AttemptSummary[]> {
  const rows = await db
    .select({
      id: practiceAttempts.id,
      productId: practiceAttempts.productId,
      title: products.title,
      chapter: practiceChapters.title,
      startedAt: practiceAttempts.startedAt,
      submittedAt: practiceAttempts.submittedAt,
      scoreCenti: practiceAttempts.scoreCenti,
      maxMarks: practiceAttempts.maxMarks,
    })
    .from(practiceAttempts)
    .innerJoin(products, eq(products.id, practiceAttempts.productId))
    .leftJoin(practiceChapters, eq(practiceChapters.id, practiceAttempts.chapterId))
    .where(eq(practiceAttempts.userId, userId))
    .orderBy(desc(practiceAttempts.startedAt), desc(practiceAttempts.id))
    .limit(limit);
  return rows.map(({ chapter, ...r }) => ({ ...r, title: attemptTitle(r.title, chapter) }));
}

/** A course lesson of type test, as the player shows it to this student. */
export interface TestLesson {
  productId: number;
  title: string;
  openAttemptId: number | null;
  /** Their latest submitted attempt of the whole paper. */
  last: { attemptId: number; scoreCenti: number; maxMarks: number; percent: number } | null;
}

/** The test a lesson opens, with this student's open attempt and latest result (one query). */
export async function testLessonState(db: DbOrTx, userId: string, testProductId: number): Promise<TestLesson | null> {
  const mine = and(
    eq(practiceAttempts.userId, userId),
    eq(practiceAttempts.productId, products.id),
    isNull(practiceAttempts.chapterId),
  );
  const [row] = await db
    .select({
      productId: products.id,
      title: products.title,
      openAttemptId: sql<
        number | null
      >`(select ${practiceAttempts.id} from ${practiceAttempts} where ${mine} and ${practiceAttempts.submittedAt} is null limit 1)`,
      last: sql<
        [number, number, number] | null
      >`(select json_build_array(${practiceAttempts.id}, ${practiceAttempts.scoreCenti}, ${practiceAttempts.maxMarks}) from ${practiceAttempts} where ${mine} and ${practiceAttempts.submittedAt} is not null order by ${practiceAttempts.submittedAt} desc, ${practiceAttempts.id} desc limit 1)`,
    })
    .from(products)
    .where(eq(products.id, testProductId));
  if (!row) return null;
  const last = typeof row.last === "string" ? (JSON.parse(row.last) as [number, number, number]) : row.last;
  return {
    productId: row.productId,
    title: row.title,
    openAttemptId: row.openAttemptId === null ? null : Number(row.openAttemptId),
    last: last
      ? { attemptId: last[0], scoreCenti: last[1], maxMarks: last[2], percent: percentOf(last[1], last[2]) }
      : null,
  };
}
