import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { TestFactsList } from "~/features/practice/test-facts";
import type { TestFacts } from "~/features/practice/tests.server";
import { action as answerAction } from "~/routes/api/practice-answer";
import { loader as playerLoader } from "~/routes/store/course-player";
import { action as attemptAction, loader as attemptLoader } from "~/routes/store/practice-attempt";
import { loader as attemptsLoader } from "~/routes/store/practice-attempts";
import { action as startAction, loader as startLoader } from "~/routes/store/practice-start";
import { loader as productLoader } from "~/routes/store/product";
import { cookieFor, createTestUser } from "../helpers/auth";
import { flashOf, makeRequest, routeCall } from "../helpers/route";

const SAMPLE = "accountancy-class-12-free-sample-test";
const MOCK = "accountancy-class-12-mock-paper-1";

async function seededId(slug: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.products).where(eq(schema.products.slug, slug));
  return row!.id;
}

/** Runs a loader/action; a thrown Response or data() becomes { status, body }. */
async function run(
  fn: (args: never) => unknown,
  path: string,
  params: Record<string, string>,
  cookie: string | null,
  init?: RequestInit,
) {
  const headers = { ...(cookie ? { cookie } : {}), ...((init?.headers as Record<string, string>) ?? {}) };
  const request = makeRequest(path, { ...init, headers });
  try {
    const result = await routeCall(fn, { request, params, context: {} } as never);
    if (result instanceof Response)
      return { status: result.status, response: result, body: await result.clone().text() };
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const d = result as { init?: ResponseInit; data: unknown };
      return { status: d.init?.status ?? 200, data: d.data, body: JSON.stringify(d.data) };
    }
    return { status: 200, data: result, body: JSON.stringify(result) };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, response: error, body: await error.text() };
    if (error && typeof error === "object" && "init" in error) {
      const e = error as { init?: ResponseInit; data?: unknown };
      return { status: e.init?.status ?? 500, body: JSON.stringify(e.data ?? null) };
    }
    throw error;
  }
}

const post = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });

async function startSample(cookie: string) {
  const id = await seededId(SAMPLE);
  const started = await run(startAction, `/my-courses/tests/start/${id}`, { productId: String(id) }, cookie, post({}));
  expect(started.status).toBe(302);
  const location = started.response!.headers.get("Location")!;
  expect(location).toMatch(/^\/my-courses\/tests\/\d+$/);
  return Number(location.split("/").at(-1));
}

describe("practice test routes", () => {
  it("a test with a case set says its questions and the answers the student will give, on its store page and start page", async () => {
    const id = await seededId(SAMPLE);
    const db = await getDb();
    // The seeded sample: top-level questions on the paper, one of them a case set answered part by part.
    const chosen = (
      await db.select().from(schema.practiceTestQuestions).where(eq(schema.practiceTestQuestions.productId, id))
    ).map((c) => c.questionId);
    const all = await db.select().from(schema.practiceQuestions);
    const caseSets = all.filter((q) => chosen.includes(q.id) && q.type === "case_based");
    expect(caseSets.length).toBeGreaterThan(0);
    const answers =
      chosen.length - caseSets.length + all.filter((q) => q.parentId !== null && chosen.includes(q.parentId)).length;
    expect(answers).toBeGreaterThan(chosen.length);
    const wording = `${chosen.length} questions (${answers} answers)`;

    const store = await run(productLoader, `/tests/${id}`, { id: String(id) }, null);
    expect(store.status).toBe(200);
    const facts = (store.data as { testFacts: TestFacts }).testFacts;
    expect(facts).toMatchObject({ questionCount: chosen.length, answerCount: answers, answersVary: false });
    expect(renderToStaticMarkup(createElement(TestFactsList, { facts }))).toContain(wording);

    const cookie = await cookieFor(await createTestUser());
    const start = await run(startLoader, `/my-courses/tests/start/${id}`, { productId: String(id) }, cookie);
    expect((start.data as { facts: TestFacts }).facts).toEqual(facts);

    // The paper the student then meets has exactly that many answers.
    const attemptId = await startSample(cookie);
    const taking = await run(attemptLoader, `/my-courses/tests/${attemptId}`, { attemptId: String(attemptId) }, cookie);
    expect((taking.data as { paper: { questions: unknown[] } }).paper.questions).toHaveLength(answers);
  });

  it("a visitor is sent to log in; a student opens the free sample; a paid test not bought goes back to its store page", async () => {
    const id = await seededId(SAMPLE);
    const visitor = await run(startLoader, `/my-courses/tests/start/${id}`, { productId: String(id) }, null);
    expect(visitor.status).toBe(302);
    expect(visitor.response!.headers.get("Location")).toMatch(/^\/login/);

    const cookie = await cookieFor(await createTestUser());
    const page = await run(startLoader, `/my-courses/tests/start/${id}`, { productId: String(id) }, cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      test: { title: "Accountancy Class 12 — Free Sample Test", openAttemptId: null },
    });

    // "Open" on an owned test goes to /my-courses/:id, which sends it to the start page.
    const viaPlayer = await run(playerLoader, `/my-courses/${id}`, { id: String(id) }, cookie);
    expect(viaPlayer.status).toBe(302);
    expect(viaPlayer.response!.headers.get("Location")).toBe(`/my-courses/tests/start/${id}`);

    const mock = await seededId(MOCK);
    for (const fn of [startLoader, startAction]) {
      const paid = await run(
        fn,
        `/my-courses/tests/start/${mock}`,
        { productId: String(mock) },
        cookie,
        fn === startAction ? post({}) : undefined,
      );
      expect(paid.status).toBe(302);
      expect(paid.response!.headers.get("Location")).toBe(`/tests/${mock}`);
      expect(await flashOf(paid.response!)).toBe("Buy this test to take it.");
    }
    const db = await getDb();
    expect(await db.select().from(schema.practiceAttempts)).toEqual([]);
    for (const bad of ["abc", "0", "99999999"]) {
      expect((await run(startLoader, `/my-courses/tests/start/${bad}`, { productId: bad }, cookie)).status).toBe(404);
    }
  });

  it("the taking page's data carries no answer; answers save through the API; submit shows the explained result", async () => {
    const student = await createTestUser();
    const cookie = await cookieFor(student);
    const attemptId = await startSample(cookie);
    const params = { attemptId: String(attemptId) };
    const taking = await run(attemptLoader, `/my-courses/tests/${attemptId}`, params, cookie);
    expect(taking.status).toBe(200);
    const paper = (taking.data as { paper: { questions: { id: number; type: string }[] } }).paper;
    const db = await getDb();
    const questions = await db.select().from(schema.practiceQuestions);
    for (const q of questions) {
      expect(taking.body).not.toContain(q.explanation);
      for (const p of q.markingPoints) expect(taking.body).not.toContain(p);
    }
    expect(taking.body).not.toMatch(
      /"(correctOption|explanation|modelAnswer|markingPoints|answerNumber|answerTolerance)(Html)?"/,
    );

    const first = paper.questions[0]!;
    const right = questions.find((q) => q.id === first.id)!.correctOption!;
    const saved = await run(
      answerAction,
      `/api/practice/attempts/${attemptId}/answers`,
      params,
      cookie,
      post({ questionId: String(first.id), choice: String(right), markedForReview: "on" }),
    );
    expect(saved).toMatchObject({ status: 200, data: { saved: true } });
    const badChoice = await run(
      answerAction,
      `/api/practice/attempts/${attemptId}/answers`,
      params,
      cookie,
      post({ questionId: String(first.id), choice: "7" }),
    );
    expect(badChoice.status).toBe(400);
    const notNumber = await run(
      answerAction,
      `/api/practice/attempts/${attemptId}/answers`,
      params,
      cookie,
      post({ questionId: "x" }),
    );
    expect(notNumber.status).toBe(400);
    const signedOut = await run(
      answerAction,
      `/api/practice/attempts/${attemptId}/answers`,
      params,
      null,
      post({ questionId: String(first.id), choice: "0" }),
    );
    expect(signedOut.status).toBe(401);

    // Someone else: no paper, no saving, no result.
    const other = await cookieFor(await createTestUser());
    expect((await run(attemptLoader, `/my-courses/tests/${attemptId}`, params, other)).status).toBe(404);
    expect(
      (
        await run(
          answerAction,
          `/api/practice/attempts/${attemptId}/answers`,
          params,
          other,
          post({ questionId: String(first.id), choice: "0" }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await run(attemptAction, `/my-courses/tests/${attemptId}`, params, other, post({ intent: "submit" }))).status,
    ).toBe(404);

    const submitted = await run(
      attemptAction,
      `/my-courses/tests/${attemptId}`,
      params,
      cookie,
      post({ intent: "submit" }),
    );
    expect(submitted.status).toBe(302);
    const result = await run(attemptLoader, `/my-courses/tests/${attemptId}`, params, cookie);
    const r = (
      result.data as {
        result: { scoreCenti: number; questions: { explanationHtml: string; correctOption: number | null }[] };
      }
    ).result;
    expect(r.scoreCenti).toBe(100);
    expect(r.questions.every((q) => q.explanationHtml.startsWith("<p>"))).toBe(true);
    expect(r.questions[0]!.correctOption).toBe(right);

    // Submitted: saving is refused and nothing changes.
    const late = await run(
      answerAction,
      `/api/practice/attempts/${attemptId}/answers`,
      params,
      cookie,
      post({ questionId: String(first.id), choice: String((right + 1) % 4) }),
    );
    expect(late.status).toBe(409);
    const [answer] = await db
      .select()
      .from(schema.practiceAnswers)
      .where(eq(schema.practiceAnswers.questionId, first.id));
    expect(answer!.choice).toBe(right);

    // Self-marking the written answer: out-of-range marks and quarters refused, whole and half marks saved.
    const written = paper.questions.find((q) => q.type === "short_answer")!;
    for (const bad of ["9", "1.25", "-0.5"]) {
      const refused = await run(
        attemptAction,
        `/my-courses/tests/${attemptId}`,
        params,
        cookie,
        post({ intent: "selfmark", questionId: String(written.id), marks: bad }),
      );
      expect(refused.status, bad).toBe(400);
    }
    const marked = await run(
      attemptAction,
      `/my-courses/tests/${attemptId}`,
      params,
      cookie,
      post({ intent: "selfmark", questionId: String(written.id), marks: "2" }),
    );
    expect(marked.status).toBe(302);
    expect(await flashOf(marked.response!)).toBe("Your marks are saved.");
    const [attempt] = await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, attemptId));
    expect(attempt!.scoreCenti).toBe(300);
    // Board marking gives half marks (issue 32): 1½ of the written answer's marks, and the score takes the half.
    const half = await run(
      attemptAction,
      `/my-courses/tests/${attemptId}`,
      params,
      cookie,
      post({ intent: "selfmark", questionId: String(written.id), marks: "1.5" }),
    );
    expect(half.status).toBe(302);
    const [halved] = await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, attemptId));
    expect(halved!.scoreCenti).toBe(250);
    const shown = await run(attemptLoader, `/my-courses/tests/${attemptId}`, params, cookie);
    const shownResult = (
      shown.data as { result: { scoreCenti: number; questions: { id: number; awardedCenti: number }[] } }
    ).result;
    expect(shownResult.scoreCenti).toBe(250);
    expect(shownResult.questions.find((q) => q.id === written.id)!.awardedCenti).toBe(150);

    // An admin reads the result; another student's strength report does not include it.
    const admin = await cookieFor(await createTestUser({ role: "admin" }));
    const asAdmin = await run(attemptLoader, `/my-courses/tests/${attemptId}`, params, admin);
    expect((asAdmin.data as { result: { studentName: string } }).result.studentName).toBe("Test Student");
    const mine = await run(attemptsLoader, "/my-courses/tests", {}, cookie);
    expect((mine.data as { attempts: unknown[]; strengths: unknown[] }).attempts).toHaveLength(1);
    expect((mine.data as { strengths: { chapter: string }[] }).strengths.map((s) => s.chapter)).toContain(
      "Cash Flow Statement",
    );
    const theirs = await run(attemptsLoader, "/my-courses/tests", {}, other);
    expect(theirs.data).toEqual({ attempts: [], strengths: [] });
  });

  it("a course's test lesson: the player shows the test (no answers) and its start page opens without buying it", async () => {
    const db = await getDb();
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    const course = await seededId("accountancy-class-12");
    const mock = await seededId(MOCK);
    await db.insert(schema.enrolments).values({ userId: user.id, productId: course, source: "purchase" });
    const [lesson] = await db.select().from(schema.lessons).where(eq(schema.lessons.testProductId, mock));
    const page = await run(playerLoader, `/my-courses/${course}?lesson=${lesson!.id}`, { id: String(course) }, cookie);
    expect(page.status).toBe(200);
    const data = page.data as { test: { productId: number; title: string; facts: { timeLimitMinutes: number } } };
    expect(data.test).toMatchObject({ productId: mock, title: "Accountancy Class 12 — Mock Paper 1" });
    expect(data.test.facts.timeLimitMinutes).toBe(60);
    for (const secret of ["correctOption", "modelAnswer", "markingPoints", "explanation", "answerNumber"]) {
      expect(page.body).not.toContain(secret);
    }
    const start = await run(startLoader, `/my-courses/tests/start/${mock}`, { productId: String(mock) }, cookie);
    expect(start.status).toBe(200);
    const started = await run(
      startAction,
      `/my-courses/tests/start/${mock}`,
      { productId: String(mock) },
      cookie,
      post({}),
    );
    expect(started.response!.headers.get("Location")).toMatch(/^\/my-courses\/tests\/\d+$/);
  });

  it("'Practise again' starts a chapter's practice from the start page's ?chapter=; a bad value is not found", async () => {
    const db = await getDb();
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    const sample = await seededId(SAMPLE);
    const [chapter] = await db
      .select()
      .from(schema.practiceChapters)
      .where(eq(schema.practiceChapters.title, "Cash Flow Statement"));
    const path = `/my-courses/tests/start/${sample}?chapter=${chapter!.id}`;
    const params = { productId: String(sample) };
    const shown = await run(startLoader, path, params, cookie);
    expect(shown.data).toMatchObject({ practice: { chapter: "Cash Flow Statement", chapterId: chapter!.id } });
    for (const bad of ["abc", "0", "-1", "99999999999"]) {
      const refused = await run(startLoader, `/my-courses/tests/start/${sample}?chapter=${bad}`, params, cookie);
      expect(refused.status).toBe(404);
    }
    const started = await run(startAction, path, params, cookie, post({}));
    const attemptId = Number(started.response!.headers.get("Location")!.split("/").at(-1));
    const [attempt] = await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, attemptId));
    expect(attempt!.chapterId).toBe(chapter!.id);
    const list = await run(attemptsLoader, "/my-courses/tests", {}, cookie);
    expect((list.data as { attempts: { title: string }[] }).attempts[0]!.title).toBe(
      "Accountancy Class 12 — Free Sample Test · Cash Flow Statement (practice)",
    );
  });

  it("a client that lies about the time cannot save after the server's deadline", async () => {
    const cookie = await cookieFor(await createTestUser());
    const attemptId = await startSample(cookie);
    const params = { attemptId: String(attemptId) };
    const db = await getDb();
    await db
      .update(schema.practiceAttempts)
      .set({ startedAt: new Date(Date.now() - 21 * 60_000), deadlineAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.practiceAttempts.id, attemptId));
    const [q] = (await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, attemptId)))[0]!
      .questionIds;
    const late = await run(answerAction, `/api/practice/attempts/${attemptId}/answers`, params, cookie, {
      ...post({ questionId: String(q), choice: "0" }),
      headers: { Date: new Date(Date.now() - 10 * 60_000).toUTCString() },
    });
    expect(late.status).toBe(409);
    expect(late.body).toContain("Time is up");
    const page = await run(attemptLoader, `/my-courses/tests/${attemptId}`, params, cookie);
    expect((page.data as { result: { autoSubmitted: boolean } }).result.autoSubmitted).toBe(true);
    expect(await db.select().from(schema.practiceAnswers).where(eq(schema.practiceAnswers.choice, 0))).toEqual([]);
  });
});
