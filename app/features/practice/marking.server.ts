/**
 * How an attempt ends: locked while it changes, submitted by the student or at the deadline whatever
 * the browser says (the server's clock decides, with a few seconds of grace for a request in flight),
 * marked once when it closes, and closed when the student's access to the test ends.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  enrolments,
  lessonCompletions,
  lessons,
  practiceAnswerFiles,
  practiceAnswers,
  practiceAttempts,
  practiceTests,
} from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { mayTakeTest, NOT_FOUND, requireTestAccess, validId } from "./access.server";
import { markJournal } from "./journal";
import { isObjective } from "./labels";
import { countedQuestions } from "./layout";
import { answerables, answeredTopLevel, paperOf } from "./paper.server";
import { markNumeric, markObjective } from "./scoring";

export const SUBMITTED = "This attempt is submitted; its answers can no longer change.";
export const TIME_UP = "Time is up: the test was submitted with the answers saved until then.";

/** A save or submit this soon after the deadline still counts (a request in flight as time ran out). */
export const DEADLINE_GRACE_MS = 5_000;

export type AttemptRow = typeof practiceAttempts.$inferSelect;

export async function lockAttempt(tx: DbOrTx, attemptId: number): Promise<AttemptRow | null> {
  if (!validId(attemptId)) return null;
  const [row] = await tx.select().from(practiceAttempts).where(eq(practiceAttempts.id, attemptId)).for("update");
  return row ?? null;
}

export function expired(attempt: AttemptRow, now: Date) {
  return now.getTime() > attempt.deadlineAt.getTime() + DEADLINE_GRACE_MS;
}

/**
 * The student's open attempt, locked, and the question of its paper that an answer (or a photo of one)
 * changes. Refused: someone else's attempt (404), access ended (403), submitted (409). Null when its
 * time ran out: it is submitted now, as it stood.
 */
export async function lockOpenAnswer(tx: DbOrTx, userId: string, attemptId: number, questionId: number, now: Date) {
  const attempt = await lockAttempt(tx, attemptId);
  if (!attempt || attempt.userId !== userId) throw new HttpError(404, NOT_FOUND);
  await requireTestAccess(tx, userId, attempt.productId);
  if (attempt.submittedAt) throw new HttpError(409, SUBMITTED);
  if (expired(attempt, now)) {
    await finalize(tx, attempt, now, true);
    return null;
  }
  const question = answerables(await paperOf(tx, attempt.questionIds)).find((q) => q.id === questionId);
  return { attempt, question };
}

/** Marks every answerable question of the attempt and closes it. Call with the attempt row locked. */
export async function finalize(tx: DbOrTx, attempt: AttemptRow, now: Date, auto: boolean) {
  const [test] = await tx
    .select({ negativePercent: practiceTests.negativePercent })
    .from(practiceTests)
    .where(eq(practiceTests.productId, attempt.productId));
  const negativePercent = test?.negativePercent ?? 0;
  const questions = answerables(await paperOf(tx, attempt.questionIds));
  const saved = await tx.select().from(practiceAnswers).where(eq(practiceAnswers.attemptId, attempt.id));
  // Of a part's options and of an internal choice, only what the student chose counts (layout.ts).
  const files = await tx
    .select({ questionId: practiceAnswerFiles.questionId })
    .from(practiceAnswerFiles)
    .where(eq(practiceAnswerFiles.attemptId, attempt.id));
  const withFiles = new Set(files.map((f) => f.questionId));
  const counts = countedQuestions(attempt.layout, attempt.questionIds, answeredTopLevel(questions, saved, withFiles));
  let total = 0;
  const rows = questions.map((q) => {
    const answer = saved.find((a) => a.questionId === q.id);
    const counted = counts.has(q.parentId ?? q.id);
    const marked: { awardedCenti: number | null; correct: boolean | null } = isObjective(q.type)
      ? markObjective(q, answer?.choice ?? null, negativePercent)
      : q.type === "numeric"
        ? markNumeric(q, answer?.text ?? null)
        : q.type === "journal"
          ? markJournal(q, answer?.text ?? null)
          : { awardedCenti: null, correct: null };
    if (!counted) marked.awardedCenti = null;
    total += marked.awardedCenti ?? 0;
    return {
      counted,
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
        set: {
          awardedCenti: sql`excluded.awarded_centi`,
          correct: sql`excluded.correct`,
          counted: sql`excluded.counted`,
        },
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
export async function settleIfExpired(db: Db, attemptId: number, now: Date): Promise<{ submitted: boolean }> {
  return db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (!attempt) return { submitted: false };
    if (attempt.submittedAt) return { submitted: true };
    if (!expired(attempt, now)) return { submitted: false };
    await finalize(tx, attempt, now, true);
    return { submitted: true };
  });
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
