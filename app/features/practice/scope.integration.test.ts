/**
 * Issue 32, defect 1: a test's questions all belong to its subject and class. Dealing ("any chapter"
 * rules included) never leaves them; the builder, the question form, the item editor and the CSV
 * import refuse what would; the database refuses it whoever writes.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { updateAdminProduct } from "~/features/catalog/catalog.server";
import { createUser } from "../../../tests/helpers/factories";
import { newStudent, productIdBySlug, refusal } from "../../../tests/helpers/practice";
import { type QuestionInput, saveQuestion } from "./bank.server";
import { saveTestSettings } from "./builder.server";
import { importQuestionsCsv } from "./csv.server";
import { startAttempt } from "./taking.server";
import { assertScopeKept } from "./tests.server";

const MOCK = "accountancy-class-12-mock-paper-1";

async function chapter(subject: (typeof schema.subject.enumValues)[number], classLevel: "11" | "12", title?: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.practiceChapters)
    .where(and(eq(schema.practiceChapters.subject, subject), eq(schema.practiceChapters.classLevel, classLevel)));
  const row = title ? rows.find((c) => c.title === title) : rows[0];
  if (!row) throw new Error(`no chapter ${subject} ${classLevel} ${title ?? ""}`);
  return row;
}

async function addQuestion(chapterId: number, prompt: string) {
  const db = await getDb();
  const [row] = await db
    .insert(schema.practiceQuestions)
    .values({ chapterId, type: "mcq", prompt, options: ["a", "b"], correctOption: 0, marks: 1 })
    .returning();
  return row!;
}

/** The subject and class of the chapters of these questions. */
async function scopesOf(ids: number[]) {
  const db = await getDb();
  const rows = await db
    .select({ subject: schema.practiceChapters.subject, classLevel: schema.practiceChapters.classLevel })
    .from(schema.practiceQuestions)
    .innerJoin(schema.practiceChapters, eq(schema.practiceChapters.id, schema.practiceQuestions.chapterId))
    .where(inArray(schema.practiceQuestions.id, ids));
  return new Set(rows.map((r) => `${r.subject} ${r.classLevel}`));
}

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error). */
async function pgCode(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    let e: unknown = error;
    for (let i = 0; i < 3 && e; i++) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === "string") return code;
      e = (e as { cause?: unknown }).cause;
    }
    throw error;
  }
  throw new Error("expected the database to refuse");
}

/** The writable fields of a stored question, as the question form gives them. */
function inputOf(q: typeof schema.practiceQuestions.$inferSelect): QuestionInput {
  const { id: _id, position: _p, createdAt: _c, updatedAt: _u, ...input } = q;
  return input;
}

const anyChapter = (count: number) => [{ chapterId: null, type: null, difficulty: null, count }];

describe("a test deals only questions of its subject and class", () => {
  it('an "any chapter" rule of an Accountancy Class 12 test deals Accountancy Class 12 questions only', async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    // Every question of the bank could be dealt by a rule this large (more than the bank holds, whatever
    // other tests sharing this database added): only the test's own may be.
    await db.delete(schema.practiceTestQuestions).where(eq(schema.practiceTestQuestions.productId, mock));
    await db
      .update(schema.practiceTests)
      .set({ rules: anyChapter(100_000) })
      .where(eq(schema.practiceTests.productId, mock));
    const admin = { id: (await createUser({ role: "admin" })).id, role: "admin" as const };
    const attemptId = await startAttempt(db, admin, mock);
    const [attempt] = await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, attemptId));
    expect(attempt!.questionIds.length).toBeGreaterThan(10);
    expect(await scopesOf(attempt!.questionIds)).toEqual(new Set(["accountancy 12"]));
    // The same rule on a test for Class 11 & 12 takes either class of the subject, and still no other subject.
    const class11 = await addQuestion((await chapter("accountancy", "11")).id, "A Class 11 accountancy question");
    const economics = await addQuestion((await chapter("economics", "12")).id, "An economics question");
    await db.update(schema.products).set({ classLevel: "both" }).where(eq(schema.products.id, mock));
    const student = await newStudent();
    await db.insert(schema.enrolments).values({ userId: student.id, productId: mock, source: "purchase" });
    const second = await startAttempt(db, student, mock);
    const [again] = await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, second));
    expect(again!.questionIds).toContain(class11.id);
    expect(again!.questionIds).not.toContain(economics.id);
    expect(await scopesOf(again!.questionIds)).toEqual(new Set(["accountancy 11", "accountancy 12"]));
  });
});

describe("what would put another subject's question in a test is refused", () => {
  it("the test builder refuses a chosen question or a rule's chapter of another subject or class, and saves nothing", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const mock = await productIdBySlug(MOCK);
    const before = await db.select().from(schema.practiceTests).where(eq(schema.practiceTests.productId, mock));
    const economics = await addQuestion((await chapter("economics", "12")).id, "Repo rate is set by");
    const class11 = await addQuestion((await chapter("accountancy", "11")).id, "Accounting is");
    const base = { timeLimitMinutes: 30, negativePercent: 0, instructions: "", rules: [] };
    expect(
      await refusal(saveTestSettings(db, admin.id, mock, { ...base, questionIds: [economics.id, class11.id] })),
    ).toEqual({
      status: 400,
      message: `Not Accountancy Class 12: #${economics.id}, #${class11.id}. A test's questions are of its subject and class.`,
    });
    const bsChapter = await chapter("business_studies", "12");
    expect(
      await refusal(
        saveTestSettings(db, admin.id, mock, {
          ...base,
          questionIds: [],
          rules: [...anyChapter(2), { chapterId: bsChapter.id, type: null, difficulty: null, count: 2 }],
        }),
      ),
    ).toEqual({ status: 400, message: "Rule 2: choose a chapter of Accountancy Class 12." });
    expect(await db.select().from(schema.practiceTests).where(eq(schema.practiceTests.productId, mock))).toEqual(
      before,
    );
    expect(await db.$count(schema.practiceTestQuestions, eq(schema.practiceTestQuestions.productId, mock))).toBe(9);
  });

  it("a question in a test cannot move to another subject's chapter; a case set's parts move with it", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const mock = await productIdBySlug(MOCK);
    const [listed] = await db
      .select({ q: schema.practiceQuestions })
      .from(schema.practiceTestQuestions)
      .innerJoin(schema.practiceQuestions, eq(schema.practiceQuestions.id, schema.practiceTestQuestions.questionId))
      .where(and(eq(schema.practiceTestQuestions.productId, mock), eq(schema.practiceQuestions.type, "mcq")))
      .limit(1);
    const q = listed!.q;
    const economics = await chapter("economics", "12");
    expect(await refusal(saveQuestion(db, admin.id, q.id, { ...inputOf(q), chapterId: economics.id }))).toEqual({
      status: 409,
      message:
        'This question is in "Accountancy Class 12 — Mock Paper 1", a test of Accountancy Class 12: choose a chapter of that subject and class, or take it out of the test first.',
    });
    // Another chapter of the same subject and class is fine.
    const other = await chapter("accountancy", "12", "Cash Flow Statement");
    expect((await saveQuestion(db, admin.id, q.id, { ...inputOf(q), chapterId: other.id })).chapterId).toBe(other.id);
    // A case set (in a test) moved within its subject takes its parts along.
    const [set] = await db
      .select()
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.type, "case_based"))
      .limit(1);
    const [setChapter] = await db
      .select()
      .from(schema.practiceChapters)
      .where(eq(schema.practiceChapters.id, set!.chapterId));
    const sibling = (await db.select().from(schema.practiceChapters)).find(
      (c) => c.subject === setChapter!.subject && c.classLevel === setChapter!.classLevel && c.id !== set!.chapterId,
    )!;
    await saveQuestion(db, admin.id, set!.id, { ...inputOf(set!), chapterId: sibling.id });
    const parts = await db
      .select()
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.parentId, set!.id));
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.every((p) => p.chapterId === sibling.id)).toBe(true);
  });

  it("a test keeps its subject and class while its questions are of them", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const mock = await productIdBySlug(MOCK);
    const [product] = await db.select().from(schema.products).where(eq(schema.products.id, mock));
    const input = {
      title: product!.title,
      subject: "economics" as const,
      classLevel: "12" as const,
      status: product!.status,
      pricePaise: product!.pricePaise,
      isFree: product!.isFree,
      instructorId: product!.instructorId,
      description: product!.description,
      modules: product!.modules,
    };
    const refused = await refusal(updateAdminProduct(db, admin.id, mock, input, assertScopeKept));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^This test has questions that are not Economics Class 12/);
    // Class 11 & 12 still holds its Class 12 questions.
    expect(
      (
        await updateAdminProduct(
          db,
          admin.id,
          mock,
          { ...input, subject: "accountancy", classLevel: "both" },
          assertScopeKept,
        )
      ).classLevel,
    ).toBe("both");
  });

  it("the CSV import files a row under the chapter of its own class and subject, or refuses the file", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const before = await db.$count(schema.practiceQuestions);
    const header =
      "ref,parent_ref,class,subject,chapter,type,prompt,option_a,option_b,option_c,option_d,correct,model_answer,marking_points,marks,difficulty,explanation,source";
    // "Accounting Ratios" is an Accountancy chapter: an Economics row cannot name it.
    const csv = `${header}\n,,12,economics,Accounting Ratios,mcq,Quick ratio?,1,2,,,A,,,1,easy,,\n`;
    expect(await refusal(importQuestionsCsv(db, admin.id, csv))).toEqual({
      status: 400,
      message: 'Line 2: no chapter "Accounting Ratios" in Class 12 economics (add it under Chapters first).',
    });
    expect(await db.$count(schema.practiceQuestions)).toBe(before);
  });
});

describe("the database holds the rule whoever writes", () => {
  it("refuses a listed question, a rule's chapter, a dealt paper, a moved question or chapter and a test's new subject outside its scope", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    const economics = await chapter("economics", "12");
    const foreign = await addQuestion(economics.id, "Money supply is");
    const [listed] = await db
      .select()
      .from(schema.practiceTestQuestions)
      .where(eq(schema.practiceTestQuestions.productId, mock))
      .limit(1);
    const student = await createUser();
    const refusals = [
      db.insert(schema.practiceTestQuestions).values({ productId: mock, questionId: foreign.id, position: 99 }),
      db
        .update(schema.practiceTests)
        .set({ rules: [{ chapterId: economics.id, type: null, difficulty: null, count: 1 }] })
        .where(eq(schema.practiceTests.productId, mock)),
      db.insert(schema.practiceAttempts).values({
        userId: student.id,
        productId: mock,
        questionIds: [listed!.questionId, foreign.id],
        deadlineAt: new Date(Date.now() + 60_000),
        maxMarks: 2,
      }),
      db
        .update(schema.practiceQuestions)
        .set({ chapterId: economics.id })
        .where(eq(schema.practiceQuestions.id, listed!.questionId)),
      db.update(schema.products).set({ subject: "economics" }).where(eq(schema.products.id, mock)),
      db.update(schema.products).set({ classLevel: "11" }).where(eq(schema.products.id, mock)),
    ];
    for (const write of refusals) expect(await pgCode(write)).toBe("23514");
    const [listedChapter] = await db
      .select({ id: schema.practiceQuestions.chapterId })
      .from(schema.practiceQuestions)
      .where(eq(schema.practiceQuestions.id, listed!.questionId));
    expect(
      await pgCode(
        db
          .update(schema.practiceChapters)
          .set({ subject: "economics" })
          .where(eq(schema.practiceChapters.id, listedChapter!.id)),
      ),
    ).toBe("23514");
    // Within the scope all of these are fine.
    await db.execute(sql`update practice_tests set rules = '[]'::jsonb where product_id = ${mock}`);
    await db.update(schema.products).set({ classLevel: "both" }).where(eq(schema.products.id, mock));
  });
});
