/**
 * Taking a practice test: starting an attempt (the paper dealt once, the deadline fixed by the
 * server), saving answers one by one, submitting (by the student, or at the deadline whatever the
 * browser says), the explained result and the student's chapter-wise strengths; a test taken from a
 * course's lesson of type test, and one chapter of a test practised on its own.
 *
 * Rules (tests: practice.integration.test.ts, course-lessons.integration.test.ts):
 * - the taking page's data never carries a correct option, model answer, marking point or explanation;
 * - an attempt is its student's: anyone else gets 404 (admins may read results);
 * - the server's clock decides: a save after the deadline (plus a few seconds of grace for a request
 *   in flight) is refused and the attempt is submitted as it stood;
 * - a submitted attempt's answers never change (only the self-marks of written answers are set).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  enrolments,
  lessonCompletions,
  lessons,
  practiceAnswers,
  practiceAttempts,
  practiceChapters,
  practiceQuestions,
  practiceTestQuestions,
  practiceTests,
  products,
  users,
} from "~/db/schema";
import type { SessionUser } from "~/features/accounts/guards.server";
import { getAccessibleProduct } from "~/features/learning/access.server";
import { HttpError } from "~/lib/errors";
import { MAX_ID } from "~/lib/id";
import { formatCount } from "~/lib/numbers";
import { isObjective, isWritten, type QuestionType } from "./labels";
import { MAX_WRITTEN_ANSWER } from "./limits";
import { markObjective, percentOf } from "./scoring";
import { getTestScope, questionInScope, type TestFacts } from "./tests.server";

/** A save or submit this soon after the deadline still counts (a request in flight as time ran out). */
export const DEADLINE_GRACE_MS = 5_000;
export { MAX_WRITTEN_ANSWER };

export const NOT_FOUND = "Attempt not found.";
export const SUBMITTED = "This attempt is submitted; its answers can no longer change.";
export const TIME_UP = "Time is up: the test was submitted with the answers saved until then.";
export const NO_ACCESS = "Buy this test to take it.";
export const ACCESS_ENDED = "You no longer have access to this test, so its answers and results are closed.";

type Viewer = Pick<SessionUser, "id" | "role">;

function validId(id: number) {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;
}

/* ------------------------------------------------------------------ the test */

export interface TestOverview {
  productId: number;
  title: string;
  subject: "accountancy" | "economics" | "business_studies" | "english";
  classLevel: "11" | "12" | "both";
  timeLimitMinutes: number;
  negativePercent: number;
  instructions: string;
  questionCount: number;
  /** The open attempt of the whole paper, or of the chapter's practice when one was asked for. */
  openAttemptId: number | null;
}

/**
 * The test this user may take, or a refusal: 404 for an unknown, draft or non-test id; 403 when it is
 * paid and not owned. Free published tests are open to any signed-in user; admins may take any test;
 * a test included in a course (a lesson of type test) is open to the course's owners, even when it is
 * not sold on its own (a draft). `chapterId` asks for the open attempt of that chapter's practice.
 */
export async function getTakeableTest(
  db: DbOrTx,
  user: Viewer,
  productId: number,
  chapterId: number | null = null,
): Promise<TestOverview> {
  if (!validId(productId)) throw new HttpError(404, "Test not found.");
  const [row] = await db
    .select({
      productId: products.id,
      title: products.title,
      subject: products.subject,
      classLevel: products.classLevel,
      status: products.status,
      timeLimitMinutes: practiceTests.timeLimitMinutes,
      negativePercent: practiceTests.negativePercent,
      instructions: practiceTests.instructions,
      rules: practiceTests.rules,
    })
    .from(products)
    .innerJoin(practiceTests, eq(practiceTests.productId, products.id))
    .where(and(eq(products.id, productId), eq(products.kind, "test")));
  if (!row) throw new HttpError(404, "Test not found.");
  if (user.role !== "admin") {
    const direct = row.status !== "draft" && (await getAccessibleProduct(db, user.id, productId, ["test"]));
    if (!direct && !(await inOwnedCourse(db, user.id, productId))) {
      throw row.status === "draft" ? new HttpError(404, "Test not found.") : new HttpError(403, NO_ACCESS);
    }
  }
  const chosen = await db.$count(practiceTestQuestions, eq(practiceTestQuestions.productId, productId));
  const [open] = await db
    .select({ id: practiceAttempts.id })
    .from(practiceAttempts)
    .where(
      and(
        eq(practiceAttempts.userId, user.id),
        eq(practiceAttempts.productId, productId),
        isNull(practiceAttempts.submittedAt),
        chapterId === null ? isNull(practiceAttempts.chapterId) : eq(practiceAttempts.chapterId, chapterId),
      ),
    );
  const { status: _s, rules, ...rest } = row;
  return {
    ...rest,
    questionCount: chosen + rules.reduce((n, r) => n + r.count, 0),
    openAttemptId: open?.id ?? null,
  };
}

/**
 * Whether this user may take the test, and so answer, submit or read the answers of an attempt of it:
 * an admin, or the test is free, owned, or opened by a lesson of an owned course. A refund or a
 * revoked enrolment ends it (closeAttemptsWithoutAccess closes what was open).
 */
export async function mayTakeTest(db: DbOrTx, userId: string, productId: number): Promise<boolean> {
  const [viewer] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (viewer?.role === "admin") return true;
  if (await getAccessibleProduct(db, userId, productId, ["test"])) return true;
  return inOwnedCourse(db, userId, productId);
}

/** Refuses (403) an attempt of a test this user may no longer take. */
async function requireTestAccess(db: DbOrTx, userId: string, productId: number) {
  if (!(await mayTakeTest(db, userId, productId))) throw new HttpError(403, ACCESS_ENDED);
}

/**
 * Closes (submits, as when time runs out) this user's open attempts of tests they may no longer take:
 * called in the transaction that revokes access (a refund, an admin's revocation), so no answer can be
 * saved or submitted after it, and the result stays closed to them.
 */
export async function closeAttemptsWithoutAccess(tx: DbOrTx, userId: string, now = new Date()) {
  const open = await tx
    .select()
    .from(practiceAttempts)
    .where(and(eq(practiceAttempts.userId, userId), isNull(practiceAttempts.submittedAt)))
    .for("update");
  let closed = 0;
  for (const attempt of open) {
    if (await mayTakeTest(tx, userId, attempt.productId)) continue;
    await finalize(tx, attempt, now, true);
    closed += 1;
  }
  return closed;
}

/** Whether the user owns a course (live enrolment, not a draft) with a lesson that opens this test. */
export async function inOwnedCourse(db: DbOrTx, userId: string, testProductId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(enrolments, and(eq(enrolments.productId, lessons.productId), eq(enrolments.userId, userId)))
    .innerJoin(products, eq(products.id, lessons.productId))
    .where(and(eq(lessons.testProductId, testProductId), isNull(enrolments.revokedAt), ne(products.status, "draft")))
    .limit(1);
  return Boolean(row);
}

/**
 * The top-level questions of a new attempt: the chosen ones in order, then those the rules deal at
 * random. With `chapterId` (practising one chapter) only what belongs to that chapter: chosen questions
 * of it (a case set when one of its parts is), and the rules that may deal it, dealing from it alone.
 * Whatever the rule says ("any chapter" included), only questions of the test's subject and class
 * are dealt (issue 32).
 */
async function dealPaper(db: DbOrTx, productId: number, chapterId: number | null = null): Promise<number[]> {
  const scope = questionInScope(await getTestScope(db, productId));
  const chosenFilters = [eq(practiceTestQuestions.productId, productId), scope];
  if (chapterId !== null) {
    chosenFilters.push(
      sql`(${practiceQuestions.chapterId} = ${chapterId} or exists (select 1 from ${practiceQuestions} part where part.parent_id = ${practiceQuestions.id} and part.chapter_id = ${chapterId}))`,
    );
  }
  const chosen = await db
    .select({ id: practiceTestQuestions.questionId })
    .from(practiceTestQuestions)
    .innerJoin(practiceQuestions, eq(practiceQuestions.id, practiceTestQuestions.questionId))
    .where(and(...chosenFilters))
    .orderBy(asc(practiceTestQuestions.position));
  const ids = chosen.map((c) => c.id);
  const [test] = await db
    .select({ rules: practiceTests.rules })
    .from(practiceTests)
    .where(eq(practiceTests.productId, productId));
  for (const rule of test?.rules ?? []) {
    if (chapterId !== null && rule.chapterId !== null && rule.chapterId !== chapterId) continue;
    const filters = [isNull(practiceQuestions.parentId), scope];
    const ruleChapter = chapterId ?? rule.chapterId;
    if (ruleChapter) filters.push(eq(practiceQuestions.chapterId, ruleChapter));
    if (rule.type) filters.push(eq(practiceQuestions.type, rule.type));
    if (rule.difficulty) filters.push(eq(practiceQuestions.difficulty, rule.difficulty));
    if (ids.length) filters.push(sql`${practiceQuestions.id} not in (${sql.join(ids, sql`, `)})`);
    const dealt = await db
      .select({ id: practiceQuestions.id })
      .from(practiceQuestions)
      .where(and(...filters))
      .orderBy(sql`random()`)
      .limit(rule.count);
    ids.push(...dealt.map((d) => d.id));
  }
  return ids;
}

/** A question as the paper, marking and results read it (the columns of `practice_questions` they use). */
type QuestionRow = typeof practiceQuestions.$inferSelect;
type AnswerableRow = Pick<
  QuestionRow,
  | "id"
  | "parentId"
  | "chapterId"
  | "type"
  | "prompt"
  | "options"
  | "correctOption"
  | "modelAnswer"
  | "markingPoints"
  | "marks"
  | "explanation"
  | "source"
  | "position"
>;

/** The paper of an attempt in order: each top-level question, a case set followed by its sub-questions. */
async function paperOf(db: DbOrTx, questionIds: number[]): Promise<{ top: AnswerableRow[]; subs: AnswerableRow[] }> {
  if (!questionIds.length) return { top: [], subs: [] };
  const columns = {
    id: practiceQuestions.id,
    parentId: practiceQuestions.parentId,
    chapterId: practiceQuestions.chapterId,
    type: practiceQuestions.type,
    prompt: practiceQuestions.prompt,
    options: practiceQuestions.options,
    correctOption: practiceQuestions.correctOption,
    modelAnswer: practiceQuestions.modelAnswer,
    markingPoints: practiceQuestions.markingPoints,
    marks: practiceQuestions.marks,
    explanation: practiceQuestions.explanation,
    source: practiceQuestions.source,
    position: practiceQuestions.position,
  };
  const [topRows, subs] = await Promise.all([
    db.select(columns).from(practiceQuestions).where(inArray(practiceQuestions.id, questionIds)),
    db
      .select(columns)
      .from(practiceQuestions)
      .where(inArray(practiceQuestions.parentId, questionIds))
      .orderBy(asc(practiceQuestions.position), asc(practiceQuestions.id)),
  ]);
  const top = questionIds.map((id) => topRows.find((q) => q.id === id)).filter((q): q is AnswerableRow => !!q);
  return { top, subs };
}

/** The questions a student answers: every top-level question except case sets, which are answered by their parts. */
function answerables(paper: { top: AnswerableRow[]; subs: AnswerableRow[] }): AnswerableRow[] {
  return paper.top.flatMap((q) => (q.type === "case_based" ? paper.subs.filter((s) => s.parentId === q.id) : [q]));
}

export interface ChapterPractice {
  chapterId: number;
  chapter: string;
  /** Its time, questions, answers, marks and negative marking, as a test's (the start page's list). */
  facts: TestFacts;
}

/** A chapter practice's shortest time limit, in minutes. */
const MIN_PRACTICE_MINUTES = 5;

/** The title of an attempt: the test's, and the chapter practised, if any. */
export function attemptTitle(testTitle: string, chapter: string | null) {
  return chapter ? `${testTitle} · ${chapter} (practice)` : testTitle;
}

/**
 * Practising one chapter of a test ("Practise again" in the strength report): its questions from the
 * test, and the test's time in proportion to their marks (at least 5 minutes). 404 for an unknown
 * chapter; 409 when the test has no question from it.
 */
async function planChapterPractice(db: DbOrTx, test: TestOverview, chapterId: number) {
  const [chapter] = validId(chapterId)
    ? await db
        .select({ title: practiceChapters.title })
        .from(practiceChapters)
        .where(eq(practiceChapters.id, chapterId))
    : [];
  if (!chapter) throw new HttpError(404, "Chapter not found.");
  const questionIds = await dealPaper(db, test.productId, chapterId);
  if (!questionIds.length) throw new HttpError(409, `${test.title} has no questions from ${chapter.title}.`);
  const [answered, whole] = await Promise.all([
    paperOf(db, questionIds).then(answerables),
    dealPaper(db, test.productId).then(async (ids) => answerables(await paperOf(db, ids))),
  ]);
  const marksOf = (questions: AnswerableRow[]) => questions.reduce((n, q) => n + q.marks, 0);
  const maxMarks = marksOf(answered);
  const minutes = Math.min(
    test.timeLimitMinutes,
    Math.max(MIN_PRACTICE_MINUTES, Math.ceil((test.timeLimitMinutes * maxMarks) / Math.max(1, marksOf(whole)))),
  );
  const practice: ChapterPractice = {
    chapterId,
    chapter: chapter.title,
    facts: {
      timeLimitMinutes: minutes,
      negativePercent: test.negativePercent,
      questionCount: questionIds.length,
      answerCount: answered.length,
      answersVary: false,
      totalMarks: maxMarks,
    },
  };
  return { practice, questionIds, maxMarks };
}

/** The start page of a chapter's practice: the test (with the practice's open attempt) and the practice. */
export async function getChapterPractice(db: DbOrTx, user: Viewer, productId: number, chapterId: number) {
  const test = await getTakeableTest(db, user, productId, chapterId);
  const { practice } = await planChapterPractice(db, test, chapterId);
  return { test, practice };
}

/**
 * Starts an attempt of a test the user may take (of one chapter of it with `chapterId`), or returns
 * the one still open.
 */
export async function startAttempt(
  db: Db,
  user: Viewer,
  productId: number,
  now = new Date(),
  chapterId: number | null = null,
): Promise<number> {
  const test = await getTakeableTest(db, user, productId, chapterId);
  if (test.openAttemptId) {
    const state = await settleIfExpired(db, test.openAttemptId, now);
    if (!state.submitted) return test.openAttemptId;
  }
  let questionIds: number[];
  let maxMarks: number;
  let minutes = test.timeLimitMinutes;
  if (chapterId === null) {
    questionIds = await dealPaper(db, productId);
    if (!questionIds.length) throw new HttpError(409, "This test has no questions yet.");
    maxMarks = answerables(await paperOf(db, questionIds)).reduce((n, q) => n + q.marks, 0);
  } else {
    const plan = await planChapterPractice(db, test, chapterId);
    ({ questionIds, maxMarks } = plan);
    minutes = plan.practice.facts.timeLimitMinutes;
  }
  const [row] = await db
    .insert(practiceAttempts)
    .values({
      userId: user.id,
      productId,
      chapterId,
      questionIds,
      startedAt: now,
      deadlineAt: new Date(now.getTime() + minutes * 60_000),
      maxMarks,
    })
    // Two starts at once (a double click, two tabs): the one open attempt wins.
    .onConflictDoNothing()
    .returning({ id: practiceAttempts.id });
  if (row) return row.id;
  const again = await getTakeableTest(db, user, productId, chapterId);
  if (!again.openAttemptId) throw new HttpError(409, "Please try again.");
  return again.openAttemptId;
}

/* ------------------------------------------------------------- locking, ends */

type AttemptRow = typeof practiceAttempts.$inferSelect;

async function lockAttempt(tx: DbOrTx, attemptId: number): Promise<AttemptRow | null> {
  if (!validId(attemptId)) return null;
  const [row] = await tx.select().from(practiceAttempts).where(eq(practiceAttempts.id, attemptId)).for("update");
  return row ?? null;
}

function expired(attempt: AttemptRow, now: Date) {
  return now.getTime() > attempt.deadlineAt.getTime() + DEADLINE_GRACE_MS;
}

/** Marks every answerable question of the attempt and closes it. Call with the attempt row locked. */
async function finalize(tx: DbOrTx, attempt: AttemptRow, now: Date, auto: boolean) {
  const [test] = await tx
    .select({ negativePercent: practiceTests.negativePercent })
    .from(practiceTests)
    .where(eq(practiceTests.productId, attempt.productId));
  const negativePercent = test?.negativePercent ?? 0;
  const questions = answerables(await paperOf(tx, attempt.questionIds));
  const saved = await tx.select().from(practiceAnswers).where(eq(practiceAnswers.attemptId, attempt.id));
  let total = 0;
  const rows = questions.map((q) => {
    const answer = saved.find((a) => a.questionId === q.id);
    const marked = isObjective(q.type)
      ? markObjective(q, answer?.choice ?? null, negativePercent)
      : { awardedCenti: null, correct: null };
    total += marked.awardedCenti ?? 0;
    return {
      attemptId: attempt.id,
      questionId: q.id,
      choice: answer?.choice ?? null,
      text: answer?.text ?? null,
      markedForReview: answer?.markedForReview ?? false,
      awardedCenti: marked.awardedCenti,
      correct: marked.correct,
    };
  });
  if (rows.length) {
    await tx
      .insert(practiceAnswers)
      .values(rows)
      .onConflictDoUpdate({
        target: [practiceAnswers.attemptId, practiceAnswers.questionId],
        set: { awardedCenti: sql`excluded.awarded_centi`, correct: sql`excluded.correct` },
      });
  }
  const submittedAt = now.getTime() > attempt.deadlineAt.getTime() ? attempt.deadlineAt : now;
  await tx
    .update(practiceAttempts)
    .set({ submittedAt, autoSubmitted: auto, scoreCenti: total })
    .where(eq(practiceAttempts.id, attempt.id));
  if (attempt.chapterId === null) await completeTestLessons(tx, attempt.userId, attempt.productId);
}

/** A submitted paper completes the lessons that open this test in the student's courses. */
async function completeTestLessons(tx: DbOrTx, userId: string, testProductId: number) {
  await tx.execute(sql`
    insert into ${lessonCompletions} (user_id, lesson_id, product_id)
    select ${userId}, l.id, l.product_id
    from ${lessons} l
    join ${enrolments} e on e.product_id = l.product_id and e.user_id = ${userId} and e.revoked_at is null
    where l.test_product_id = ${testProductId}
    on conflict do nothing`);
}

/** Submits an open attempt whose time ran out (whoever looks at it first). */
async function settleIfExpired(db: Db, attemptId: number, now: Date): Promise<{ submitted: boolean }> {
  return db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (!attempt) return { submitted: false };
    if (attempt.submittedAt) return { submitted: true };
    if (!expired(attempt, now)) return { submitted: false };
    await finalize(tx, attempt, now, true);
    return { submitted: true };
  });
}

/* ------------------------------------------------------------------- taking */

/** Whose attempt it is (null for an unknown id). */
export async function attemptOwner(db: DbOrTx, attemptId: number): Promise<string | null> {
  if (!validId(attemptId)) return null;
  const [row] = await db
    .select({ userId: practiceAttempts.userId })
    .from(practiceAttempts)
    .where(eq(practiceAttempts.id, attemptId));
  return row?.userId ?? null;
}

export interface TakingQuestion {
  id: number;
  /** The case set's passage this question belongs to (shown above it), if any. */
  passage: string | null;
  type: QuestionType;
  prompt: string;
  options: string[];
  marks: number;
  source: string;
  choice: number | null;
  text: string | null;
  markedForReview: boolean;
}

export interface TakingPaper {
  attemptId: number;
  productId: number;
  title: string;
  deadline: string;
  serverNow: string;
  maxMarks: number;
  negativePercent: number;
  questions: TakingQuestion[];
}

/**
 * The paper to answer, with what this student saved, and nothing that gives an answer away. An
 * attempt already submitted (or whose time ran out, which submits it now) gives `{ submitted: true }`.
 */
export async function loadPaper(
  db: Db,
  userId: string,
  attemptId: number,
  now = new Date(),
): Promise<TakingPaper | { submitted: true }> {
  const attempt = validId(attemptId)
    ? (await db.select().from(practiceAttempts).where(eq(practiceAttempts.id, attemptId)))[0]
    : undefined;
  if (!attempt || attempt.userId !== userId) throw new HttpError(404, NOT_FOUND);
  await requireTestAccess(db, userId, attempt.productId);
  if (attempt.submittedAt || (await settleIfExpired(db, attemptId, now)).submitted) return { submitted: true };
  const [test] = await db
    .select({
      title: products.title,
      negativePercent: practiceTests.negativePercent,
      chapter: sql<string | null>`(select title from ${practiceChapters} where id = ${attempt.chapterId})`,
    })
    .from(products)
    .innerJoin(practiceTests, eq(practiceTests.productId, products.id))
    .where(eq(products.id, attempt.productId));
  const paper = await paperOf(db, attempt.questionIds);
  const saved = await db.select().from(practiceAnswers).where(eq(practiceAnswers.attemptId, attemptId));
  const passageOf = (q: AnswerableRow) =>
    q.parentId ? (paper.top.find((t) => t.id === q.parentId)?.prompt ?? null) : null;
  return {
    attemptId,
    productId: attempt.productId,
    title: attemptTitle(test?.title ?? "Practice test", test?.chapter ?? null),
    deadline: attempt.deadlineAt.toISOString(),
    serverNow: now.toISOString(),
    maxMarks: attempt.maxMarks,
    negativePercent: test?.negativePercent ?? 0,
    // Only the fields listed here leave the server: never correctOption, modelAnswer, markingPoints or explanation.
    questions: answerables(paper).map((q) => {
      const answer = saved.find((a) => a.questionId === q.id);
      return {
        id: q.id,
        passage: passageOf(q),
        type: q.type,
        prompt: q.prompt,
        options: q.options,
        marks: q.marks,
        source: q.source,
        choice: answer?.choice ?? null,
        text: answer?.text ?? null,
        markedForReview: answer?.markedForReview ?? false,
      };
    }),
  };
}

export interface AnswerInput {
  questionId: number;
  choice: number | null;
  text: string | null;
  markedForReview: boolean;
}

/**
 * Saves one answer of an open attempt. Refused: someone else's attempt (404), a submitted one (409),
 * one whose time ran out (409, and it is submitted now), a question not in the paper or an option it
 * does not have (400).
 */
export async function saveAnswer(db: Db, userId: string, attemptId: number, input: AnswerInput, now = new Date()) {
  const outcome = await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (!attempt || attempt.userId !== userId) throw new HttpError(404, NOT_FOUND);
    await requireTestAccess(tx, userId, attempt.productId);
    if (attempt.submittedAt) throw new HttpError(409, SUBMITTED);
    if (expired(attempt, now)) {
      await finalize(tx, attempt, now, true);
      return "time-up" as const;
    }
    const question = answerables(await paperOf(tx, attempt.questionIds)).find((q) => q.id === input.questionId);
    if (!question) throw new HttpError(400, "That question is not in this test.");
    let choice: number | null = null;
    let text: string | null = null;
    if (isObjective(question.type)) {
      if (input.choice !== null && (input.choice < 0 || input.choice >= question.options.length)) {
        throw new HttpError(400, "Choose one of the options.");
      }
      choice = input.choice;
    } else if (isWritten(question.type)) {
      if (input.text !== null && input.text.length > MAX_WRITTEN_ANSWER) {
        throw new HttpError(400, `Keep the answer under ${formatCount(MAX_WRITTEN_ANSWER)} characters.`);
      }
      text = input.text?.trim() ? input.text : null;
    }
    await tx
      .insert(practiceAnswers)
      .values({ attemptId, questionId: question.id, choice, text, markedForReview: input.markedForReview })
      .onConflictDoUpdate({
        target: [practiceAnswers.attemptId, practiceAnswers.questionId],
        set: { choice, text, markedForReview: input.markedForReview, updatedAt: now },
      });
    return "saved" as const;
  });
  if (outcome === "time-up") throw new HttpError(409, TIME_UP);
}

/** Submits the attempt (again: nothing changes). After the deadline it counts as submitted at the deadline. */
export async function submitAttempt(db: Db, userId: string, attemptId: number, now = new Date()) {
  await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (!attempt || attempt.userId !== userId) throw new HttpError(404, NOT_FOUND);
    await requireTestAccess(tx, userId, attempt.productId);
    if (attempt.submittedAt) return;
    await finalize(tx, attempt, now, expired(attempt, now));
  });
}

/* ------------------------------------------------------------------ results */

export interface ResultQuestion
  extends Omit<AnswerableRow, "parentId" | "chapterId" | "position">,
    Pick<typeof practiceAnswers.$inferSelect, "choice" | "text" | "awardedCenti" | "correct"> {
  passage: string | null;
  chapter: string;
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
  const [answers, chapters] = await Promise.all([
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
  ]);
  const submittedAt = attempt.submittedAt!;
  const rows = questions.map((q) => {
    const a = answers.find((x) => x.questionId === q.id);
    return {
      id: q.id,
      passage: q.parentId ? (paper.top.find((t) => t.id === q.parentId)?.prompt ?? null) : null,
      chapter: chapters.find((c) => c.id === q.chapterId)?.title ?? "",
      type: q.type,
      prompt: q.prompt,
      options: q.options,
      correctOption: q.correctOption,
      modelAnswer: q.modelAnswer,
      markingPoints: q.markingPoints,
      marks: q.marks,
      explanation: q.explanation,
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
    unmarkedWritten: rows.filter((r) => isWritten(r.type) && r.awardedCenti === null).length,
    questions: rows,
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
      .where(eq(practiceAnswers.attemptId, attemptId));
    await tx
      .update(practiceAttempts)
      .set({ scoreCenti: sum?.total ?? 0 })
      .where(eq(practiceAttempts.id, attemptId));
  });
}

/* ------------------------------------------------------- the student's view */

export interface AttemptSummary {
  id: number;
  productId: number;
  title: string;
  startedAt: Date;
  submittedAt: Date | null;
  scoreCenti: number | null;
  maxMarks: number;
}

/** The student's attempts, newest first (My Courses). */
export async function listAttempts(db: DbOrTx, userId: string, limit = 50): Promise<AttemptSummary[]> {
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

export interface ChapterStrength {
  chapterId: number;
  chapter: string;
  subject: string;
  classLevel: string;
  earnedCenti: number;
  possible: number;
  percent: number;
  /** The test whose questions from this chapter "Practise again" deals: the latest one the student took with it. */
  practiceProductId: number | null;
}

/**
 * Over all the student's submitted attempts, per chapter: marks earned of marks possible (objective
 * answers and self-marked written ones; unmarked written answers do not count), weakest first.
 */
export async function chapterStrengths(db: DbOrTx, userId: string): Promise<ChapterStrength[]> {
  const rows = await db
    .select({
      chapterId: practiceChapters.id,
      chapter: practiceChapters.title,
      subject: practiceChapters.subject,
      classLevel: practiceChapters.classLevel,
      earnedCenti: sql<number>`sum(${practiceAnswers.awardedCenti})`.mapWith(Number),
      possible: sql<number>`sum(${practiceQuestions.marks})`.mapWith(Number),
      practiceProductId:
        sql<number>`(array_agg(${practiceAttempts.productId} order by ${practiceAttempts.startedAt} desc))[1]`.mapWith(
          Number,
        ),
    })
    .from(practiceAnswers)
    .innerJoin(practiceAttempts, eq(practiceAttempts.id, practiceAnswers.attemptId))
    .innerJoin(practiceQuestions, eq(practiceQuestions.id, practiceAnswers.questionId))
    .innerJoin(practiceChapters, eq(practiceChapters.id, practiceQuestions.chapterId))
    .where(
      and(
        eq(practiceAttempts.userId, userId),
        isNotNull(practiceAttempts.submittedAt),
        isNotNull(practiceAnswers.awardedCenti),
      ),
    )
    .groupBy(practiceChapters.id);
  return rows
    .map((r) => ({ ...r, percent: percentOf(r.earnedCenti, r.possible) }))
    .sort((a, b) => a.percent - b.percent || a.chapter.localeCompare(b.chapter));
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

/* ------------------------------------------------------------ owner's view */

export interface TestReport {
  attempts: number;
  students: number;
  averagePercent: number | null;
  mostWrong: { questionId: number; prompt: string; chapter: string; wrong: number; answered: number }[];
}

/**
 * Per test: submitted attempts of the whole paper, distinct students, the average score, and the
 * questions most often answered wrong (in any attempt, chapter practice included).
 */
export async function testReport(db: DbOrTx, productId: number): Promise<TestReport> {
  const [totals] = await db
    .select({
      attempts: sql<number>`count(*)`.mapWith(Number),
      students: sql<number>`count(distinct ${practiceAttempts.userId})`.mapWith(Number),
      average: sql<
        number | null
      >`avg(greatest(${practiceAttempts.scoreCenti}, 0)::float8 / nullif(${practiceAttempts.maxMarks}, 0))`,
    })
    .from(practiceAttempts)
    .where(
      and(
        eq(practiceAttempts.productId, productId),
        isNotNull(practiceAttempts.submittedAt),
        // The whole paper only: a chapter's practice is not a score on the test.
        isNull(practiceAttempts.chapterId),
      ),
    );
  const mostWrong = await db
    .select({
      questionId: practiceQuestions.id,
      prompt: practiceQuestions.prompt,
      chapter: practiceChapters.title,
      wrong: sql<number>`count(*) filter (where ${practiceAnswers.correct} = false)`.mapWith(Number),
      answered: sql<number>`count(*) filter (where ${practiceAnswers.correct} is not null)`.mapWith(Number),
    })
    .from(practiceAnswers)
    .innerJoin(practiceAttempts, eq(practiceAttempts.id, practiceAnswers.attemptId))
    .innerJoin(practiceQuestions, eq(practiceQuestions.id, practiceAnswers.questionId))
    .innerJoin(practiceChapters, eq(practiceChapters.id, practiceQuestions.chapterId))
    .where(
      and(
        eq(practiceAttempts.productId, productId),
        isNotNull(practiceAttempts.submittedAt),
        ne(practiceQuestions.type, "case_based"),
      ),
    )
    .groupBy(practiceQuestions.id, practiceChapters.title)
    .having(sql`count(*) filter (where ${practiceAnswers.correct} = false) > 0`)
    .orderBy(sql`count(*) filter (where ${practiceAnswers.correct} = false) desc`, asc(practiceQuestions.id))
    .limit(10);
  const avg = totals?.average;
  return {
    attempts: totals?.attempts ?? 0,
    students: totals?.students ?? 0,
    averagePercent: avg === null || avg === undefined ? null : Math.round(Number(avg)),
    mostWrong,
  };
}
