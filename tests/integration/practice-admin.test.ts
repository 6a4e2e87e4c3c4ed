import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { QUESTIONS_PAGE_SIZE } from "~/features/practice/bank.server";
import { CSV_COLUMNS, OPTIONAL_CSV_COLUMNS } from "~/features/practice/csv.server";
import { startAttempt } from "~/features/practice/taking.server";
import { getTestFacts } from "~/features/practice/tests.server";
import { action as bankAction, loader as bankLoader } from "~/routes/admin/practice";
import { loader as exportLoader } from "~/routes/admin/practice-export";
import { action as questionAction } from "~/routes/admin/practice-question";
import { action as builderAction, loader as builderLoader } from "~/routes/admin/practice-test";
import { loader as startLoader } from "~/routes/store/practice-start";
import { cookieFor, createTestUser } from "../helpers/auth";
import { makeRequest, routeCall } from "../helpers/route";

async function call(
  fn: (args: never) => unknown,
  path: string,
  params: Record<string, string>,
  cookie: string,
  body?: BodyInit,
) {
  const request = makeRequest(path, body ? { method: "POST", body, headers: { cookie } } : { headers: { cookie } });
  try {
    const result = await routeCall(fn, { request, params, context: {} } as never);
    if (result instanceof Response) return { status: result.status, response: result, data: undefined as unknown };
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const d = result as { init?: ResponseInit; data: unknown };
      return { status: d.init?.status ?? 200, data: d.data };
    }
    return { status: 200, data: result as unknown };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, response: error, data: undefined };
    const e = error as { init?: ResponseInit; data?: unknown };
    if (e && typeof e === "object" && "init" in e) return { status: e.init?.status ?? 500, data: e.data };
    throw error;
  }
}

function csvOf(rows: Record<string, string>[]) {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [CSV_COLUMNS.join(","), ...rows.map((r) => CSV_COLUMNS.map((c) => cell(r[c] ?? "")).join(","))].join("\n");
}

const base = {
  class: "12",
  subject: "economics",
  chapter: "Money and Banking",
  difficulty: "easy",
  source: "CBSE 2024",
  explanation: "Because.",
};

function upload(csv: string) {
  const form = new FormData();
  form.set("intent", "import");
  form.set("file", new File([csv], "questions.csv", { type: "text/csv" }));
  return form;
}

async function admin() {
  return cookieFor(await createTestUser({ role: "admin" }));
}

describe("practice admin: question bank and CSV", () => {
  it("imports a file with a case set and its parts, and exports the bank in the same layout", async () => {
    const cookie = await admin();
    const db = await getDb();
    const before = await db.$count(schema.practiceQuestions);
    const csv = csvOf([
      {
        ...base,
        ref: "m1",
        type: "mcq",
        prompt: "Who issues currency notes in India?",
        option_a: "RBI",
        option_b: "SBI",
        option_c: "Ministry of Finance",
        option_d: "NITI Aayog",
        correct: "A",
        marks: "1",
      },
      { ...base, ref: "c1", type: "case_based", prompt: "A bank keeps 10% of deposits as reserves.", marks: "" },
      {
        ...base,
        parent_ref: "c1",
        type: "mcq",
        prompt: "The money multiplier is:",
        option_a: "5",
        option_b: "10",
        correct: "B",
        marks: "1",
      },
      { ...base, type: "assertion_reason", prompt: "Assertion (A): x\nReason (R): y", correct: "C", marks: "1" },
      {
        ...base,
        type: "short_answer",
        prompt: "Define money supply.",
        model_answer: "M1 = C + DD + OD",
        marking_points: "1 mark: currency | 1 mark: deposits",
        marks: "2",
      },
    ]);
    const res = await call(bankAction, "/admin/practice", {}, cookie, upload(csv));
    expect(res.status).toBe(302);
    expect(await db.$count(schema.practiceQuestions)).toBe(before + 5);
    const [part] = await db
      .select()
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.prompt, "The money multiplier is:"));
    const [set] = await db
      .select()
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.id, part!.parentId!));
    expect(set!.type).toBe("case_based");
    const [ar] = await db
      .select()
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.type, "assertion_reason"))
      .orderBy(schema.practiceQuestions.id);
    expect(ar!.options).toHaveLength(4);

    const exported = await call(exportLoader, "/admin/practice/questions.csv", {}, cookie);
    expect(exported.response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await exported.response!.text();
    const rows = parse(text, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS, ...OPTIONAL_CSV_COLUMNS]);
    const exportedPart = rows.find((r) => r.prompt === "The money multiplier is:")!;
    expect(exportedPart).toMatchObject({
      parent_ref: `Q${set!.id}`,
      correct: "B",
      option_b: "10",
      chapter: "Money and Banking",
    });
    expect(rows.find((r) => r.prompt === "Define money supply.")!.marking_points).toBe(
      "1 mark: currency | 1 mark: deposits",
    );
    // The export imports again as it is.
    const again = await call(bankAction, "/admin/practice", {}, cookie, upload(text));
    expect(again.status).toBe(302);
    expect(await db.$count(schema.practiceQuestions)).toBe((before + 5) * 2);
  });

  it("a bad row is reported by its line and nothing from the file is stored", async () => {
    const cookie = await admin();
    const db = await getDb();
    const before = await db.$count(schema.practiceQuestions);
    const good = { ...base, type: "mcq", prompt: "Fine", option_a: "a", option_b: "b", correct: "A", marks: "1" };
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...good, correct: "E" }, /^Line 4: correct must be a letter A to D\.$/],
      [{ ...good, chapter: "No Such Chapter" }, /^Line 4: no chapter "No Such Chapter"/],
      [{ ...good, type: "essay" }, /^Line 4: type must be one of/],
      [{ ...good, correct: "" }, /^Line 4: the correct option must be one of its options\.$/],
      [
        { ...good, type: "short_answer", correct: "" },
        /^Line 4: a written question needs a model answer; a written question needs marking points\.$/,
      ],
      [{ ...good, parent_ref: "nope" }, /^Line 4: parent_ref "nope" must name a case_based row above it/],
      [{ ...good, marks: "x" }, /^Line 4: marks must be a whole number\.$/],
    ];
    for (const [bad, message] of cases) {
      // Line 1 is the header; the prompt of line 2 spans two lines, so the bad row is on line 4.
      const csv = csvOf([{ ...good, prompt: "Two\nlines" }, bad, good]);
      const res = await call(bankAction, "/admin/practice", {}, cookie, upload(csv));
      expect(res.status).toBe(400);
      expect((res.data as { fieldErrors: { file: string } }).fieldErrors.file).toMatch(message);
    }
    const broken = await call(bankAction, "/admin/practice", {}, cookie, upload(`${CSV_COLUMNS.join(",")}\n"unclosed`));
    expect(broken.status).toBe(400);
    const noColumns = await call(bankAction, "/admin/practice", {}, cookie, upload("ref,prompt\nx,y"));
    expect((noColumns.data as { fieldErrors: { file: string } }).fieldErrors.file).toMatch(/^Line 1: missing columns/);
    expect(await db.$count(schema.practiceQuestions)).toBe(before);
  });

  it("the question form saves a valid question and refuses an incomplete one; a question in a test is not deleted", async () => {
    const cookie = await admin();
    const db = await getDb();
    const [chapter] = await db
      .select()
      .from(schema.practiceChapters)
      .where(eq(schema.practiceChapters.title, "Money and Banking"));
    const fields = {
      intent: "save",
      chapterId: String(chapter!.id),
      type: "mcq",
      prompt: "Repo rate is set by:",
      optionA: "RBI",
      optionB: "SEBI",
      correct: "A",
      marks: "1",
      difficulty: "easy",
      explanation: "The MPC of the RBI.",
    };
    const saved = await call(
      questionAction,
      "/admin/practice/questions/new",
      { id: "new" },
      cookie,
      new URLSearchParams(fields),
    );
    expect(saved.status).toBe(302);
    const refused = await call(
      questionAction,
      "/admin/practice/questions/new",
      { id: "new" },
      cookie,
      new URLSearchParams({ ...fields, correct: "D" }),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as { formError: string }).formError).toBe(
      "Please fix: the correct option must be one of its options.",
    );
    const written = await call(
      questionAction,
      "/admin/practice/questions/new",
      { id: "new" },
      cookie,
      new URLSearchParams({ ...fields, type: "long_answer", modelAnswer: "" }),
    );
    expect(written.status).toBe(400);

    const [inTest] = await db.select().from(schema.practiceTestQuestions).limit(1);
    const del = await call(
      bankAction,
      "/admin/practice",
      {},
      cookie,
      new URLSearchParams({ intent: "delete", id: String(inTest!.questionId) }),
    );
    expect(del.status).toBe(409);
    const [mine] = await db
      .select()
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.prompt, "Repo rate is set by:"));
    const ok = await call(
      bankAction,
      "/admin/practice",
      {},
      cookie,
      new URLSearchParams({ intent: "delete", id: String(mine!.id) }),
    );
    expect(ok.status).toBe(302);
    expect(await db.select().from(schema.practiceQuestions).where(eq(schema.practiceQuestions.id, mine!.id))).toEqual(
      [],
    );
  });

  it("the builder saves chosen questions and rules; the test deals both; students and visitors cannot open admin pages", async () => {
    const owner = await createTestUser({ role: "admin" });
    const cookie = await cookieFor(owner);
    const db = await getDb();
    const [mock] = await db
      .select()
      .from(schema.products)
      .where(eq(schema.products.slug, "accountancy-class-12-mock-paper-1"));
    const params = { productId: String(mock!.id) };
    const page = await call(builderLoader, `/admin/practice/tests/${mock!.id}`, params, cookie);
    const { builder, bank } = page.data as { builder: { questionIds: number[] }; bank: { id: number }[] };
    expect(builder.questionIds).toHaveLength(9);
    const form = new URLSearchParams({ timeLimitMinutes: "30", negativePercent: "0", instructions: "Go" });
    for (const id of builder.questionIds.slice(0, 2)) form.append("questionIds", String(id));
    form.set("ruleCount0", "3");
    const saved = await call(builderAction, `/admin/practice/tests/${mock!.id}`, params, cookie, form);
    expect(saved.status).toBe(302);
    const [settings] = await db.select().from(schema.practiceTests).where(eq(schema.practiceTests.productId, mock!.id));
    expect(settings).toMatchObject({
      timeLimitMinutes: 30,
      rules: [{ chapterId: null, type: null, difficulty: null, count: 3 }],
    });
    expect(bank.length).toBeGreaterThan(5);
    const attemptId = await startAttempt(db, { id: owner.id, role: "admin" }, mock!.id);
    const [attempt] = await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, attemptId));
    expect(attempt!.questionIds.slice(0, 2)).toEqual(builder.questionIds.slice(0, 2));
    expect(attempt!.questionIds).toHaveLength(5);
    expect(new Set(attempt!.questionIds).size).toBe(5);

    const bad = await call(
      builderAction,
      `/admin/practice/tests/${mock!.id}`,
      params,
      cookie,
      new URLSearchParams({ timeLimitMinutes: "0", negativePercent: "200" }),
    );
    expect(bad.status).toBe(400);
    const unknown = await call(
      builderAction,
      `/admin/practice/tests/${mock!.id}`,
      params,
      cookie,
      new URLSearchParams({ timeLimitMinutes: "30", negativePercent: "0", questionIds: "99999" }),
    );
    expect(unknown.status).toBe(400);

    const student = await cookieFor(await createTestUser());
    expect((await call(bankLoader, "/admin/practice", {}, student)).status).toBe(403);
    expect((await call(exportLoader, "/admin/practice/questions.csv", {}, student)).status).toBe(403);
    // The admin may open any test (a preview) without buying it.
    expect((await call(startLoader, `/my-courses/tests/start/${mock!.id}`, params, cookie)).status).toBe(200);
  });
});

describe("practice admin: the tests table", () => {
  it("counts each test's chosen questions and the answers its case sets add, as its store page does", async () => {
    const cookie = await admin();
    const res = await call(bankLoader, "/admin/practice", {}, cookie);
    const tests = (res.data as { tests: { id: number; questionCount: number; answerCount: number }[] }).tests;
    const db = await getDb();
    const [sample] = await db
      .select()
      .from(schema.products)
      .where(eq(schema.products.slug, "accountancy-class-12-free-sample-test"));
    const row = tests.find((t) => t.id === sample!.id)!;
    const facts = await getTestFacts(db, sample!.id);
    expect(row).toMatchObject({ questionCount: facts!.questionCount, answerCount: facts!.answerCount });
    expect(row.answerCount).toBeGreaterThan(row.questionCount);
  });
});

describe("practice admin: the question list pages", () => {
  type BankList = { questions: { id: number; prompt: string; chapter: string }[] } & {
    total: number;
    page: number;
    hasNext: boolean;
    hasPrevious: boolean;
    nextCursor: string | null;
    prevCursor: string | null;
  };
  const listOf = async (path: string, cookie: string) => {
    const res = await call(bankLoader, path, {}, cookie);
    expect(res.status, path).toBe(200);
    return (res.data as { list: BankList }).list;
  };

  it("shows every question of a filter over pages: page 2 has the rest, none of page 1's rows, and the filter still holds", async () => {
    const cookie = await admin();
    const db = await getDb();
    const chapters = await db.select().from(schema.practiceChapters);
    const money = chapters.find((c) => c.title === "Money and Banking" && c.classLevel === "12")!;
    const other = chapters.find((c) => c.subject === "accountancy")!;
    const mcq = (chapterId: number, prompt: string) => ({
      chapterId,
      type: "mcq" as const,
      prompt,
      options: ["A", "B", "C", "D"],
      correctOption: 0,
      marks: 1,
    });
    // One statement: the same created_at for all, so the id alone orders them.
    await db
      .insert(schema.practiceQuestions)
      .values([
        ...Array.from({ length: 60 }, (_, n) => mcq(money.id, `Paging question ${n + 1}`)),
        ...Array.from({ length: 5 }, (_, n) => mcq(other.id, `Other chapter ${n + 1}`)),
      ]);
    const topLevel = await db
      .select({ id: schema.practiceQuestions.id, parentId: schema.practiceQuestions.parentId })
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.chapterId, money.id));
    const inChapter = topLevel.filter((q) => q.parentId === null).map((q) => q.id);
    expect(inChapter.length).toBeGreaterThan(QUESTIONS_PAGE_SIZE);
    expect(inChapter.length).toBeLessThanOrEqual(2 * QUESTIONS_PAGE_SIZE);

    const filter = `subject=economics&chapterId=${money.id}`;
    const first = await listOf(`/admin/practice?${filter}`, cookie);
    expect(first.total).toBe(inChapter.length);
    expect(first.questions).toHaveLength(QUESTIONS_PAGE_SIZE);
    expect(first.questions.map((q) => q.id)).toEqual(first.questions.map((q) => q.id).toSorted((a, b) => b - a));
    expect(first.questions[0]!.prompt).toBe("Paging question 60"); // newest first
    expect(first).toMatchObject({ page: 1, hasNext: true, hasPrevious: false });

    const second = await listOf(
      `/admin/practice?${filter}&page=2&after=${encodeURIComponent(first.nextCursor!)}`,
      cookie,
    );
    const firstIds = new Set(first.questions.map((q) => q.id));
    expect(second.questions.some((q) => firstIds.has(q.id))).toBe(false);
    expect(second.questions.every((q) => q.chapter === "Money and Banking")).toBe(true);
    // Both pages together are the whole filtered list, each question once.
    expect([...first.questions, ...second.questions].map((q) => q.id).toSorted((a, b) => a - b)).toEqual(
      inChapter.toSorted((a, b) => a - b),
    );
    expect(second).toMatchObject({ page: 2, hasNext: false, hasPrevious: true, total: inChapter.length });

    // Previous from page 2 by its cursor is page 1 again; page=2 typed by hand (an offset) is page 2.
    const back = await listOf(
      `/admin/practice?${filter}&page=1&before=${encodeURIComponent(second.prevCursor!)}`,
      cookie,
    );
    expect(back.questions.map((q) => q.id)).toEqual(first.questions.map((q) => q.id));
    const typed = await listOf(`/admin/practice?${filter}&page=2`, cookie);
    expect(typed.questions.map((q) => q.id)).toEqual(second.questions.map((q) => q.id));
  });

  it("a bad page or cursor shows the first page, never an error", async () => {
    const cookie = await admin();
    const first = await listOf("/admin/practice", cookie);
    expect(first.questions.length).toBeGreaterThan(0);
    const firstIds = first.questions.map((q) => q.id);
    for (const query of [
      "page=abc",
      "page=-3",
      "page=99999999999",
      "page=999",
      "after=nonsense",
      "after=2026-02-31T00:00:00Z%7C5",
      "after=2026-01-01T00:00:00Z%7Cabc",
      "after=2026-01-01T00:00:00Z%7C99999999999",
      "before=2026-01-01T00:00:00Z%7C1%27%3B--",
      `after=${"x".repeat(400)}`,
    ]) {
      const list = await listOf(`/admin/practice?${query}`, cookie);
      expect(
        list.questions.map((q) => q.id),
        query,
      ).toEqual(firstIds);
      expect(list.page, query).toBe(1);
    }
  });
});
