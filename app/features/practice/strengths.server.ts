/** The student's chapter-wise strengths over all their submitted attempts. */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { cachedRead, READ_MAX_AGE_MS, tablesRead } from "~/db/read-cache.server";
import { practiceAnswers, practiceAttempts, practiceChapters, practiceQuestions } from "~/db/schema";
import { percentOf } from "./scoring";

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

/** Kept in memory on the embedded database until an answer, attempt, question or chapter is written. */
const STRENGTH_TABLES = tablesRead(practiceAnswers, practiceAttempts, practiceQuestions, practiceChapters);

/**
 * Over all the student's submitted attempts, per chapter: marks earned of marks possible (objective
 * answers and self-marked written ones; unmarked written answers do not count), weakest first.
 */
export async function chapterStrengths(db: DbOrTx, userId: string): Promise<ChapterStrength[]> {
  return cachedRead(db, `strengths:${userId}`, STRENGTH_TABLES, READ_MAX_AGE_MS, () => loadStrengths(db, userId));
}

async function loadStrengths(db: DbOrTx, userId: string): Promise<ChapterStrength[]> {
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
        eq(practiceAnswers.counted, true),
      ),
    )
    .groupBy(practiceChapters.id);
  return rows
    .map((r) => ({ ...r, percent: percentOf(r.earnedCenti, r.possible) }))
    .sort((a, b) => a.percent - b.percent || a.chapter.localeCompare(b.chapter));
}
