/**
 * Who may take a practice test, and so answer, submit or read the answers of an attempt of it: the
 * test's overview for the start page, or a refusal (rules: taking.integration.test.ts,
 * course-lessons.integration.test.ts, access-ends.integration.test.ts).
 * - an attempt is its student's: anyone else gets 404 (admins may read results);
 * - a refund or a revoked enrolment ends the access (marking.server.ts closes what was open).
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import {
  enrolments,
  lessons,
  practiceAttempts,
  practiceTestQuestions,
  practiceTests,
  products,
  users,
} from "~/db/schema";
import { givesAccess } from "~/features/accounts/access-period.server";
import type { SessionUser } from "~/features/accounts/guards.server";
import type { ClassLevel } from "~/features/catalog/class-levels";
import type { Subject } from "~/features/catalog/labels";
import { getAccessibleProduct } from "~/features/learning/access.server";
import { HttpError } from "~/lib/errors";
import { MAX_ID } from "~/lib/id";

export const NOT_FOUND = "Attempt not found.";
export const NO_ACCESS = "Buy this test to take it.";
export const ACCESS_ENDED = "You no longer have access to this test, so its answers and results are closed.";

export type Viewer = Pick<SessionUser, "id" | "role">;

export function validId(id: number) {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;
}

/* ------------------------------------------------------------------ the test */

export interface TestOverview {
  productId: number;
  title: string;
  subject: Subject;
  classLevel: ClassLevel;
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
 * revoked enrolment ends it (closeAttemptsWithoutAccess in marking.server.ts closes what was open).
 */
export async function mayTakeTest(db: DbOrTx, userId: string, productId: number): Promise<boolean> {
  const [viewer] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (viewer?.role === "admin") return true;
  if (await getAccessibleProduct(db, userId, productId, ["test"])) return true;
  return inOwnedCourse(db, userId, productId);
}

/** Refuses (403) an attempt of a test this user may no longer take. */
export async function requireTestAccess(db: DbOrTx, userId: string, productId: number) {
  if (!(await mayTakeTest(db, userId, productId))) throw new HttpError(403, ACCESS_ENDED);
}

/** Whether the user owns a course (live enrolment not past its end, not a draft) with a lesson that opens this test. */
export async function inOwnedCourse(db: DbOrTx, userId: string, testProductId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(enrolments, and(eq(enrolments.productId, lessons.productId), eq(enrolments.userId, userId)))
    .innerJoin(products, eq(products.id, lessons.productId))
    .where(and(eq(lessons.testProductId, testProductId), givesAccess(), ne(products.status, "draft")))
    .limit(1);
  return Boolean(row);
}
