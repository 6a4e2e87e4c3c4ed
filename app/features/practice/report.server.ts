/** The owner's report on a practice test (the test builder's page). */
import { and, asc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { practiceAnswers, practiceAttempts, practiceChapters, practiceQuestions } from "~/db/schema";

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
