/** A test's settings as the store shows them (its detail page) and as admins build them. */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { practiceAttempts, practiceQuestions, practiceTestQuestions, practiceTests, products } from "~/db/schema";

export interface TestFacts {
  timeLimitMinutes: number;
  negativePercent: number;
  questionCount: number;
  /** Marks of the chosen questions (a test dealt by rules varies: null). */
  totalMarks: number | null;
}

/** Time, questions and marks of a test for its detail page; null when the product has no test settings. */
export async function getTestFacts(db: DbOrTx, productId: number): Promise<TestFacts | null> {
  const [test] = await db.select().from(practiceTests).where(eq(practiceTests.productId, productId));
  if (!test) return null;
  const chosen = await db
    .select({ id: practiceTestQuestions.questionId })
    .from(practiceTestQuestions)
    .where(eq(practiceTestQuestions.productId, productId));
  const ids = chosen.map((c) => c.id);
  let marks = 0;
  if (ids.length) {
    // A case set counts by its parts' marks.
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${practiceQuestions.marks}), 0)`.mapWith(Number) })
      .from(practiceQuestions)
      .where(
        sql`(${inArray(practiceQuestions.id, ids)} and ${practiceQuestions.type} <> 'case_based') or ${inArray(practiceQuestions.parentId, ids)}`,
      );
    marks = row?.total ?? 0;
  }
  const ruled = test.rules.reduce((n, r) => n + r.count, 0);
  return {
    timeLimitMinutes: test.timeLimitMinutes,
    negativePercent: test.negativePercent,
    questionCount: ids.length + ruled,
    totalMarks: ruled ? null : marks,
  };
}

/** Every test product with its chosen questions and submitted attempts (the admin's question bank page). */
export async function listTests(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      title: products.title,
      status: products.status,
      questionCount:
        sql<number>`(select count(*) from ${practiceTestQuestions} where ${practiceTestQuestions.productId} = ${products.id})`.mapWith(
          Number,
        ),
      attempts:
        sql<number>`(select count(*) from ${practiceAttempts} where ${practiceAttempts.productId} = ${products.id} and ${practiceAttempts.submittedAt} is not null)`.mapWith(
          Number,
        ),
    })
    .from(products)
    .where(eq(products.kind, "test"))
    .orderBy(asc(products.position), asc(products.id));
}

/** Whether the product is a practice test (any status). */
export async function isTestProduct(db: DbOrTx, productId: number): Promise<boolean> {
  const [row] = await db.select({ kind: products.kind }).from(products).where(eq(products.id, productId));
  return row?.kind === "test";
}
