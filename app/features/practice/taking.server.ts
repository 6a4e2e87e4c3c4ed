/**
 * Taking a practice test: starting an attempt (the paper dealt once, the deadline fixed by the
 * server), loading the paper to answer, saving answers one by one and submitting.
 *
 * Rules (tests: taking.integration.test.ts, course-lessons.integration.test.ts):
 * - the taking page's data never carries a correct option, model answer, marking point or explanation;
 * - an attempt is its student's: anyone else gets 404;
 * - the server's clock decides: a save after the deadline (plus a few seconds of grace for a request
 *   in flight) is refused and the attempt is submitted as it stood;
 * - a submitted attempt's answers never change.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  type PaperLayout,
  practiceAnswers,
  practiceAttempts,
  practiceChapters,
  practiceTests,
  products,
} from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { renderMarkdown, renderMarkdownInline } from "~/lib/markdown";
import { formatCount } from "~/lib/numbers";
import { getTakeableTest, NOT_FOUND, requireTestAccess, type Viewer, validId } from "./access.server";
import { type AnswerFile, listAnswerFiles } from "./answer-files.server";
import { planChapterPractice } from "./chapter-practice.server";
import { parseJournalAnswer } from "./journal";
import { isObjective, isWritten, type QuestionType, wordLimitLabel } from "./labels";
import { layoutMaxMarks, layoutQuestionIds, type PaperPlace, placesOf } from "./layout";
import { MAX_NUMERIC_ANSWER, MAX_WRITTEN_ANSWER } from "./limits";
import { expired, finalize, lockAttempt, lockOpenAnswer, settleIfExpired, TIME_UP } from "./marking.server";
import {
  type AnswerableRow,
  answerables,
  attemptTitle,
  dealPaper,
  dealtLayout,
  paperOf,
  topLevelMarks,
} from "./paper.server";

export { SUBMITTED, TIME_UP } from "./marking.server";

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
  let layout: PaperLayout | null = null;
  let minutes = test.timeLimitMinutes;
  if (chapterId === null) {
    questionIds = await dealPaper(db, productId);
    if (!questionIds.length) throw new HttpError(409, "This test has no questions yet.");
    layout = await dealtLayout(db, productId, questionIds);
    const marks = await topLevelMarks(db, questionIds);
    const marksOf = (id: number) => marks.get(id) ?? 0;
    // The paper is out of each part once and each internal choice once; what the rules add, in full.
    const inLayout = new Set(layout ? layoutQuestionIds(layout) : []);
    maxMarks =
      (layout ? layoutMaxMarks(layout, marksOf) : 0) +
      questionIds.filter((id) => !inLayout.has(id)).reduce((n, id) => n + marksOf(id), 0);
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
      layout,
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
  /** The top-level question it belongs to (a case set's part: its set), for the paper's progress. */
  topId: number;
  /** The case set's passage this question belongs to (shown above it, as safe HTML), if any. */
  passageHtml: string | null;
  type: QuestionType;
  /** The question and its options as safe HTML of their Markdown (lib/markdown.ts). */
  promptHtml: string;
  optionsHtml: string[];
  /** Written answers: "50–75 words", if the question sets a limit. */
  wordLimit: string | null;
  /** Its place in a sectioned paper: a section heading before it, an "OR" before it (layout.ts). */
  place: PaperPlace | null;
  /** Written answers: photos or PDFs of a handwritten answer added so far. */
  files: AnswerFile[];
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
  /** The paper's sections and choices (question ids only), so the progress counts what will be marked. */
  layout: PaperLayout | null;
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
  const [saved, files] = await Promise.all([
    db.select().from(practiceAnswers).where(eq(practiceAnswers.attemptId, attemptId)),
    listAnswerFiles(db, attemptId),
  ]);
  const passageOf = (q: AnswerableRow) => {
    const passage = q.parentId ? paper.top.find((t) => t.id === q.parentId)?.prompt : undefined;
    return passage === undefined ? null : renderMarkdown(passage);
  };
  const places = placesOf(attempt.layout, answerables(paper));
  return {
    attemptId,
    productId: attempt.productId,
    title: attemptTitle(test?.title ?? "Practice test", test?.chapter ?? null),
    deadline: attempt.deadlineAt.toISOString(),
    serverNow: now.toISOString(),
    maxMarks: attempt.maxMarks,
    negativePercent: test?.negativePercent ?? 0,
    layout: attempt.layout,
    // Only the fields listed here leave the server: never correctOption, modelAnswer, markingPoints or explanation.
    questions: answerables(paper).map((q) => {
      const answer = saved.find((a) => a.questionId === q.id);
      return {
        id: q.id,
        topId: q.parentId ?? q.id,
        passageHtml: passageOf(q),
        type: q.type,
        promptHtml: renderMarkdown(q.prompt),
        optionsHtml: q.options.map(renderMarkdownInline),
        wordLimit: wordLimitLabel(q.minWords, q.maxWords),
        place: places.get(q.id) ?? null,
        files: files.filter((f) => f.questionId === q.id),
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
    const open = await lockOpenAnswer(tx, userId, attemptId, input.questionId, now);
    if (!open) return "time-up" as const;
    const { question } = open;
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
    } else if (question.type === "numeric") {
      // Kept as typed ("₹ 1,20,000"); marked at submission. A half-typed "1," is saved, not refused.
      if (input.text !== null && input.text.length > MAX_NUMERIC_ANSWER) {
        throw new HttpError(400, `Write the number in at most ${MAX_NUMERIC_ANSWER} characters.`);
      }
      text = input.text?.trim() ? input.text.trim() : null;
    } else if (question.type === "journal") {
      // Sent as a JSON array of lines; kept as sent without the empty ones, marked at submission.
      let lines: ReturnType<typeof parseJournalAnswer>;
      try {
        lines = parseJournalAnswer(input.text);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      text = lines ? JSON.stringify(lines) : null;
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
