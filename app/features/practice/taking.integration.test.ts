/** Taking a practice test: who may take it, the paper sent, saving answers, the deadline and submitting. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { correctOptions, newStudent, productIdBySlug, refusal } from "../../../tests/helpers/practice";
import { getTakeableTest, NO_ACCESS } from "./access.server";
import { getResult } from "./results.server";
import {
  loadPaper,
  SUBMITTED,
  saveAnswer,
  startAttempt,
  submitAttempt,
  type TakingPaper,
  TIME_UP,
} from "./taking.server";

const SAMPLE = "accountancy-class-12-free-sample-test";
const MOCK = "accountancy-class-12-mock-paper-1";

describe("practice tests: access", () => {
  it("a free sample test is open to any signed-in student; a paid mock paper needs a purchase", async () => {
    const db = await getDb();
    const user = await newStudent();
    const sample = await getTakeableTest(db, user, await productIdBySlug(SAMPLE));
    expect(sample.questionCount).toBe(6);
    expect(await refusal(getTakeableTest(db, user, await productIdBySlug(MOCK)))).toEqual({
      status: 403,
      message: NO_ACCESS,
    });
    await db
      .insert(schema.enrolments)
      .values({ userId: user.id, productId: await productIdBySlug(MOCK), source: "purchase" });
    expect((await getTakeableTest(db, user, await productIdBySlug(MOCK))).timeLimitMinutes).toBe(60);
  });

  it("a refunded (revoked) purchase no longer opens the paid test; a draft or another kind is not found", async () => {
    const db = await getDb();
    const user = await newStudent();
    const mock = await productIdBySlug(MOCK);
    await db
      .insert(schema.enrolments)
      .values({ userId: user.id, productId: mock, source: "purchase", revokedAt: new Date() });
    expect((await refusal(startAttempt(db, user, mock))).status).toBe(403);
    await db
      .update(schema.products)
      .set({ status: "draft" })
      .where(eq(schema.products.id, await productIdBySlug(SAMPLE)));
    expect((await refusal(startAttempt(db, user, await productIdBySlug(SAMPLE)))).status).toBe(404);
    expect((await refusal(startAttempt(db, user, await productIdBySlug("accountancy-class-12")))).status).toBe(404);
  });
});

describe("practice tests: taking", () => {
  it("the paper sent for taking carries no correct option, model answer, marking point or explanation", async () => {
    const db = await getDb();
    const user = await newStudent();
    const attemptId = await startAttempt(db, user, await productIdBySlug(SAMPLE));
    const paper = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
    const json = JSON.stringify(paper);
    const questions = await correctOptions(paper.questions.map((q) => q.id));
    expect(paper.questions).toHaveLength(8); // 5 single questions + a case set of 3, minus the set itself
    for (const q of questions.values()) {
      expect(json).not.toContain(q.explanation);
      if (q.modelAnswer) expect(json).not.toContain(q.modelAnswer.slice(0, 40));
      for (const point of q.markingPoints) expect(json).not.toContain(point);
    }
    expect(json).not.toMatch(
      /"(correctOption|explanation|modelAnswer|markingPoints|answerNumber|answerTolerance)(Html)?"/,
    );
    // The case set's passage comes with its parts.
    expect(paper.questions.filter((q) => q.passageHtml?.startsWith("<p>Sunrise Ltd."))).toHaveLength(3);
  });

  it("saves answers on the server one by one; starting again resumes the open attempt with them", async () => {
    const db = await getDb();
    const user = await newStudent();
    const id = await productIdBySlug(SAMPLE);
    const attemptId = await startAttempt(db, user, id);
    const paper = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
    const [first, second] = paper.questions;
    await saveAnswer(db, user.id, attemptId, { questionId: first!.id, choice: 2, text: null, markedForReview: true });
    await saveAnswer(db, user.id, attemptId, { questionId: second!.id, choice: 1, text: null, markedForReview: false });
    await saveAnswer(db, user.id, attemptId, { questionId: first!.id, choice: 0, text: null, markedForReview: false });
    expect(await startAttempt(db, user, id)).toBe(attemptId);
    const again = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
    expect(again.questions[0]).toMatchObject({ choice: 0, markedForReview: false });
    expect(again.questions[1]).toMatchObject({ choice: 1 });
    expect(again.deadline).toBe(paper.deadline);
  });

  it("refuses an option a question does not have, a question not in the paper and someone else's attempt", async () => {
    const db = await getDb();
    const user = await newStudent();
    const other = await newStudent();
    const attemptId = await startAttempt(db, user, await productIdBySlug(SAMPLE));
    const paper = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
    const q = paper.questions[0]!;
    expect(
      (
        await refusal(
          saveAnswer(db, user.id, attemptId, { questionId: q.id, choice: 9, text: null, markedForReview: false }),
        )
      ).status,
    ).toBe(400);
    const [foreign] = await db
      .select()
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.type, "long_answer"));
    expect(
      (
        await refusal(
          saveAnswer(db, user.id, attemptId, {
            questionId: foreign!.id,
            choice: null,
            text: "x",
            markedForReview: false,
          }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await refusal(
          saveAnswer(db, other.id, attemptId, { questionId: q.id, choice: 0, text: null, markedForReview: false }),
        )
      ).status,
    ).toBe(404);
    expect((await refusal(loadPaper(db, other.id, attemptId))).status).toBe(404);
    expect((await refusal(getResult(db, other, attemptId))).status).toBe(404);
  });

  it("the server's clock decides: a save after the deadline is refused and the attempt is submitted as it stood", async () => {
    const db = await getDb();
    const user = await newStudent();
    const start = new Date();
    const attemptId = await startAttempt(db, user, await productIdBySlug(SAMPLE), start);
    const paper = (await loadPaper(db, user.id, attemptId, start)) as TakingPaper;
    const [q1, q2] = paper.questions;
    const questions = await correctOptions([q1!.id]);
    const right = questions.get(q1!.id)!.correctOption!;
    await saveAnswer(
      db,
      user.id,
      attemptId,
      { questionId: q1!.id, choice: right, text: null, markedForReview: false },
      new Date(start.getTime() + 60_000),
    );
    // 20 minutes and 10 seconds later: whatever the browser's clock says, the save is too late.
    const late = new Date(start.getTime() + 20 * 60_000 + 10_000);
    expect(
      await refusal(
        saveAnswer(db, user.id, attemptId, { questionId: q2!.id, choice: 0, text: null, markedForReview: false }, late),
      ),
    ).toEqual({
      status: 409,
      message: TIME_UP,
    });
    const [row] = await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, attemptId));
    expect(row!.autoSubmitted).toBe(true);
    expect(row!.submittedAt!.getTime()).toBe(row!.deadlineAt.getTime());
    expect(row!.scoreCenti).toBe(100);
    const [saved] = await db.select().from(schema.practiceAnswers).where(eq(schema.practiceAnswers.questionId, q2!.id));
    expect(saved?.choice ?? null).toBeNull();
  });

  it("an expired attempt is submitted when it is next opened, and a submitted attempt never changes", async () => {
    const db = await getDb();
    const user = await newStudent();
    const start = new Date(Date.now() - 21 * 60_000);
    const attemptId = await startAttempt(db, user, await productIdBySlug(SAMPLE), start);
    expect(await loadPaper(db, user.id, attemptId)).toEqual({ submitted: true });
    const result = await getResult(db, user, attemptId);
    expect("open" in result).toBe(false);
    const q = (result as Exclude<typeof result, { open: true }>).questions[0]!;
    expect(
      await refusal(
        saveAnswer(db, user.id, attemptId, { questionId: q.id, choice: 0, text: null, markedForReview: false }),
      ),
    ).toEqual({
      status: 409,
      message: SUBMITTED,
    });
    await submitAttempt(db, user.id, attemptId);
    const [row] = await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, attemptId));
    expect(row!.autoSubmitted).toBe(true);
    // A new start deals a new attempt.
    expect(await startAttempt(db, user, await productIdBySlug(SAMPLE))).not.toBe(attemptId);
  });
});
