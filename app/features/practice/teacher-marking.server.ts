/**
 * The teacher marks written answers (issue 35): a queue of submitted written answers not marked yet
 * (oldest first, by test), one answer beside its model answer and marking points, and the marks
 * (whole or half) with a comment. The teacher's marks replace the student's self-marks in the score
 * and the chapter report; the student is told by email and sees them on the result.
 */
import { and, asc, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  practiceAnswerFiles,
  practiceAnswers,
  practiceAttempts,
  practiceQuestions,
  products,
  users,
} from "~/db/schema";
import { formatDateTime } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { renderMarkdown, renderMarkdownInline } from "~/lib/markdown";
import { recordEvent } from "~/platform/audit/audit.server";
import { sendEmail } from "~/platform/email/email.server";
import { validId } from "./access.server";
import { type AnswerFile, listAnswerFiles } from "./answer-files.server";
import { isWritten, QUESTION_TYPE_LABELS, type QuestionType } from "./labels";
import { lockAttempt } from "./marking.server";
import { answerables, paperOf } from "./paper.server";
import { formatMarks } from "./scoring";

export const MARKING_PER_PAGE = 25;
export const MAX_TEACHER_COMMENT = 2_000;

const unmarkedWritten = and(
  isNotNull(practiceAttempts.submittedAt),
  isNull(practiceAnswers.markedAt),
  sql`(${practiceAnswers.text} is not null or exists (select 1 from ${practiceAnswerFiles} f where f.attempt_id = ${practiceAnswers.attemptId} and f.question_id = ${practiceAnswers.questionId}))`,
  eq(practiceAnswers.counted, true),
  sql`${practiceQuestions.type} in ('short_answer', 'long_answer')`,
);

export interface MarkingQueueRow {
  attemptId: number;
  questionId: number;
  student: string;
  test: string;
  productId: number;
  prompt: string;
  type: QuestionType;
  marks: number;
  submittedAt: Date;
  selfCenti: number | null;
}

/** Written answers waiting for the teacher, oldest submission first; `productId` keeps one test's. */
export async function listMarkingQueue(
  db: DbOrTx,
  { productId, page = 1 }: { productId?: number; page?: number } = {},
): Promise<{
  rows: MarkingQueueRow[];
  hasMore: boolean;
  total: number;
  tests: { id: number; title: string; n: number }[];
}> {
  const where = productId ? and(unmarkedWritten, eq(practiceAttempts.productId, productId)) : unmarkedWritten;
  const base = db
    .select({
      attemptId: practiceAnswers.attemptId,
      questionId: practiceAnswers.questionId,
      student: users.name,
      test: products.title,
      productId: products.id,
      prompt: practiceQuestions.prompt,
      type: practiceQuestions.type,
      marks: practiceQuestions.marks,
      submittedAt: sql<Date>`${practiceAttempts.submittedAt}`.mapWith(practiceAttempts.submittedAt),
      selfCenti: practiceAnswers.awardedCenti,
    })
    .from(practiceAnswers)
    .innerJoin(practiceAttempts, eq(practiceAttempts.id, practiceAnswers.attemptId))
    .innerJoin(practiceQuestions, eq(practiceQuestions.id, practiceAnswers.questionId))
    .innerJoin(users, eq(users.id, practiceAttempts.userId))
    .innerJoin(products, eq(products.id, practiceAttempts.productId));
  const [rows, tests] = await Promise.all([
    base
      .where(where)
      .orderBy(asc(practiceAttempts.submittedAt), asc(practiceAnswers.attemptId), asc(practiceAnswers.questionId))
      .limit(MARKING_PER_PAGE + 1)
      .offset((page - 1) * MARKING_PER_PAGE),
    db
      .select({ id: products.id, title: products.title, n: count() })
      .from(practiceAnswers)
      .innerJoin(practiceAttempts, eq(practiceAttempts.id, practiceAnswers.attemptId))
      .innerJoin(practiceQuestions, eq(practiceQuestions.id, practiceAnswers.questionId))
      .innerJoin(products, eq(products.id, practiceAttempts.productId))
      .where(unmarkedWritten)
      .groupBy(products.id, products.title)
      .orderBy(asc(products.title)),
  ]);
  const total = tests.reduce((n, t) => n + (productId && t.id !== productId ? 0 : t.n), 0);
  return { rows: rows.slice(0, MARKING_PER_PAGE), hasMore: rows.length > MARKING_PER_PAGE, total, tests };
}

/** How many written answers wait for the teacher (the queue's badge). */
export async function markingQueueCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(practiceAnswers)
    .innerJoin(practiceAttempts, eq(practiceAttempts.id, practiceAnswers.attemptId))
    .innerJoin(practiceQuestions, eq(practiceQuestions.id, practiceAnswers.questionId))
    .where(unmarkedWritten);
  return row?.n ?? 0;
}

export interface MarkingItem {
  attemptId: number;
  questionId: number;
  student: { name: string; id: string };
  test: string;
  productId: number;
  submittedAt: Date;
  type: QuestionType;
  typeLabel: string;
  marks: number;
  promptHtml: string;
  passageHtml: string | null;
  modelAnswerHtml: string;
  markingPointsHtml: string[];
  answer: string;
  files: AnswerFile[];
  selfCenti: number | null;
  teacherCenti: number | null;
  teacherComment: string | null;
  markedAt: Date | null;
}

/** One written answer of a submitted attempt, beside what marks it (404 when it is not one). */
export async function getMarkingItem(db: DbOrTx, attemptId: number, questionId: number): Promise<MarkingItem> {
  const notFound = new HttpError(404, "There is no such answer to mark.");
  if (!validId(attemptId) || !validId(questionId)) throw notFound;
  const [row] = await db
    .select({
      attempt: practiceAttempts,
      answer: practiceAnswers,
      student: { name: users.name, id: users.id },
      test: products.title,
    })
    .from(practiceAnswers)
    .innerJoin(practiceAttempts, eq(practiceAttempts.id, practiceAnswers.attemptId))
    .innerJoin(users, eq(users.id, practiceAttempts.userId))
    .innerJoin(products, eq(products.id, practiceAttempts.productId))
    .where(and(eq(practiceAnswers.attemptId, attemptId), eq(practiceAnswers.questionId, questionId)));
  if (!row?.attempt.submittedAt) throw notFound;
  const paper = await paperOf(db, row.attempt.questionIds);
  const question = answerables(paper).find((q) => q.id === questionId);
  if (!question || !isWritten(question.type)) throw notFound;
  const passage = question.parentId ? paper.top.find((t) => t.id === question.parentId)?.prompt : undefined;
  const marked = row.answer.markedAt !== null;
  return {
    attemptId,
    questionId,
    student: row.student,
    test: row.test,
    productId: row.attempt.productId,
    submittedAt: row.attempt.submittedAt,
    type: question.type,
    typeLabel: QUESTION_TYPE_LABELS[question.type],
    marks: question.marks,
    promptHtml: renderMarkdown(question.prompt),
    passageHtml: passage === undefined ? null : renderMarkdown(passage),
    modelAnswerHtml: renderMarkdown(question.modelAnswer ?? ""),
    markingPointsHtml: question.markingPoints.map(renderMarkdownInline),
    answer: row.answer.text ?? "",
    files: (await listAnswerFiles(db, attemptId)).filter((f) => f.questionId === questionId),
    selfCenti: marked ? null : row.answer.awardedCenti,
    teacherCenti: marked ? row.answer.awardedCenti : null,
    teacherComment: row.answer.teacherComment,
    markedAt: row.answer.markedAt,
  };
}

/**
 * The teacher's marks (whole or half, up to the question's) and comment for one written answer: they
 * replace the self-marks in the score. Refused: not a submitted written answer (404), an answer on the
 * other side of a choice (400), marks out of range (400). The student is emailed after the commit.
 */
export async function markAnswer(
  db: Db,
  actorId: string,
  input: { attemptId: number; questionId: number; marks: number; comment: string },
) {
  const item = await getMarkingItem(db, input.attemptId, input.questionId);
  if (!Number.isInteger(input.marks * 2) || input.marks < 0 || input.marks > item.marks) {
    throw new HttpError(400, `Give between 0 and ${item.marks} marks, in whole or half marks.`, { field: "marks" });
  }
  const comment = input.comment.trim();
  if (comment.length > MAX_TEACHER_COMMENT) {
    throw new HttpError(400, `Keep the comment under ${MAX_TEACHER_COMMENT} characters.`, { field: "comment" });
  }
  const awardedCenti = Math.round(input.marks * 100);
  const student = await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, input.attemptId);
    if (!attempt?.submittedAt) throw new HttpError(404, "There is no such answer to mark.");
    const [answer] = await tx
      .update(practiceAnswers)
      .set({ awardedCenti, teacherComment: comment || null, markedBy: actorId, markedAt: new Date() })
      .where(
        and(
          eq(practiceAnswers.attemptId, input.attemptId),
          eq(practiceAnswers.questionId, input.questionId),
          eq(practiceAnswers.counted, true),
        ),
      )
      .returning({ questionId: practiceAnswers.questionId });
    if (!answer) {
      throw new HttpError(400, "This answer does not count: the student chose the other side of the choice.");
    }
    const [sum] = await tx
      .select({ total: sql<number>`coalesce(sum(${practiceAnswers.awardedCenti}), 0)`.mapWith(Number) })
      .from(practiceAnswers)
      .where(and(eq(practiceAnswers.attemptId, input.attemptId), eq(practiceAnswers.counted, true)));
    await tx
      .update(practiceAttempts)
      .set({ scoreCenti: sum?.total ?? 0 })
      .where(eq(practiceAttempts.id, input.attemptId));
    await recordEvent(tx, {
      actorId,
      type: "Practice",
      entityType: "practice_attempt",
      entityId: String(input.attemptId),
      status: "Success",
      description: `Marked ${item.student.name}'s answer to question #${input.questionId} of "${item.test}": ${formatMarks(awardedCenti)}/${item.marks}`,
    });
    const [to] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, attempt.userId));
    return to;
  });
  if (!student) return;
  try {
    const link = new URL(`/my-courses/tests/${input.attemptId}`, getEnv().APP_URL).href;
    await sendEmail(db, {
      to: student.email,
      subject: `Your teacher marked your answer in "${item.test}"`,
      text: [
        `Hello ${student.name},`,
        "",
        `Your answer to a ${item.typeLabel.toLowerCase()} question of "${item.test}" (submitted ${formatDateTime(item.submittedAt)}) is marked: ${formatMarks(awardedCenti)} of ${item.marks}.`,
        ...(comment ? ["", "Your teacher's comment:", comment] : []),
        "",
        `See the result: ${link}`,
      ].join("\n"),
    });
  } catch (error) {
    log.warn({ err: error, attemptId: input.attemptId }, "could not write the marking email");
  }
}
