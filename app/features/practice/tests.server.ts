/** A test's settings as the store shows them (its detail page) and as admins build them. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import {
  practiceAttempts,
  practiceChapters,
  practiceQuestions,
  practiceTestQuestions,
  practiceTests,
  products,
} from "~/db/schema";
import { SUBJECT_LABELS } from "~/features/catalog/labels";
import { HttpError } from "~/lib/errors";
import { chosenSections, layoutQuestionIds } from "./layout";

export interface TestFacts {
  timeLimitMinutes: number;
  negativePercent: number;
  /** Questions on the paper: a case-based set is one; of a board paper, what a student attempts (one option of a part, one alternative of a choice). */
  questionCount: number;
  /** What the student answers: each part of a case set is one (the taker's "n/8 answered"). */
  answerCount: number;
  /** A rule may deal a case set, so `answerCount` is the least there will be. */
  answersVary: boolean;
  /** Marks of the chosen questions, a board paper's as `layoutMaxMarks` counts them (a test dealt by rules varies: null). */
  totalMarks: number | null;
  /** The board pattern and year the paper follows (issue 35), or null. */
  pattern: string | null;
}

/** Time, questions, answers and marks of a test for its detail and start pages; null when the product has no test settings. */
export async function getTestFacts(db: DbOrTx, productId: number): Promise<TestFacts | null> {
  const [test] = await db.select().from(practiceTests).where(eq(practiceTests.productId, productId));
  if (!test) return null;
  const chosen = await db
    .select({ id: practiceTestQuestions.questionId })
    .from(practiceTestQuestions)
    .where(eq(practiceTestQuestions.productId, productId));
  const chosenIds = chosen.map((c) => c.id);
  // A board paper counts what a student attempts: the first option of each part, the first alternative of each choice.
  const ids = test.layout
    ? chosenSections(test.layout, new Set())
        .flatMap((s) => s.items.map((alternatives) => alternatives[0]!))
        .concat(chosenIds.filter((id) => !layoutQuestionIds(test.layout!).includes(id)))
    : chosenIds;
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
    pattern: test.pattern,
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

/* ------------------------------------------------------------------- scope */

/**
 * A test's questions all belong to its subject and class (issue 32): a chapter of another subject or
 * class is never chosen, ruled or dealt. A test "for Class 11 & 12" (`both`) takes either class.
 * The database holds the same rule (the triggers of the `practice_test_scope` migration).
 */
export interface TestScope {
  subject: (typeof products.$inferSelect)["subject"];
  classLevel: (typeof products.$inferSelect)["classLevel"];
}

/** SQL: the ids of the chapters a test of this subject and class takes questions from. */
export function scopeChapterIds(scope: TestScope) {
  const classes = scope.classLevel === "both" ? ["11", "12"] : [scope.classLevel];
  return sql`select ${practiceChapters.id} from ${practiceChapters} where ${practiceChapters.subject} = ${scope.subject} and ${practiceChapters.classLevel} in (${sql.join(
    classes.map((c) => sql`${c}`),
    sql`, `,
  )})`;
}

/** SQL: this question (its chapter) is within the scope. */
export function questionInScope(scope: TestScope) {
  return sql`${practiceQuestions.chapterId} in (${scopeChapterIds(scope)})`;
}

/** "Accountancy Class 12", "Economics Class 11 & 12". */
export function scopeLabel(scope: TestScope) {
  return `${SUBJECT_LABELS[scope.subject]} Class ${scope.classLevel === "both" ? "11 & 12" : scope.classLevel}`;
}

/** The subject and class of a test product (404 when it is not a test). */
export async function getTestScope(db: DbOrTx, productId: number): Promise<TestScope> {
  const [row] = await db
    .select({ kind: products.kind, subject: products.subject, classLevel: products.classLevel })
    .from(products)
    .where(eq(products.id, productId));
  if (row?.kind !== "test") throw new HttpError(404, "Test not found.");
  return { subject: row.subject, classLevel: row.classLevel };
}

/** Of these questions, those whose chapter is outside the scope (unknown ids are left to the caller). */
export async function questionsOutOfScope(db: DbOrTx, scope: TestScope, questionIds: number[]): Promise<number[]> {
  if (!questionIds.length) return [];
  const rows = await db
    .select({ id: practiceQuestions.id })
    .from(practiceQuestions)
    .where(and(inArray(practiceQuestions.id, questionIds), sql`not (${questionInScope(scope)})`));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Of these chapters, those outside the scope (or unknown). */
export async function chaptersOutOfScope(db: DbOrTx, scope: TestScope, chapterIds: number[]): Promise<number[]> {
  const ids = [...new Set(chapterIds)];
  if (!ids.length) return [];
  const inside = await db
    .select({ id: practiceChapters.id })
    .from(practiceChapters)
    .where(and(inArray(practiceChapters.id, ids), sql`${practiceChapters.id} in (${scopeChapterIds(scope)})`));
  return ids.filter((id) => !inside.some((c) => c.id === id));
}

/**
 * Refuses (400 on the category field) to give test `productId` a subject or class its chosen
 * questions or its rules' chapters are not of: the test builder changes those first.
 */
export async function assertScopeKept(db: DbOrTx, productId: number, next: TestScope) {
  const chosen = await db
    .select({ id: practiceTestQuestions.questionId })
    .from(practiceTestQuestions)
    .where(eq(practiceTestQuestions.productId, productId));
  const [settings] = await db
    .select({ rules: practiceTests.rules })
    .from(practiceTests)
    .where(eq(practiceTests.productId, productId));
  const ruled = (settings?.rules ?? []).flatMap((r) => (r.chapterId === null ? [] : [r.chapterId]));
  const questions = await questionsOutOfScope(
    db,
    next,
    chosen.map((c) => c.id),
  );
  const chapters = await chaptersOutOfScope(db, next, ruled);
  if (questions.length || chapters.length) {
    throw new HttpError(
      400,
      `This test has questions that are not ${scopeLabel(next)}: keep its subject and class, or change its questions and rules in the test builder first.`,
      { field: "category" },
    );
  }
}
