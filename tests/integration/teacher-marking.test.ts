/**
 * Issue 35: the teacher marks written answers. Only admins open the queue and mark; the marks
 * (halves allowed) and comment replace the self-marks in the score and the chapter report; the student
 * is emailed and sees them; refusals change nothing.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { getResult, selfMark } from "~/features/practice/results.server";
import { chapterStrengths } from "~/features/practice/strengths.server";
import {
  loadPaper,
  saveAnswer,
  startAttempt,
  submitAttempt,
  type TakingPaper,
} from "~/features/practice/taking.server";
import { action as markAction, loader as markLoader } from "~/routes/admin/practice-mark";
import { loader as queueLoader } from "~/routes/admin/practice-marking";
import { cookieFor, createTestUser } from "../helpers/auth";
import { productIdBySlug, refusal } from "../helpers/practice";
import { makeRequest, routeCall } from "../helpers/route";

const SAMPLE = "accountancy-class-12-free-sample-test";

async function call(fn: (args: never) => unknown, path: string, cookie: string, params = {}, body?: BodyInit) {
  const request = makeRequest(path, body ? { method: "POST", body, headers: { cookie } } : { headers: { cookie } });
  try {
    const result = await routeCall(fn, { request, params });
    if (result instanceof Response) return { status: result.status, data: undefined as unknown };
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const d = result as { init?: ResponseInit; data: unknown };
      return { status: d.init?.status ?? 200, data: d.data };
    }
    return { status: 200, data: result as unknown };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, data: undefined };
    const e = error as { init?: ResponseInit; data?: unknown };
    if (e && typeof e === "object" && "init" in e) return { status: e.init?.status ?? 500, data: e.data };
    throw error;
  }
}

/** A student's submitted sample test with a written answer; its question and the attempt. */
async function submittedWrittenAnswer(text = "Purchase of machinery; sale of investments; interest received.") {
  const db = await getDb();
  const user = await createTestUser({ name: "Meera Iyer" });
  const viewer = { id: user.id, role: "student" as const };
  const attemptId = await startAttempt(db, viewer, await productIdBySlug(SAMPLE));
  const paper = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
  const written = paper.questions.find((q) => q.type === "short_answer")!;
  await saveAnswer(db, user.id, attemptId, { questionId: written.id, choice: null, text, markedForReview: false });
  await submitAttempt(db, user.id, attemptId);
  return { db, user, viewer, attemptId, questionId: written.id, marks: written.marks };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("the teacher's marking", () => {
  it("only admins see the queue and mark; a student, an instructor and a visitor are refused", async () => {
    const { attemptId, questionId, user } = await submittedWrittenAnswer();
    const path = `/admin/practice/marking/${attemptId}/${questionId}`;
    const params = { attemptId: String(attemptId), questionId: String(questionId) };
    for (const cookie of [await cookieFor(user), await cookieFor(await createTestUser({ role: "instructor" }))]) {
      expect((await call(queueLoader, "/admin/practice/marking", cookie)).status).toBe(403);
      expect((await call(markLoader, path, cookie, params)).status).toBe(403);
      expect((await call(markAction, path, cookie, params, form({ marks: "3" }))).status).toBe(403);
    }
    expect((await call(queueLoader, "/admin/practice/marking", "")).status).toBe(302);
    const db = await getDb();
    const [answer] = await db
      .select()
      .from(schema.practiceAnswers)
      .where(and(eq(schema.practiceAnswers.attemptId, attemptId), eq(schema.practiceAnswers.questionId, questionId)));
    expect(answer!.markedAt).toBeNull();
  });

  it("marks in halves with a comment: the score, the result, the chapter report and an email follow; the student can no longer self-mark", async () => {
    const { db, user, viewer, attemptId, questionId, marks } = await submittedWrittenAnswer();
    const cookie = await cookieFor(await createTestUser({ role: "admin", name: "Asha Teacher" }));
    await selfMark(db, user.id, attemptId, questionId, marks);
    const before = await getResult(db, viewer, attemptId);
    if ("open" in before) throw new Error("submitted");
    const [question] = await db
      .select()
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.id, questionId));
    const chapterOf = async () =>
      (await chapterStrengths(db, user.id)).find((c) => c.chapterId === question!.chapterId)!;
    const reportBefore = await chapterOf();

    const queue = await call(queueLoader, "/admin/practice/marking", cookie);
    const rows = (
      queue.data as { rows: { attemptId: number; questionId: number; student: string; selfCenti: number }[] }
    ).rows;
    expect(rows.find((r) => r.attemptId === attemptId)).toMatchObject({
      questionId,
      student: "Meera Iyer",
      selfCenti: marks * 100,
    });
    const page = await call(markLoader, `/admin/practice/marking/${attemptId}/${questionId}`, cookie, {
      attemptId: String(attemptId),
      questionId: String(questionId),
    });
    const item = (page.data as { item: { answer: string; modelAnswerHtml: string; markingPointsHtml: string[] } }).item;
    expect(item.answer).toBe("Purchase of machinery; sale of investments; interest received.");
    expect(item.modelAnswerHtml.length).toBeGreaterThan(20);
    expect(item.markingPointsHtml.length).toBeGreaterThan(0);

    const saved = await call(
      markAction,
      `/admin/practice/marking/${attemptId}/${questionId}`,
      cookie,
      { attemptId: String(attemptId), questionId: String(questionId) },
      form({ marks: "1.5", comment: "Name the third item correctly: interest received is investing." }),
    );
    expect(saved.status).toBe(302);

    const after = await getResult(db, viewer, attemptId);
    if ("open" in after) throw new Error("submitted");
    const q = after.questions.find((x) => x.id === questionId)!;
    expect(q).toMatchObject({
      awardedCenti: 150,
      teacherMarked: true,
      teacherComment: "Name the third item correctly: interest received is investing.",
    });
    expect(after.scoreCenti).toBe(before.scoreCenti - marks * 100 + 150);
    expect(await refusal(selfMark(db, user.id, attemptId, questionId, 0))).toEqual({
      status: 409,
      message: "Your teacher has marked this answer: their marks count.",
    });
    // The chapter report counts the teacher's 1.5, not the self-marks.
    expect((await chapterOf()).earnedCenti).toBe(reportBefore.earnedCenti - marks * 100 + 150);
    const [mail] = await db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.to, user.email))
      .orderBy(desc(schema.emailOutbox.id))
      .limit(1);
    expect(mail!.subject).toBe('Your teacher marked your answer in "Accountancy Class 12 — Free Sample Test"');
    expect(mail!.text).toContain(`is marked: 1.5 of ${marks}.`);
    expect(mail!.text).toContain("interest received is investing.");
    expect(mail!.text).toContain(`/my-courses/tests/${attemptId}`);
    // Marked answers leave the queue.
    const again = await call(queueLoader, "/admin/practice/marking", cookie);
    expect((again.data as { rows: { attemptId: number }[] }).rows.some((r) => r.attemptId === attemptId)).toBe(false);
  });

  it("refuses marks out of range, quarter marks, a long comment, an open attempt and an answer that is not written; nothing changes", async () => {
    const { db, attemptId, questionId, marks } = await submittedWrittenAnswer();
    const cookie = await cookieFor(await createTestUser({ role: "admin" }));
    const post = (a: number | string, q: number | string, fields: Record<string, string>) =>
      call(
        markAction,
        `/admin/practice/marking/${a}/${q}`,
        cookie,
        { attemptId: String(a), questionId: String(q) },
        form(fields),
      );
    const tooMany = await post(attemptId, questionId, { marks: String(marks + 1) });
    expect(tooMany).toMatchObject({
      status: 400,
      data: { fieldErrors: { marks: `Give between 0 and ${marks} marks, in whole or half marks.` } },
    });
    expect((await post(attemptId, questionId, { marks: "1.25" })).data).toMatchObject({
      fieldErrors: { marks: "Give whole or half marks, e.g. 2 or 2.5." },
    });
    expect((await post(attemptId, questionId, { marks: "1", comment: "c".repeat(2001) })).status).toBe(400);
    expect((await post(attemptId, questionId, {})).status).toBe(400);
    expect((await post("99999999", questionId, { marks: "1" })).status).toBe(404);
    expect((await post("1e1", questionId, { marks: "1" })).status).toBe(404);
    // An objective question of the same attempt is marked by the server, not the teacher.
    const mcq = (
      await db
        .select()
        .from(schema.practiceAnswers)
        .innerJoin(schema.practiceQuestions, eq(schema.practiceQuestions.id, schema.practiceAnswers.questionId))
        .where(and(eq(schema.practiceAnswers.attemptId, attemptId), eq(schema.practiceQuestions.type, "mcq")))
    )[0]!;
    expect((await post(attemptId, mcq.practice_answers.questionId, { marks: "1" })).status).toBe(404);
    // An attempt still open has nothing to mark yet.
    const other = await createTestUser();
    const open = await startAttempt(db, { id: other.id, role: "student" }, await productIdBySlug(SAMPLE));
    expect((await post(open, questionId, { marks: "1" })).status).toBe(404);
    const [answer] = await db
      .select()
      .from(schema.practiceAnswers)
      .where(and(eq(schema.practiceAnswers.attemptId, attemptId), eq(schema.practiceAnswers.questionId, questionId)));
    expect(answer).toMatchObject({ markedAt: null, teacherComment: null });
  });
});
