/**
 * The two seeded 80-mark CBSE board mock papers (issue 35) and a test's pattern: what a fresh seed
 * holds, an install seeded before them getting them once, and the pattern saved, cleared and refused
 * by the test builder and shown on the test's detail page.
 */
import { count, eq, inArray } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { BOARD_PAPER_SOURCE, seedBoardPaperList } from "~/db/seed/board-papers";
import { seedBoardPapers, seedDatabase } from "~/db/seed/seed.server";
import { layoutMaxMarks, layoutQuestionIds, layoutText } from "~/features/practice/layout";
import { topLevelMarks } from "~/features/practice/paper.server";
import { startAttempt } from "~/features/practice/taking.server";
import { TestFactsList } from "~/features/practice/test-facts";
import { getTestFacts } from "~/features/practice/tests.server";
import { slugify } from "~/lib/slug";
import { action as builderAction, loader as builderLoader } from "~/routes/admin/practice-test";
import { loader as productLoader } from "~/routes/store/product";
import { cookieFor, createTestUser } from "../helpers/auth";
import { getTestDb } from "../helpers/db";
import { makeRequest, routeCall } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;

async function paperProducts() {
  const { db } = await getTestDb();
  return db
    .select()
    .from(schema.products)
    .where(
      inArray(
        schema.products.slug,
        seedBoardPaperList.map((p) => slugify(p.title)),
      ),
    );
}

async function detailPage(id: number) {
  const request = makeRequest(`/tests/${id}`);
  return (await routeCall(productLoader as Fn, { request, params: { id: String(id) } })) as Awaited<
    ReturnType<typeof productLoader>
  >;
}

async function saveBuilder(id: number, cookie: string, fields: Record<string, string>) {
  const request = makeRequest(`/admin/practice/tests/${id}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie },
  });
  try {
    const result = await routeCall(builderAction as Fn, { request, params: { productId: String(id) } });
    if (result instanceof Response) return { status: result.status, data: undefined };
    const d = result as { init?: ResponseInit; data: unknown };
    return { status: d.init?.status ?? 200, data: d.data as { fieldErrors?: Record<string, string> } };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, data: undefined };
    throw error;
  }
}

describe("the seeded board papers", () => {
  it("a fresh seed has both: published, paid sample tests of 3 hours with their sections, choices and pattern, out of 80 marks in 34 questions", async () => {
    const { db } = await getTestDb();
    const owner = await createTestUser({ role: "admin" });
    const products = await paperProducts();
    expect(products.map((p) => p.subject).sort()).toEqual(["accountancy", "economics"]);
    for (const paper of seedBoardPaperList) {
      const product = products.find((p) => p.title === paper.title)!;
      expect(product).toMatchObject({
        kind: "test",
        classLevel: "12",
        status: "published",
        isSample: true,
        pricePaise: paper.price * 100,
        isFree: false,
      });
      const [test] = await db.select().from(schema.practiceTests).where(eq(schema.practiceTests.productId, product.id));
      expect(test).toMatchObject({ timeLimitMinutes: 180, negativePercent: 0, pattern: paper.pattern });
      expect(test!.layout!.sections.map((s) => [s.title, s.group])).toEqual(
        paper.sections.map((s) => [s.title, s.group]),
      );
      // The chosen questions are the layout's, in its order, each once.
      const chosen = await db
        .select({ id: schema.practiceTestQuestions.questionId })
        .from(schema.practiceTestQuestions)
        .where(eq(schema.practiceTestQuestions.productId, product.id))
        .orderBy(schema.practiceTestQuestions.position);
      const ids = layoutQuestionIds(test!.layout!);
      expect(chosen.map((c) => c.id)).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
      const marks = await topLevelMarks(db, ids);
      expect(layoutMaxMarks(test!.layout!, (id) => marks.get(id) ?? 0)).toBe(80);
      const questions = await db
        .select()
        .from(schema.practiceQuestions)
        .where(inArray(schema.practiceQuestions.id, ids));
      expect(questions.every((q) => q.isSample && q.source === BOARD_PAPER_SOURCE)).toBe(true);
      expect(questions.some((q) => q.type === "numeric" && q.answerNumber !== null)).toBe(true);
      expect(questions.some((q) => q.minWords !== null && q.maxWords !== null)).toBe(true);
      // The detail page counts what a student attempts: one option of Part B, one alternative of each choice.
      expect(await getTestFacts(db, product.id)).toMatchObject({
        questionCount: 34,
        totalMarks: 80,
        timeLimitMinutes: 180,
        pattern: paper.pattern,
      });
      // A paper dealt from it keeps the whole layout and is out of 80.
      const attemptId = await startAttempt(db, { id: owner.id, role: "admin" }, product.id);
      const [attempt] = await db
        .select()
        .from(schema.practiceAttempts)
        .where(eq(schema.practiceAttempts.id, attemptId));
      expect(attempt).toMatchObject({ maxMarks: 80, layout: test!.layout, questionIds: ids });
    }
  });

  it("an install seeded before them gets both on its next start, once", async () => {
    const { db } = await getTestDb();
    const total = async () =>
      (
        await db
          .select({ n: count() })
          .from(schema.practiceQuestions)
          .where(eq(schema.practiceQuestions.source, BOARD_PAPER_SOURCE))
      )[0]!.n;
    const seededQuestions = await total();
    expect(seededQuestions).toBeGreaterThan(70);
    // An install from before: no papers, none of their questions, no marker.
    await db.delete(schema.products).where(
      inArray(
        schema.products.id,
        (await paperProducts()).map((p) => p.id),
      ),
    );
    await db.delete(schema.practiceQuestions).where(eq(schema.practiceQuestions.source, BOARD_PAPER_SOURCE));
    await db.delete(schema.appMeta).where(eq(schema.appMeta.key, "board_papers_seed_version"));
    expect(await paperProducts()).toHaveLength(0);

    expect(await seedDatabase(db)).toEqual({ seeded: false });
    const products = await paperProducts();
    expect(products).toHaveLength(2);
    expect(await total()).toBe(seededQuestions);
    for (const product of products) {
      expect((await getTestFacts(db, product.id))?.totalMarks).toBe(80);
    }
    await seedDatabase(db);
    await seedBoardPapers(db);
    expect(await paperProducts()).toHaveLength(2);
    expect(await total()).toBe(seededQuestions);
  });
});

describe("a test's pattern", () => {
  it("the builder saves it and clears it; the detail page shows it while it is set", async () => {
    const { db } = await getTestDb();
    const cookie = await cookieFor(await createTestUser({ role: "admin" }));
    const paper = (await paperProducts()).find((p) => p.subject === "accountancy")!;
    const page = (await routeCall(builderLoader as Fn, {
      request: makeRequest(`/admin/practice/tests/${paper.id}`, { headers: { cookie } }),
      params: { productId: String(paper.id) },
    })) as Awaited<ReturnType<typeof builderLoader>>;
    expect(page.builder.settings.pattern).toBe(seedBoardPaperList[0]!.pattern);
    const fields = {
      timeLimitMinutes: "180",
      negativePercent: "0",
      instructions: page.builder.settings.instructions,
      layout: layoutText(page.builder.settings.layout),
    };
    const pattern = "CBSE Class 12 Accountancy board pattern 2026–27: 80 marks, 3 hours, 34 questions";

    // The seeded paper saves as it is through the builder (its layout, marks and scope are valid), with a new pattern.
    expect((await saveBuilder(paper.id, cookie, { ...fields, pattern: `  ${pattern}  ` })).status).toBe(302);
    const patternOf = async () =>
      (
        await db
          .select({ pattern: schema.practiceTests.pattern, layout: schema.practiceTests.layout })
          .from(schema.practiceTests)
          .where(eq(schema.practiceTests.productId, paper.id))
      )[0]!;
    expect((await patternOf()).pattern).toBe(pattern);
    expect((await patternOf()).layout).toEqual(page.builder.settings.layout);
    const shown = (await detailPage(paper.id)).testFacts!;
    expect(shown.pattern).toBe(pattern);
    expect(renderToStaticMarkup(createElement(TestFactsList, { facts: shown }))).toContain(`Pattern: ${pattern}`);

    // Too long: a 400 on the field, nothing saved.
    const long = await saveBuilder(paper.id, cookie, { ...fields, pattern: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.data?.fieldErrors?.pattern).toBe("Keep the pattern under 200 characters.");
    expect((await patternOf()).pattern).toBe(pattern);

    // Cleared: null, and the detail page says nothing of a pattern.
    expect((await saveBuilder(paper.id, cookie, { ...fields, pattern: " " })).status).toBe(302);
    expect((await patternOf()).pattern).toBeNull();
    const cleared = (await detailPage(paper.id)).testFacts!;
    expect(cleared.pattern).toBeNull();
    expect(renderToStaticMarkup(createElement(TestFactsList, { facts: cleared }))).not.toContain("Pattern");
    // A form without the field (an older page) clears it too, as the builder's other optional fields.
    await db.update(schema.practiceTests).set({ pattern }).where(eq(schema.practiceTests.productId, paper.id));
    expect((await saveBuilder(paper.id, cookie, fields)).status).toBe(302);
    expect((await patternOf()).pattern).toBeNull();
  });
});
