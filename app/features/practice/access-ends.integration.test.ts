/**
 * Issue 31, item 5: losing access to a test (a refund, an admin's revocation, of the test or of the
 * course that includes it) closes its open attempt and stops saves, submissions, self-marking and the
 * result with its answers.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { revokeAccess } from "~/features/accounts/users.server";
import { placeOrder } from "~/features/checkout/checkout.server";
import { refundOrder } from "~/features/orders/refund.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { createTestUser } from "../../../tests/helpers/auth";
import { addToCart } from "../../../tests/helpers/checkout";
import { createUser } from "../../../tests/helpers/factories";
import { productIdBySlug, refusal } from "../../../tests/helpers/practice";
import { ACCESS_ENDED } from "./access.server";
import { closeAttemptsWithoutAccess } from "./marking.server";
import { getResult, selfMark } from "./results.server";
import { loadPaper, saveAnswer, startAttempt, submitAttempt } from "./taking.server";

const MOCK = "accountancy-class-12-mock-paper-1";
const COURSE = "accountancy-class-12";

async function firstQuestion(attemptId: number, userId: string) {
  const db = await getDb();
  const paper = await loadPaper(db, userId, attemptId);
  if ("submitted" in paper) throw new Error("expected an open paper");
  return paper.questions.find((q) => q.optionsHtml.length > 0)!;
}

/** The user's enrolment in the item, as a purchase gives it. */
async function enrol(userId: string, productId: number) {
  const db = await getDb();
  const [row] = await db.insert(schema.enrolments).values({ userId, productId, source: "purchase" }).returning();
  return row!;
}

async function attemptRow(attemptId: number) {
  const db = await getDb();
  const [row] = await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, attemptId));
  return row!;
}

describe("an attempt of a test whose access ended", () => {
  it("a refund of the test closes the open attempt; no save, submission, self-marking or answers after it", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    const user = await createTestUser({ stateCode: "08" });
    await addToCart(user.id, [mock]);
    const placed = await placeOrder(db, user.id);
    await settleTestPayment(db, user.id, placed.orderId, "pay");
    const viewer = { id: user.id, role: "student" as const };
    const attemptId = await startAttempt(db, viewer, mock);
    const question = await firstQuestion(attemptId, user.id);
    await saveAnswer(db, user.id, attemptId, {
      questionId: question.id,
      choice: 0,
      text: null,
      markedForReview: false,
    });

    await refundOrder(db, placed.orderId, null);
    const attempt = await attemptRow(attemptId);
    expect(attempt.submittedAt).toBeInstanceOf(Date);
    expect(attempt.autoSubmitted).toBe(true);

    const answer = { questionId: question.id, choice: 1, text: null, markedForReview: false };
    // One call at a time: started together, a refusal could come before anything awaited it (an
    // unhandled rejection, which fails the run on PostgreSQL).
    for (const call of [
      () => saveAnswer(db, user.id, attemptId, answer),
      () => submitAttempt(db, user.id, attemptId),
      () => getResult(db, viewer, attemptId),
      () => loadPaper(db, user.id, attemptId),
      () => selfMark(db, user.id, attemptId, question.id, 1),
    ]) {
      expect(await refusal(call())).toEqual({ status: 403, message: ACCESS_ENDED });
    }
    const [saved] = await db
      .select()
      .from(schema.practiceAnswers)
      .where(and(eq(schema.practiceAnswers.attemptId, attemptId), eq(schema.practiceAnswers.questionId, question.id)));
    expect(saved!.choice).toBe(0);
    // An admin still reads it (the teacher's report counts what was answered).
    const admin = await createUser({ role: "admin" });
    expect(await getResult(db, { id: admin.id, role: "admin" }, attemptId)).toMatchObject({ attemptId });
  });

  it("an admin revoking the course that includes the test closes its attempt too", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    const course = await productIdBySlug(COURSE);
    const user = await createUser();
    const enrolment = await enrol(user.id, course);
    const viewer = { id: user.id, role: "student" as const };
    const attemptId = await startAttempt(db, viewer, mock);
    const admin = await createUser({ role: "admin" });
    await revokeAccess(db, admin.id, user.id, enrolment.id, closeAttemptsWithoutAccess);
    const attempt = await attemptRow(attemptId);
    expect(attempt.submittedAt).toBeInstanceOf(Date);
    expect((await refusal(getResult(db, viewer, attemptId))).status).toBe(403);
    expect((await refusal(startAttempt(db, viewer, mock))).status).toBe(403);
  });

  it("an attempt of a test still owned some other way stays open when one grant of it is revoked", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    const course = await productIdBySlug(COURSE);
    const user = await createUser();
    const viaCourse = await enrol(user.id, course);
    await enrol(user.id, mock);
    const attemptId = await startAttempt(db, { id: user.id, role: "student" }, mock);
    const admin = await createUser({ role: "admin" });
    await revokeAccess(db, admin.id, user.id, viaCourse.id, closeAttemptsWithoutAccess);
    const attempt = await attemptRow(attemptId);
    expect(attempt.submittedAt).toBeNull();
    const question = await firstQuestion(attemptId, user.id);
    await saveAnswer(db, user.id, attemptId, {
      questionId: question.id,
      choice: 0,
      text: null,
      markedForReview: false,
    });
  });
});
