/** A test's settings as the store shows them (its detail page) and as admins build them. */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { practiceAttempts, practiceQuestions, practiceTestQuestions, practiceTests, products } from "~/db/schema";

export interface TestFacts {
  timeLimitMinutes: number;
  negativePercent: number;
  /** Questions on the paper: a case-based set is one. */
  questionCount: number;
  /** What the student answers: each part of a case set is one (the taker's "n/8 answered"). */
  answerCount: number;
  /** A rule may deal a case set, so `answerCount` is the least there will be. */
  answersVary: boolean;
  /** Marks of the chosen questions (a test dealt by rules varies: null). */
  totalMarks: number | null;
}

/** Time, questions, answers and marks of a test for its detail and start pages; null when the product has no test settings. */
export async function getTestFacts(db: DbOrTx, productId: number): Promise<TestFacts | null> {
  const [test] = await db.select().from(practiceTests).where(eq(practiceTests.productId, productId));
  if (!test) return null;
  const chosen = await db
    .select({ id: practiceTestQuestions.questionId })
    .from(practiceTestQuestions)
    .where(eq(practiceTestQuestions.productId, productId));
  const ids = chosen.map((c) => c.id);
  let marks = 0;
  let answers = 0;
  if (ids.length) {
    // What is answered: every chosen question but a case set, and each part of a chosen case set.
    const [row] = await db
      .select({
        answers: sql<number>`count(*)`.mapWith(Number),
        total: sql<number>`coalesce(sum(${practiceQuestions.marks}), 0)`.mapWith(Number),
      })
      .from(practiceQuestions)
      .where(
        sql`(${inArray(practiceQuestions.id, ids)} and ${practiceQuestions.type} <> 'case_based') or ${inArray(practiceQuestions.parentId, ids)}`,
      );
    marks = row?.total ?? 0;
    answers = row?.answers ?? 0;
  }
  const ruled = test.rules.reduce((n, r) => n + r.count, 0);
  return {
    timeLimitMinutes: test.timeLimitMinutes,
    negativePercent: test.negativePercent,
    questionCount: ids.length + ruled,
    // A dealt question is at least one answer; a dealt case set is more.
    answerCount: answers + ruled,
    answersVary: test.rules.some((r) => r.count > 0 && (!r.type || r.type === "case_based")),
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
      // As getTestFacts counts them: a chosen case set is answered part by part.
      answerCount: sql<number>`(select count(*) from practice_questions q
          where (q.type <> 'case_based' and q.id in (select t.question_id from practice_test_questions t where t.product_id = "products"."id"))
          or q.parent_id in (select t.question_id from practice_test_questions t where t.product_id = "products"."id"))`.mapWith(
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
