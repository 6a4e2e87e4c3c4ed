/** The result of an attempt, the self-marks, and what it feeds: the chapter strengths and the owner's report. */
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { createUser } from "../../../tests/helpers/factories";
import { correctOptions, newStudent, productIdBySlug, refusal } from "../../../tests/helpers/practice";
import { testReport } from "./report.server";
import { getResult, selfMark } from "./results.server";
import { chapterStrengths } from "./strengths.server";
import { loadPaper, saveAnswer, startAttempt, submitAttempt, type TakingPaper } from "./taking.server";

const MOCK = "accountancy-class-12-mock-paper-1";

describe("practice tests: results", () => {
  it("scores with negative marking, explains every answer, takes self-marks and feeds the chapter report and the owner's view", async () => {
    const db = await getDb();
    const user = await newStudent();
    const mock = await productIdBySlug(MOCK);
    await db.insert(schema.enrolments).values({ userId: user.id, productId: mock, source: "purchase" });
    const attemptId = await startAttempt(db, user, mock);
    const paper = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
    expect(paper.maxMarks).toBe(14);
    const questions = await correctOptions(paper.questions.map((q) => q.id));
    // Right on the first four, wrong on the next two, nothing on the two assertion–reason questions.
    for (const [i, q] of paper.questions.entries()) {
      const row = questions.get(q.id)!;
      if (row.correctOption === null) continue;
      if (i < 4)
        await saveAnswer(db, user.id, attemptId, {
          questionId: q.id,
          choice: row.correctOption,
          text: null,
          markedForReview: false,
        });
      else if (i < 6)
        await saveAnswer(db, user.id, attemptId, {
          questionId: q.id,
          choice: (row.correctOption + 1) % 4,
          text: null,
          markedForReview: false,
        });
    }
    const written = paper.questions.find((q) => q.type === "long_answer")!;
    await saveAnswer(db, user.id, attemptId, {
      questionId: written.id,
      choice: null,
      text: "Cash Dr 50,000 …",
      markedForReview: false,
    });
    await submitAttempt(db, user.id, attemptId);

    const result = (await getResult(db, user, attemptId)) as Exclude<
      Awaited<ReturnType<typeof getResult>>,
      { open: true }
    >;
    expect(result.scoreCenti).toBe(4 * 100 - 2 * 25);
    expect(result.unmarkedWritten).toBe(1);
    expect(result.questions.every((q) => q.explanationHtml.length > 0)).toBe(true);
    expect(result.questions.find((q) => q.id === written.id)).toMatchObject({
      text: "Cash Dr 50,000 …",
      awardedCenti: null,
    });

    expect((await refusal(selfMark(db, user.id, attemptId, written.id, 7))).status).toBe(400);
    expect((await refusal(selfMark(db, user.id, attemptId, paper.questions[0]!.id, 1))).status).toBe(400);
    await selfMark(db, user.id, attemptId, written.id, 4);
    const marked = (await getResult(db, user, attemptId)) as typeof result;
    expect(marked.scoreCenti).toBe(350 + 400);
    expect(marked.unmarkedWritten).toBe(0);

    // An admin reads the result too, with the student's name.
    const admin = { id: (await createUser({ role: "admin" })).id, role: "admin" as const };
    expect(((await getResult(db, admin, attemptId)) as typeof result).studentName).toBe("Test Student");

    const strengths = await chapterStrengths(db, user.id);
    const admission = strengths.find((s) => s.chapter === "Partnership — Admission")!;
    // Goodwill MCQ right (1 of 1) and the long answer 4 of 6: 5 of 7 = 71%.
    expect(admission).toMatchObject({ earnedCenti: 500, possible: 7, percent: 71, practiceProductId: mock });
    expect(strengths[0]!.percent).toBeLessThanOrEqual(strengths.at(-1)!.percent);

    const report = await testReport(db, mock);
    expect(report).toMatchObject({ attempts: 1, students: 1, averagePercent: 54 });
    expect(report.mostWrong).toHaveLength(2);
    expect(report.mostWrong[0]).toMatchObject({ wrong: 1, answered: 1 });
  });
});
