/**
 * Issue 35, first part: numerical answers marked within a tolerance, word limits on written
 * answers, safe Markdown (tables, images) in questions, a diagram uploaded with the question form,
 * journal entries marked by their lines, and the CSV columns for them. Nothing that gives an answer away reaches the taking page.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { action as questionAction } from "~/routes/admin/practice-question";
import { cookieFor, createTestUser } from "../../../tests/helpers/auth";
import { createUser } from "../../../tests/helpers/factories";
import { newStudent, productIdBySlug, refusal } from "../../../tests/helpers/practice";
import { makeRequest, routeCall } from "../../../tests/helpers/route";
import { useTestStorage } from "../../../tests/helpers/storage";
import { saveQuestion } from "./bank.server";
import { getTestBuilder, saveTestSettings } from "./builder.server";
import { exportQuestionsCsv, importQuestionsCsv } from "./csv.server";
import { getResult, selfMark } from "./results.server";
import { testBuilderSchema } from "./schema";
import { loadPaper, saveAnswer, startAttempt, submitAttempt, type TakingPaper } from "./taking.server";

const SAMPLE = "accountancy-class-12-free-sample-test";

async function accountancy12Chapter() {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(schema.practiceChapters)
    .where(and(eq(schema.practiceChapters.subject, "accountancy"), eq(schema.practiceChapters.classLevel, "12")));
  return row!;
}

const base = {
  parentId: null,
  options: [],
  correctOption: null,
  modelAnswer: null,
  markingPoints: [],
  answerNumber: null,
  answerTolerance: 0,
  journalLines: [],
  minWords: null,
  maxWords: null,
  difficulty: "medium" as const,
  explanation: "",
  source: "",
};

const LEDGER = [
  "Pass the journal entry:",
  "",
  "| Date | Particulars | Dr (₹) | Cr (₹) |",
  "|---|---|--:|--:|",
  "| 1 Apr | Cash A/c Dr. | 50,000 | |",
  "| | To Capital A/c | | 50,000 |",
].join("\n");

/** The sample test with exactly these questions, and a student's open attempt of it. */
async function paperWith(questionIds: number[]) {
  const db = await getDb();
  const admin = await createUser({ role: "admin" });
  const sample = await productIdBySlug(SAMPLE);
  await saveTestSettings(db, admin.id, sample, {
    timeLimitMinutes: 30,
    negativePercent: 25,
    instructions: "",
    questionIds,
    rules: [],
  });
  const user = await newStudent();
  const attemptId = await startAttempt(db, user, sample);
  return { db, user, attemptId, paper: (await loadPaper(db, user.id, attemptId)) as TakingPaper };
}

describe("numerical answers", () => {
  it("marks an answer within the tolerance as right however it is written, and takes nothing off a wrong one", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const chapter = await accountancy12Chapter();
    const amount = await saveQuestion(db, admin.id, null, {
      ...base,
      chapterId: chapter.id,
      type: "numeric",
      prompt: "Goodwill at **two years' purchase** of average profit of ₹60,000 is ₹ ____.",
      answerNumber: 120000,
      marks: 3,
    });
    const ratio = await saveQuestion(db, admin.id, null, {
      ...base,
      chapterId: chapter.id,
      type: "numeric",
      prompt: "Current ratio (to two decimals):",
      answerNumber: 1.67,
      answerTolerance: 0.01,
      marks: 1,
    });
    const missed = await saveQuestion(db, admin.id, null, {
      ...base,
      chapterId: chapter.id,
      type: "numeric",
      prompt: "Interest on capital at 10% of ₹2,00,000 is ₹ ____.",
      answerNumber: 20000,
      marks: 2,
    });
    const { user, attemptId, paper } = await paperWith([amount.id, ratio.id, missed.id]);

    // The taking page has the question (as HTML) but not the answer or its tolerance.
    const json = JSON.stringify(paper);
    expect(json).not.toContain("120000");
    expect(json).not.toContain("1.67");
    expect(paper.questions[0]!.promptHtml).toContain("<strong>two years' purchase</strong>");

    await saveAnswer(db, user.id, attemptId, {
      questionId: amount.id,
      choice: null,
      text: "₹ 1,20,000",
      markedForReview: false,
    });
    await saveAnswer(db, user.id, attemptId, {
      questionId: ratio.id,
      choice: null,
      text: "1.666",
      markedForReview: false,
    });
    await saveAnswer(db, user.id, attemptId, {
      questionId: missed.id,
      choice: null,
      text: "2,000",
      markedForReview: false,
    });
    // An answer longer than a number can be is refused; what was saved stays.
    expect(
      (
        await refusal(
          saveAnswer(db, user.id, attemptId, {
            questionId: missed.id,
            choice: null,
            text: "9".repeat(41),
            markedForReview: false,
          }),
        )
      ).status,
    ).toBe(400);
    await submitAttempt(db, user.id, attemptId);

    const result = await getResult(db, user, attemptId);
    if ("open" in result) throw new Error("expected a submitted attempt");
    // 3 + 1 right; the wrong 2-mark answer is 0, not −0.5, although the test takes 25% off wrong options.
    expect(result.scoreCenti).toBe(400);
    expect(result.questions.map((q) => [q.correct, q.awardedCenti, q.text])).toEqual([
      [true, 300, "₹ 1,20,000"],
      [true, 100, "1.666"],
      [false, 0, "2,000"],
    ]);
    expect(result.questions[1]).toMatchObject({ answerNumber: 1.67, answerTolerance: 0.01 });
  });

  it("the question form refuses a numerical question without its answer, a negative tolerance, or a word limit upside down", async () => {
    const chapter = await accountancy12Chapter();
    const admin = await createTestUser({ role: "admin" });
    const cookie = await cookieFor(admin);
    const before = (await (await getDb()).select().from(schema.practiceQuestions)).length;
    const post = (fields: Record<string, string | File>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({
        intent: "save",
        chapterId: String(chapter.id),
        marks: "2",
        difficulty: "medium",
        ...fields,
      })) {
        body.set(k, v);
      }
      return routeCall(questionAction, {
        request: makeRequest("/admin/practice/questions/new", { method: "POST", body, headers: { Cookie: cookie } }),
        params: { id: "new" },
      });
    };
    const noAnswer = (await post({ type: "numeric", prompt: "Profit?" })) as {
      init: { status: number };
      data: { fieldErrors: Record<string, string> };
    };
    expect(noAnswer.init.status).toBe(400);
    expect(noAnswer.data.fieldErrors.answerNumber).toBe("Give the answer of a numerical question.");
    const badNumber = (await post({ type: "numeric", prompt: "Profit?", answerNumber: "twelve" })) as typeof noAnswer;
    expect(badNumber.data.fieldErrors.answerNumber).toBe("Write the answer as a number, e.g. 45000 or 2.5.");
    const negative = (await post({
      type: "numeric",
      prompt: "Profit?",
      answerNumber: "10",
      answerTolerance: "-1",
    })) as typeof noAnswer;
    expect(negative.data.fieldErrors.answerTolerance).toBe("The tolerance cannot be negative.");
    const words = (await post({
      type: "long_answer",
      prompt: "Explain.",
      modelAnswer: "Because.",
      markingPoints: "One",
      minWords: "75",
      maxWords: "50",
    })) as typeof noAnswer;
    expect(words.data.fieldErrors.maxWords).toBe("The most words cannot be fewer than the least.");
    // A file that calls itself a PNG but is not an image: refused on its field, nothing saved.
    const fake = (await post({
      type: "numeric",
      prompt: "Profit?",
      answerNumber: "10",
      image: new File(["<svg onload=alert(1)/>"], "d.png", { type: "image/png" }),
    })) as typeof noAnswer;
    expect(fake.init.status).toBe(400);
    expect(fake.data.fieldErrors.image).toBe("Images must be PNG, JPEG, WebP, GIF or AVIF files.");
    expect((await (await getDb()).select().from(schema.practiceQuestions)).length).toBe(before);
  });
});

describe("board-paper formatting", () => {
  it("a diagram uploaded with the question is stored and shown below its text; tables render as tables", async () => {
    useTestStorage();
    const chapter = await accountancy12Chapter();
    const admin = await createTestUser({ role: "admin" });
    const body = new FormData();
    const PNG = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    for (const [k, v] of Object.entries({
      intent: "save",
      chapterId: String(chapter.id),
      type: "long_answer",
      prompt: LEDGER,
      modelAnswer: "Cash A/c Dr. 50,000 To Capital A/c 50,000",
      markingPoints: "Debit cash\nCredit capital",
      marks: "3",
      difficulty: "medium",
      minWords: "50",
      maxWords: "75",
    })) {
      body.set(k, v);
    }
    body.set("image", new File([PNG], "diagram.png", { type: "image/png" }));
    const response = (await routeCall(questionAction, {
      request: makeRequest("/admin/practice/questions/new", {
        method: "POST",
        body,
        headers: { Cookie: await cookieFor(admin) },
      }),
      params: { id: "new" },
    })) as Response;
    expect(response.status).toBe(302);
    const id = Number(response.headers.get("Location")!.split("/").pop());
    const [saved] = await (await getDb())
      .select()
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.id, id));
    expect(saved!.prompt).toMatch(/\n\n!\[Figure\]\(\/media\/images\/[0-9a-f-]{36}\.png\)$/);
    expect(saved).toMatchObject({ minWords: 50, maxWords: 75 });
    const url = /\((\/media\/images\/[^)]+)\)/.exec(saved!.prompt)![1]!;

    const { paper } = await paperWith([id]);
    const q = paper.questions[0]!;
    expect(q.wordLimit).toBe("50–75 words");
    expect(q.promptHtml).toContain('<div class="md-table"><table>');
    expect(q.promptHtml).toContain('<td class="md-right">50,000</td>');
    expect(q.promptHtml).toContain(`<img src="${url}" alt="Figure"`);
  });

  it("CSV carries numerical answers and word limits both ways; a bad answer or limit refuses the file", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const chapter = await accountancy12Chapter();
    const header =
      "ref,parent_ref,class,subject,chapter,type,prompt,option_a,option_b,option_c,option_d,correct,model_answer,marking_points,marks,difficulty,explanation,source,answer,tolerance,word_limit";
    const row = (type: string, prompt: string, extra: string) =>
      `,,12,accountancy,"${chapter.title}",${type},"${prompt}",,,,,,${extra}`;
    const csv = [
      header,
      row("numeric", "Net profit ratio (%)", ',,2,easy,,,"12.5",0.05,'),
      row(
        "short_answer",
        "State two features of a partnership.",
        '"Agreement; sharing profits","Agreement | Profit",3,medium,,,,,60-80',
      ),
    ].join("\n");
    expect(await importQuestionsCsv(db, admin.id, csv)).toBe(2);
    const exported = await exportQuestionsCsv(db);
    expect(exported.split("\n")[0]).toContain(",answer,tolerance,word_limit");
    expect(exported).toContain("Net profit ratio (%),,,,,,,,2,easy,,,12.5,0.05,");
    expect(exported).toMatch(/State two features of a partnership\.[^\n]*,60-80,\r?\n/);

    const bad = [header, row("numeric", "Ratio", ",,2,easy,,,two,,")].join("\n");
    expect(await refusal(importQuestionsCsv(db, admin.id, bad))).toEqual({
      status: 400,
      message: 'Line 2: answer must be a number, not "two".',
    });
    const noAnswer = [header, row("numeric", "Ratio", ",,2,easy,,,,,")].join("\n");
    expect((await refusal(importQuestionsCsv(db, admin.id, noAnswer))).message).toContain(
      "a numerical question needs its answer",
    );
    const badWords = [header, row("long_answer", "Explain", '"x","y",6,hard,,,,,lots')].join("\n");
    expect((await refusal(importQuestionsCsv(db, admin.id, badWords))).message).toBe(
      "Line 2: word_limit must be like 50-75 or 75.",
    );
  });
});

describe("sections, part options and internal choices", () => {
  it("deals the layout, is out of each choice once, and scores only the option and alternative the student answered", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const chapter = await accountancy12Chapter();
    const mcq = (prompt: string, marks = 1) =>
      saveQuestion(db, admin.id, null, {
        ...base,
        chapterId: chapter.id,
        type: "mcq",
        prompt,
        options: ["right", "wrong"],
        correctOption: 0,
        marks,
      });
    const written = (prompt: string) =>
      saveQuestion(db, admin.id, null, {
        ...base,
        chapterId: chapter.id,
        type: "short_answer",
        prompt,
        modelAnswer: "Model",
        markingPoints: ["Point"],
        marks: 3,
      });
    const a1 = await mcq("A1");
    const a2 = await written("A2");
    const a2or = await written("A2 or");
    const b1 = await mcq("Option I", 2);
    const b2 = await mcq("Option II", 2);
    const sample = await productIdBySlug(SAMPLE);
    const text = [
      "## Part A: Attempt all questions.",
      `${a1.id}, ${a2.id} or ${a2or.id}`,
      "## Part B, Option I: Analysis of Financial Statements",
      `${b1.id}`,
      "## Part B, Option II: Computerised Accounting",
      `${b2.id}`,
    ].join("\n");
    const parsed = testBuilderSchema.parse({ timeLimitMinutes: "30", negativePercent: "0", layout: text });
    await saveTestSettings(db, admin.id, sample, parsed);
    // The builder keeps the layout's questions as the chosen ones, in its order.
    expect((await getTestBuilder(db, sample)).questionIds).toEqual([a1.id, a2.id, a2or.id, b1.id, b2.id]);

    const user = await newStudent();
    const attemptId = await startAttempt(db, user, sample);
    const paper = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
    expect(paper.maxMarks).toBe(1 + 3 + 2);
    expect(paper.questions.map((q) => [q.place?.section?.title ?? null, q.place?.alternative ?? false])).toEqual([
      ["Part A", false],
      [null, false],
      [null, true],
      ["Part B, Option I", false],
      ["Part B, Option II", false],
    ]);

    const answer = (questionId: number, choice: number | null, text: string | null = null) =>
      saveAnswer(db, user.id, attemptId, { questionId, choice, text, markedForReview: false });
    await answer(a1.id, 0);
    await answer(a2or.id, null, "My answer to the alternative");
    await answer(b2.id, 0);
    await submitAttempt(db, user.id, attemptId);
    const result = await getResult(db, user, attemptId);
    if ("open" in result) throw new Error("expected a submitted attempt");
    expect(result.scoreCenti).toBe(100 + 200);
    expect(result.questions.map((q) => [q.promptHtml, q.counted])).toEqual([
      ["<p>A1</p>", true],
      ["<p>A2</p>", false],
      ["<p>A2 or</p>", true],
      ["<p>Option I</p>", false],
      ["<p>Option II</p>", true],
    ]);
    expect(result.unmarkedWritten).toBe(1);
    // The alternative not chosen cannot be self-marked; the chosen one can, and counts once.
    expect(await refusal(selfMark(db, user.id, attemptId, a2.id, 3))).toEqual({
      status: 400,
      message: "This answer does not count: you chose the other side of the choice.",
    });
    await selfMark(db, user.id, attemptId, a2or.id, 2.5);
    const marked = await getResult(db, user, attemptId);
    if ("open" in marked) throw new Error("expected a submitted attempt");
    expect(marked.scoreCenti).toBe(100 + 250 + 200);
  });

  it("refuses a layout whose choices carry different marks, or that names a question twice, and keeps the test as it was", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const chapter = await accountancy12Chapter();
    const sample = await productIdBySlug(SAMPLE);
    const before = await getTestBuilder(db, sample);
    const one = await saveQuestion(db, admin.id, null, {
      ...base,
      chapterId: chapter.id,
      type: "mcq",
      prompt: "One",
      options: ["a", "b"],
      correctOption: 0,
      marks: 1,
    });
    const four = await saveQuestion(db, admin.id, null, {
      ...base,
      chapterId: chapter.id,
      type: "numeric",
      prompt: "Four",
      answerNumber: 4,
      marks: 4,
    });
    const layout = testBuilderSchema.parse({
      timeLimitMinutes: "30",
      negativePercent: "0",
      layout: `## Part A\n${one.id} or ${four.id}`,
    });
    expect(await refusal(saveTestSettings(db, admin.id, sample, layout))).toEqual({
      status: 400,
      message: `Please fix: the choice #${one.id} or #${four.id} carries different marks.`,
    });
    expect(
      testBuilderSchema.safeParse({
        timeLimitMinutes: "30",
        negativePercent: "0",
        layout: `## A\n${one.id}, ${one.id}`,
      }).error?.issues[0]?.message,
    ).toBe(`Line 2: question #${one.id} is in the paper twice.`);
    expect(await getTestBuilder(db, sample)).toEqual(before);
  });
});

describe("what a paper is out of", () => {
  it("a plain paper with a case set is out of every answer's marks, the set's parts included", async () => {
    const db = await getDb();
    const user = await newStudent();
    const attemptId = await startAttempt(db, user, await productIdBySlug(SAMPLE));
    const paper = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
    expect(paper.questions.some((q) => q.passageHtml)).toBe(true);
    expect(paper.maxMarks).toBe(paper.questions.reduce((n, q) => n + q.marks, 0));
  });
});

describe("journal entries marked by their lines", () => {
  const ENTRY =
    "Dr | Bank A/c; Cash A/c | 1,50,000\nCr | Ravi's Capital A/c | 1,20,000\nCr | Premium for Goodwill A/c | 30,000";
  const lines = (...rows: [string, string, string][]) =>
    JSON.stringify(rows.map(([side, account, amount]) => ({ side, account, amount })));

  it("the form saves an entry whose sides agree and refuses one that does not; editing shows the lines again", async () => {
    const chapter = await accountancy12Chapter();
    const admin = await createTestUser({ role: "admin" });
    const cookie = await cookieFor(admin);
    const post = (journal: string) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({
        intent: "save",
        chapterId: String(chapter.id),
        type: "journal",
        prompt: "Ravi is admitted bringing ₹1,20,000 capital and ₹30,000 premium. Pass the entry.",
        marks: "3",
        difficulty: "medium",
        journal,
      })) {
        body.set(k, v);
      }
      return routeCall(questionAction, {
        request: makeRequest("/admin/practice/questions/new", { method: "POST", body, headers: { Cookie: cookie } }),
        params: { id: "new" },
      });
    };
    const uneven = (await post("Dr | Bank A/c | 1,50,000\nCr | Ravi's Capital A/c | 1,20,000")) as {
      init: { status: number };
      data: { fieldErrors: Record<string, string> };
    };
    expect(uneven.init.status).toBe(400);
    expect(uneven.data.fieldErrors.journal).toBe(
      "Write the entry's lines: a debit and a credit that agree, e.g. Dr | Cash A/c | 50,000.",
    );
    const garbled = (await post("Bank A/c 1,50,000")) as typeof uneven;
    expect(garbled.data.fieldErrors.journal).toBe('Line 1: write "Dr | Cash A/c | 50,000" (side, account, amount).');
    const saved = (await post(ENTRY)) as Response;
    expect(saved.status).toBe(302);
    const id = Number(saved.headers.get("Location")!.split("/").pop());
    const db = await getDb();
    const [row] = await db.select().from(schema.practiceQuestions).where(eq(schema.practiceQuestions.id, id));
    expect(row!.journalLines).toEqual([
      { side: "dr", accounts: ["Bank A/c", "Cash A/c"], amount: 150000 },
      { side: "cr", accounts: ["Ravi's Capital A/c"], amount: 120000 },
      { side: "cr", accounts: ["Premium for Goodwill A/c"], amount: 30000 },
    ]);
    // The database holds the rule too: a journal question without its lines is refused.
    await expect(
      db.update(schema.practiceQuestions).set({ journalLines: [] }).where(eq(schema.practiceQuestions.id, id)),
    ).rejects.toThrow();
  });

  it("a student's lines are saved, checked, hidden from nobody but the answer, and marked line by line at submission", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const chapter = await accountancy12Chapter();
    const parsed = (await import("./journal")).parseJournalText(ENTRY);
    if ("error" in parsed) throw new Error(parsed.error);
    const entry = await saveQuestion(db, admin.id, null, {
      ...base,
      chapterId: chapter.id,
      type: "journal",
      prompt: "Ravi is admitted bringing ₹1,20,000 capital and ₹30,000 premium. Pass the entry.",
      journalLines: parsed.lines,
      marks: 3,
    });
    const second = await saveQuestion(db, admin.id, null, {
      ...base,
      chapterId: chapter.id,
      type: "journal",
      prompt: "Goods costing ₹5,000 taken by a partner, Ravi.",
      journalLines: [
        { side: "dr", accounts: ["Ravi's Drawings A/c"], amount: 5000 },
        { side: "cr", accounts: ["Purchases A/c"], amount: 5000 },
      ],
      marks: 1,
    });
    const { user, attemptId, paper } = await paperWith([entry.id, second.id]);
    // The taking page never carries the expected lines.
    const json = JSON.stringify(paper);
    for (const secret of ["Premium for Goodwill", "150000", "Purchases", "accounts"])
      expect(json).not.toContain(secret);
    expect(paper.questions.map((q) => q.type)).toEqual(["journal", "journal"]);

    const save = (questionId: number, text: string) =>
      saveAnswer(db, user.id, attemptId, { questionId, choice: null, text, markedForReview: false });
    expect(await refusal(save(entry.id, "Dr Bank 150000"))).toEqual({
      status: 400,
      message: "The entry's lines could not be read.",
    });
    await save(
      entry.id,
      lines(
        ["dr", "Cash A/c", "₹ 1,50,000"],
        ["cr", "To Ravi's Capital A/c", "1,20,000"],
        ["cr", "To Goodwill A/c", "30,000"],
        ["cr", "", ""],
      ),
    );
    await save(second.id, lines(["dr", "Drawings", "5000"], ["cr", "Purchases", "5000"]));
    const [stored] = await db
      .select({ text: schema.practiceAnswers.text })
      .from(schema.practiceAnswers)
      .where(and(eq(schema.practiceAnswers.attemptId, attemptId), eq(schema.practiceAnswers.questionId, entry.id)));
    expect(JSON.parse(stored!.text!)).toHaveLength(3);
    await submitAttempt(db, user.id, attemptId);

    const result = await getResult(db, user, attemptId);
    if ("open" in result) throw new Error("expected a submitted attempt");
    // 2 of 3 lines: 2 of 3 marks; "Drawings" is not "Ravi's Drawings": 1 of 2 lines of 1 mark, a half.
    expect(result.questions.map((q) => [q.awardedCenti, q.correct])).toEqual([
      [200, false],
      [50, false],
    ]);
    expect(result.scoreCenti).toBe(250);
    expect(result.maxMarks).toBe(4);
    expect(result.questions[0]!.journal).toEqual({
      given: [
        { side: "dr", account: "Cash A/c", amount: "₹ 1,50,000", right: true },
        { side: "cr", account: "To Ravi's Capital A/c", amount: "1,20,000", right: true },
        { side: "cr", account: "To Goodwill A/c", amount: "30,000", right: false },
      ],
      expected: [
        { side: "dr", account: "Bank A/c", amount: 150000, right: true },
        { side: "cr", account: "Ravi's Capital A/c", amount: 120000, right: true },
        { side: "cr", account: "Premium for Goodwill A/c", amount: 30000, right: false },
      ],
    });
    // A journal entry is marked by the server: the student cannot self-mark it.
    expect((await refusal(selfMark(db, user.id, attemptId, entry.id, 3))).status).toBe(400);
  });

  it("CSV carries the entry's lines both ways; an entry that does not balance refuses the file", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const chapter = await accountancy12Chapter();
    const header =
      "ref,parent_ref,class,subject,chapter,type,prompt,option_a,option_b,option_c,option_d,correct,model_answer,marking_points,marks,difficulty,explanation,source,journal";
    const row = (prompt: string, journal: string) =>
      `,,12,accountancy,"${chapter.title}",journal,"${prompt}",,,,,,,,2,easy,,,"${journal}"`;
    expect(
      await importQuestionsCsv(
        db,
        admin.id,
        [
          header,
          row("Interest on capital of Ravi", "Dr | Interest on Capital A/c | 6,000\nCr | Ravi's Capital A/c | 6,000"),
        ].join("\n"),
      ),
    ).toBe(1);
    const exported = await exportQuestionsCsv(db);
    expect(exported).toContain('"Dr | Interest on Capital A/c | 6,000\nCr | Ravi\'s Capital A/c | 6,000"');
    const uneven = [header, row("Uneven", "Dr | Cash A/c | 500\nCr | Capital A/c | 400")].join("\n");
    expect((await refusal(importQuestionsCsv(db, admin.id, uneven))).message).toBe(
      "Line 2: the debits (500) and credits (400) of the entry differ.",
    );
    const garbled = [header, row("Garbled", "Cash 500")].join("\n");
    expect((await refusal(importQuestionsCsv(db, admin.id, garbled))).message).toContain("Line 2: journal: Line 1:");
  });
});
