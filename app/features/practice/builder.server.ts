/** The test builder: a test's settings, its chosen questions and its rules, kept within its subject and class. */
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  type PaperLayout,
  type PracticeRule,
  practiceQuestions,
  practiceTestQuestions,
  practiceTests,
  products,
} from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";
import { layoutMarkProblems, layoutQuestionIds } from "./layout";
import { topLevelMarks } from "./paper.server";
import { chaptersOutOfScope, getTestScope, questionsOutOfScope, scopeLabel } from "./tests.server";

/* ------------------------------------------------------------ test builder */

export interface TestSettingsInput {
  timeLimitMinutes: number;
  negativePercent: number;
  instructions: string;
  /** The board pattern and its year the paper follows (the detail page's "Pattern: …"); null or "" clears it. */
  pattern?: string | null;
  questionIds: number[];
  rules: PracticeRule[];
  /** Sections and choices (layout.ts); when given, its questions are the chosen ones, in its order. */
  layout?: PaperLayout | null;
}

export async function getTestBuilder(db: DbOrTx, productId: number) {
  const [product] = await db
    .select({
      id: products.id,
      title: products.title,
      kind: products.kind,
      subject: products.subject,
      classLevel: products.classLevel,
      status: products.status,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (product?.kind !== "test") throw new HttpError(404, "Test not found.");
  const [settings] = await db.select().from(practiceTests).where(eq(practiceTests.productId, productId));
  const chosen = await db
    .select({ id: practiceTestQuestions.questionId })
    .from(practiceTestQuestions)
    .where(eq(practiceTestQuestions.productId, productId))
    .orderBy(asc(practiceTestQuestions.position));
  return {
    product,
    settings: settings ?? {
      productId,
      timeLimitMinutes: 60,
      negativePercent: 0,
      rules: [],
      instructions: "",
      layout: null,
      pattern: null,
    },
    questionIds: chosen.map((c) => c.id),
  };
}

export async function saveTestSettings(db: Db, actorId: string, productId: number, input: TestSettingsInput) {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ kind: products.kind, status: products.status })
      .from(products)
      .where(eq(products.id, productId));
    if (product?.kind !== "test") throw new HttpError(404, "Test not found.");
    const layout = input.layout ?? null;
    const ids = layout ? layoutQuestionIds(layout) : [...new Set(input.questionIds)];
    const field = layout ? "layout" : "questionIds";
    if (ids.length) {
      const found = await tx
        .select({ id: practiceQuestions.id })
        .from(practiceQuestions)
        .where(and(inArray(practiceQuestions.id, ids), isNull(practiceQuestions.parentId)));
      const unknown = ids.filter((id) => !found.some((f) => f.id === id));
      if (unknown.length)
        throw new HttpError(
          400,
          `No such question (or it is a part of a set): ${unknown.map((i) => `#${i}`).join(", ")}.`,
          { field },
        );
    }
    // A test's questions are of its subject and class (issue 32): chosen ones and the rules' chapters.
    const scope = await getTestScope(tx, productId);
    const foreign = await questionsOutOfScope(tx, scope, ids);
    if (foreign.length)
      throw new HttpError(
        400,
        `Not ${scopeLabel(scope)}: ${foreign.map((i) => `#${i}`).join(", ")}. A test's questions are of its subject and class.`,
        { field },
      );
    if (layout) {
      const marks = await topLevelMarks(tx, ids);
      const problems = layoutMarkProblems(layout, (id) => marks.get(id) ?? 0);
      if (problems.length) throw new HttpError(400, `Please fix: ${problems.join("; ")}.`, { field });
    }
    const foreignChapters = await chaptersOutOfScope(
      tx,
      scope,
      input.rules.flatMap((r) => (r.chapterId === null ? [] : [r.chapterId])),
    );
    if (foreignChapters.length) {
      const rule = input.rules.findIndex((r) => r.chapterId !== null && foreignChapters.includes(r.chapterId)) + 1;
      throw new HttpError(400, `Rule ${rule}: choose a chapter of ${scopeLabel(scope)}.`, { field: "rules" });
    }
    if (product.status === "published" && ids.length + input.rules.reduce((n, r) => n + r.count, 0) === 0) {
      throw new HttpError(400, "A published test keeps at least one question. Set it to Draft first.", {
        field: "questionIds",
      });
    }
    const values = {
      timeLimitMinutes: input.timeLimitMinutes,
      negativePercent: input.negativePercent,
      instructions: input.instructions,
      pattern: input.pattern?.trim() || null,
      rules: input.rules,
      layout,
    };
    await tx
      .insert(practiceTests)
      .values({ productId, ...values })
      .onConflictDoUpdate({ target: practiceTests.productId, set: values });
    await tx.delete(practiceTestQuestions).where(eq(practiceTestQuestions.productId, productId));
    if (ids.length)
      await tx
        .insert(practiceTestQuestions)
        .values(ids.map((questionId, i) => ({ productId, questionId, position: i + 1 })));
    await recordEvent(tx, {
      actorId,
      type: "Practice",
      entityType: "product",
      entityId: String(productId),
      status: "Success",
      description: `Saved the test builder (${ids.length} questions${layout ? ` in ${layout.sections.length} sections` : ""}, ${input.rules.length} rules)`,
    });
  });
}

/** Chapters with their question counts, for the builder's rule picker. */
export async function chapterQuestionCounts(db: DbOrTx) {
  return db
    .select({ chapterId: practiceQuestions.chapterId, n: count() })
    .from(practiceQuestions)
    .where(isNull(practiceQuestions.parentId))
    .groupBy(practiceQuestions.chapterId);
}
