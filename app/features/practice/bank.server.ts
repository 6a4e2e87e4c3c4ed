/**
 * The admin's side of practice tests: the question bank (list, write, delete when unused), the
 * chapters, CSV import and export (column layout in docs/practice-tests.md), and the test builder.
 * Every change is written to the audit log in the same transaction.
 */
import { parse } from "csv-parse/sync";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  type PracticeRule,
  practiceAnswers,
  practiceChapters,
  practiceQuestions,
  practiceTestQuestions,
  practiceTests,
  products,
} from "~/db/schema";
import { SUBJECTS, type Subject } from "~/features/catalog/labels";
import { csvLine } from "~/lib/csv";
import { HttpError } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";
import { cursorTs, keysetPage, keysetWindow, type PageRequest } from "~/platform/search/keyset.server";
import {
  ASSERTION_REASON_OPTIONS,
  DIFFICULTIES,
  isObjective,
  isWritten,
  QUESTION_TYPES,
  type QuestionType,
} from "./labels";
import { chaptersOutOfScope, getTestScope, questionsOutOfScope, scopeLabel } from "./tests.server";

/* ---------------------------------------------------------------- chapters */

export type ChapterRow = typeof practiceChapters.$inferSelect;

export function listChapters(db: DbOrTx): Promise<ChapterRow[]> {
  return db
    .select()
    .from(practiceChapters)
    .orderBy(
      asc(practiceChapters.classLevel),
      asc(practiceChapters.subject),
      asc(practiceChapters.position),
      asc(practiceChapters.id),
    );
}

export async function addChapter(
  db: Db,
  actorId: string,
  input: { subject: Subject; classLevel: "11" | "12"; title: string },
) {
  return db.transaction(async (tx) => {
    const [max] = await tx
      .select({ p: sql<number>`coalesce(max(${practiceChapters.position}), 0)`.mapWith(Number) })
      .from(practiceChapters)
      .where(and(eq(practiceChapters.subject, input.subject), eq(practiceChapters.classLevel, input.classLevel)));
    const [row] = await tx
      .insert(practiceChapters)
      .values({ ...input, position: (max?.p ?? 0) + 1 })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new HttpError(409, "That chapter already exists for this class and subject.", { field: "title" });
    await recordEvent(tx, {
      actorId,
      type: "Practice",
      entityType: "practice_chapter",
      entityId: String(row.id),
      status: "Success",
      description: `Added chapter "${row.title}"`,
    });
    return row;
  });
}

export async function renameChapter(db: Db, actorId: string, id: number, title: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(practiceChapters)
      .set({ title })
      .where(eq(practiceChapters.id, id))
      .returning()
      .catch((error) => {
        throw new HttpError(409, "Another chapter of this class and subject has that name.", {
          field: "title",
          cause: error,
        });
      });
    if (!row) throw new HttpError(404, "Chapter not found.");
    await recordEvent(tx, {
      actorId,
      type: "Practice",
      entityType: "practice_chapter",
      entityId: String(id),
      status: "Success",
      description: `Renamed a chapter to "${title}"`,
    });
    return row;
  });
}

/* --------------------------------------------------------------- questions */

/** A question as the form and the CSV import give it: the writable columns of `practice_questions`. */
export type QuestionInput = Pick<
  typeof practiceQuestions.$inferSelect,
  | "chapterId"
  | "parentId"
  | "type"
  | "prompt"
  | "options"
  | "correctOption"
  | "modelAnswer"
  | "markingPoints"
  | "marks"
  | "difficulty"
  | "explanation"
  | "source"
>;

/** What is wrong with a question, in words (empty when it may be saved). Shared by the form and the CSV import. */
export function questionProblems(q: QuestionInput): string[] {
  const problems: string[] = [];
  if (!q.prompt.trim()) problems.push("the question text is empty");
  if (isObjective(q.type)) {
    if (q.options.length < 2) problems.push("an objective question needs at least two options");
    if (q.correctOption === null || q.correctOption < 0 || q.correctOption >= q.options.length) {
      problems.push("the correct option must be one of its options");
    }
    if (q.marks < 1) problems.push("marks must be at least 1");
  }
  if (isWritten(q.type)) {
    if (!q.modelAnswer?.trim()) problems.push("a written question needs a model answer");
    if (!q.markingPoints.length) problems.push("a written question needs marking points");
    if (q.marks < 1) problems.push("marks must be at least 1");
  }
  if (q.type === "case_based" && q.parentId !== null) problems.push("a case-based set cannot be inside another set");
  if (q.parentId !== null && q.type !== "mcq" && q.type !== "assertion_reason" && !isWritten(q.type)) {
    problems.push("a part of a case set must be a multiple choice, assertion–reason or written question");
  }
  if (q.marks < 0 || q.marks > 20) problems.push("marks must be between 0 and 20");
  return problems;
}

function normalise(q: QuestionInput): QuestionInput {
  const options = q.type === "assertion_reason" && q.options.length === 0 ? ASSERTION_REASON_OPTIONS : q.options;
  return {
    ...q,
    options: isObjective(q.type) ? options : [],
    correctOption: isObjective(q.type) ? q.correctOption : null,
    modelAnswer: isWritten(q.type) ? q.modelAnswer : null,
    markingPoints: isWritten(q.type) ? q.markingPoints : [],
    marks: q.type === "case_based" ? 0 : q.marks,
  };
}

export interface BankFilters {
  classLevel?: "11" | "12";
  subject?: Subject;
  chapterId?: number;
  type?: QuestionType;
}

function bankWhere(filters: BankFilters) {
  const where = [isNull(practiceQuestions.parentId)];
  if (filters.classLevel) where.push(eq(practiceChapters.classLevel, filters.classLevel));
  if (filters.subject) where.push(eq(practiceChapters.subject, filters.subject));
  if (filters.chapterId) where.push(eq(practiceQuestions.chapterId, filters.chapterId));
  if (filters.type) where.push(eq(practiceQuestions.type, filters.type));
  return where;
}

const bankColumns = {
  id: practiceQuestions.id,
  type: practiceQuestions.type,
  prompt: practiceQuestions.prompt,
  marks: practiceQuestions.marks,
  difficulty: practiceQuestions.difficulty,
  source: practiceQuestions.source,
  chapter: practiceChapters.title,
  subject: practiceChapters.subject,
  classLevel: practiceChapters.classLevel,
  parts: sql<number>`(select count(*) from practice_questions p where p.parent_id = ${practiceQuestions.id})`.mapWith(
    Number,
  ),
};

/** Top-level questions (a case set is one row, with its number of parts) in bank order: class, subject, chapter. */
export async function listQuestions(db: DbOrTx, filters: BankFilters = {}, limit = 200) {
  return db
    .select(bankColumns)
    .from(practiceQuestions)
    .innerJoin(practiceChapters, eq(practiceChapters.id, practiceQuestions.chapterId))
    .where(and(...bankWhere(filters)))
    .orderBy(
      asc(practiceChapters.classLevel),
      asc(practiceChapters.subject),
      asc(practiceChapters.position),
      asc(practiceQuestions.id),
    )
    .limit(limit);
}

export const QUESTIONS_PAGE_SIZE = 50;

/**
 * One page of the bank's list (`/admin/practice`), newest first, paged like every admin list
 * (`search/keyset.server.ts`: Next and Previous carry the cursor of the row they continue from);
 * `total` counts every question the filters match.
 */
export async function listQuestionPage(db: DbOrTx, opts: BankFilters & PageRequest = {}) {
  const window = keysetWindow(
    opts,
    { createdAt: practiceQuestions.createdAt, id: practiceQuestions.id },
    "int",
    QUESTIONS_PAGE_SIZE,
  );
  const where = bankWhere(opts);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...bankColumns, cursorTs: cursorTs(practiceQuestions.createdAt) })
      .from(practiceQuestions)
      .innerJoin(practiceChapters, eq(practiceChapters.id, practiceQuestions.chapterId))
      .where(and(...where, window.where))
      .orderBy(...window.orderBy)
      .limit(QUESTIONS_PAGE_SIZE + 1)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(practiceQuestions)
      .innerJoin(practiceChapters, eq(practiceChapters.id, practiceQuestions.chapterId))
      .where(and(...where)),
  ]);
  const { rows: shown, ...paging } = keysetPage(rows, window, QUESTIONS_PAGE_SIZE);
  return { questions: shown.map(({ cursorTs: _, ...q }) => q), total: Number(total?.n ?? 0), ...paging };
}

export async function getQuestion(db: DbOrTx, id: number) {
  const [row] = await db.select().from(practiceQuestions).where(eq(practiceQuestions.id, id));
  if (!row) throw new HttpError(404, "Question not found.");
  const parts = await db
    .select()
    .from(practiceQuestions)
    .where(eq(practiceQuestions.parentId, id))
    .orderBy(asc(practiceQuestions.position), asc(practiceQuestions.id));
  return { ...row, parts };
}

async function assertParent(tx: DbOrTx, q: QuestionInput) {
  if (q.parentId === null) return;
  const [parent] = await tx.select().from(practiceQuestions).where(eq(practiceQuestions.id, q.parentId));
  if (parent?.type !== "case_based")
    throw new HttpError(400, "A part belongs to a case-based set.", { field: "parentId" });
  if (parent.chapterId !== q.chapterId)
    throw new HttpError(400, "A part is in its set's chapter.", { field: "chapterId" });
}

/**
 * Refuses (409) to move a question listed in a test (`topId`: the question, or the set a part belongs
 * to) into a chapter outside that test's subject and class.
 */
async function assertTestsKeepScope(tx: DbOrTx, topId: number, chapter: ChapterRow) {
  const tests = await tx
    .select({ title: products.title, subject: products.subject, classLevel: products.classLevel })
    .from(practiceTestQuestions)
    .innerJoin(products, eq(products.id, practiceTestQuestions.productId))
    .where(eq(practiceTestQuestions.questionId, topId));
  const clash = tests.find(
    (t) => t.subject !== chapter.subject || (t.classLevel !== "both" && t.classLevel !== chapter.classLevel),
  );
  if (clash)
    throw new HttpError(
      409,
      `This question is in "${clash.title}", a test of ${scopeLabel(clash)}: choose a chapter of that subject and class, or take it out of the test first.`,
      { field: "chapterId" },
    );
}

export async function saveQuestion(db: Db, actorId: string, id: number | null, input: QuestionInput) {
  const q = normalise(input);
  const problems = questionProblems(q);
  if (problems.length) throw new HttpError(400, `Please fix: ${problems.join("; ")}.`);
  return db.transaction(async (tx) => {
    const [chapter] = await tx.select().from(practiceChapters).where(eq(practiceChapters.id, q.chapterId));
    if (!chapter) throw new HttpError(400, "Choose a chapter.", { field: "chapterId" });
    await assertParent(tx, q);
    let row: typeof practiceQuestions.$inferSelect | undefined;
    if (id === null) {
      [row] = await tx.insert(practiceQuestions).values(q).returning();
    } else {
      const [before] = await tx.select().from(practiceQuestions).where(eq(practiceQuestions.id, id));
      if (!before) throw new HttpError(404, "Question not found.");
      if (before.type === "case_based" && q.type !== "case_based") {
        const parts = await tx.$count(practiceQuestions, eq(practiceQuestions.parentId, id));
        if (parts)
          throw new HttpError(409, "Remove the parts of this set before changing its type.", { field: "type" });
      }
      if (before.chapterId !== q.chapterId) await assertTestsKeepScope(tx, before.parentId ?? id, chapter);
      [row] = await tx.update(practiceQuestions).set(q).where(eq(practiceQuestions.id, id)).returning();
      // A case set's parts are in its chapter: they move with it.
      if (before.chapterId !== q.chapterId && q.type === "case_based")
        await tx.update(practiceQuestions).set({ chapterId: q.chapterId }).where(eq(practiceQuestions.parentId, id));
    }
    await recordEvent(tx, {
      actorId,
      type: "Practice",
      entityType: "practice_question",
      entityId: String(row!.id),
      status: "Success",
      description: `${id === null ? "Added" : "Edited"} question #${row!.id}`,
    });
    return row!;
  });
}

/** Deletes a question no test lists and no attempt answered (a case set with its parts); otherwise refuses. */
export async function deleteQuestion(db: Db, actorId: string, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(practiceQuestions).where(eq(practiceQuestions.id, id));
    if (!row) throw new HttpError(404, "Question not found.");
    const ids = [
      id,
      ...(
        await tx.select({ id: practiceQuestions.id }).from(practiceQuestions).where(eq(practiceQuestions.parentId, id))
      ).map((r) => r.id),
    ];
    const inTests = await tx.$count(practiceTestQuestions, inArray(practiceTestQuestions.questionId, ids));
    const answered = await tx.$count(practiceAnswers, inArray(practiceAnswers.questionId, ids));
    const dealt = await tx.execute(
      sql`select 1 from practice_attempts where question_ids @> ${JSON.stringify([id])}::jsonb limit 1`,
    );
    if (inTests || answered || (dealt as { rows?: unknown[] }).rows?.length) {
      throw new HttpError(
        409,
        "This question is in a test or has been answered, so it cannot be deleted. Edit it instead.",
      );
    }
    await tx.delete(practiceQuestions).where(eq(practiceQuestions.id, id));
    await recordEvent(tx, {
      actorId,
      type: "Practice",
      entityType: "practice_question",
      entityId: String(id),
      status: "Success",
      description: `Deleted question #${id}`,
    });
  });
}

/* --------------------------------------------------------------------- CSV */

/**
 * The CSV layout of import and export (docs/practice-tests.md). `ref` names a row within the file
 * (export writes `Q<id>`); a part of a case set gives its set's ref in `parent_ref`. Options A–D
 * (an assertion–reason row may leave them empty for the standard four); `correct` is a letter;
 * marking points are separated by ` | `.
 */
export const CSV_COLUMNS = [
  "ref",
  "parent_ref",
  "class",
  "subject",
  "chapter",
  "type",
  "prompt",
  "option_a",
  "option_b",
  "option_c",
  "option_d",
  "correct",
  "model_answer",
  "marking_points",
  "marks",
  "difficulty",
  "explanation",
  "source",
] as const;

const LETTERS = ["A", "B", "C", "D"];
export const MAX_IMPORT_ROWS = 2_000;

/** The whole bank as CSV (sets followed by their parts). */
export async function exportQuestionsCsv(db: DbOrTx): Promise<string> {
  const rows = await db
    .select({ q: practiceQuestions, chapter: practiceChapters })
    .from(practiceQuestions)
    .innerJoin(practiceChapters, eq(practiceChapters.id, practiceQuestions.chapterId))
    .orderBy(
      asc(sql`coalesce(${practiceQuestions.parentId}, ${practiceQuestions.id})`),
      asc(sql`${practiceQuestions.parentId} is not null`),
      asc(practiceQuestions.position),
      asc(practiceQuestions.id),
    );
  let csv = csvLine(CSV_COLUMNS);
  for (const { q, chapter } of rows) {
    const arDefault = q.type === "assertion_reason" && q.options.join("\n") === ASSERTION_REASON_OPTIONS.join("\n");
    const options = arDefault ? [] : q.options;
    csv += csvLine([
      `Q${q.id}`,
      q.parentId ? `Q${q.parentId}` : "",
      chapter.classLevel,
      chapter.subject,
      chapter.title,
      q.type,
      q.prompt,
      options[0],
      options[1],
      options[2],
      options[3],
      q.correctOption === null ? "" : LETTERS[q.correctOption],
      q.modelAnswer,
      q.markingPoints.join(" | "),
      q.marks,
      q.difficulty,
      q.explanation,
      q.source,
    ]);
  }
  return csv;
}

/**
 * Imports a CSV of questions: every row is checked first, and one bad row refuses the whole file
 * (400, "Line 7: …", by its line in the file) with nothing stored. Returns how many were added.
 */
export async function importQuestionsCsv(db: Db, actorId: string, csv: string): Promise<number> {
  let records: { record: Record<string, string>; line: number }[];
  try {
    const parsed = parse(csv, {
      columns: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      info: true,
      relax_column_count: false,
    }) as {
      record: Record<string, string>;
      info: { lines: number };
    }[];
    records = parsed.map((r) => ({ record: r.record, line: r.info.lines }));
  } catch (error) {
    const e = error as { lines?: number; message?: string };
    throw new HttpError(
      400,
      `Line ${e.lines ?? "?"}: the file is not valid CSV (${(e.message ?? "").split(":")[0]}).`,
      { field: "file" },
    );
  }
  if (!records.length) throw new HttpError(400, "The file has no questions.", { field: "file" });
  if (records.length > MAX_IMPORT_ROWS)
    throw new HttpError(400, `Import at most ${MAX_IMPORT_ROWS} questions per file.`, { field: "file" });
  const header = Object.keys(records[0]!.record);
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    throw new HttpError(400, `Line 1: missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`, {
      field: "file",
    });

  const chapters = await listChapters(db);
  const refs = new Map<string, { line: number; type: QuestionType; chapterId: number }>();
  const rows: { line: number; ref: string; parentRef: string; input: QuestionInput }[] = [];
  for (const { record: r, line } of records) {
    const fail = (message: string): never => {
      throw new HttpError(400, `Line ${line}: ${message}.`, { field: "file" });
    };
    const cls = r.class === "11" || r.class === "12" ? r.class : fail(`class must be 11 or 12, not "${r.class}"`);
    const subject = (SUBJECTS as readonly string[]).includes(r.subject!)
      ? (r.subject as Subject)
      : fail(`subject must be one of ${SUBJECTS.join(", ")}`);
    const chapter = chapters.find((c) => c.classLevel === cls && c.subject === subject && c.title === r.chapter);
    if (!chapter) fail(`no chapter "${r.chapter}" in Class ${cls} ${subject} (add it under Chapters first)`);
    const type = (QUESTION_TYPES as readonly string[]).includes(r.type!)
      ? (r.type as QuestionType)
      : fail(`type must be one of ${QUESTION_TYPES.join(", ")}`);
    const difficulty = (DIFFICULTIES as readonly string[]).includes(r.difficulty || "medium")
      ? ((r.difficulty || "medium") as QuestionInput["difficulty"])
      : fail(`difficulty must be easy, medium or hard`);
    const marks = /^\d{1,2}$/.test(r.marks ?? "")
      ? Number(r.marks)
      : type === "case_based" && !r.marks
        ? 0
        : fail(`marks must be a whole number`);
    const options = [r.option_a, r.option_b, r.option_c, r.option_d].map((o) => o ?? "").filter((o) => o !== "");
    const correct = r.correct ? LETTERS.indexOf(r.correct.toUpperCase()) : -1;
    if (r.correct && correct < 0) fail(`correct must be a letter A to D`);
    const ref = r.ref ?? "";
    const parentRef = r.parent_ref ?? "";
    if (ref && refs.has(ref)) fail(`ref "${ref}" is used twice`);
    let parentId: number | null = null;
    if (parentRef) {
      const parent = refs.get(parentRef);
      if (!parent) fail(`parent_ref "${parentRef}" must name a case_based row above it in this file`);
      if (parent!.type !== "case_based") fail(`parent_ref "${parentRef}" is not a case_based row`);
      if (parent!.chapterId !== chapter!.id) fail(`a part must be in its set's chapter`);
      parentId = -1; // set after the set is inserted
    }
    const input = normalise({
      chapterId: chapter!.id,
      parentId,
      type,
      prompt: r.prompt ?? "",
      options,
      correctOption: correct >= 0 ? correct : null,
      modelAnswer: r.model_answer || null,
      markingPoints: (r.marking_points ?? "")
        .split("|")
        .map((p) => p.trim())
        .filter(Boolean),
      marks,
      difficulty,
      explanation: r.explanation ?? "",
      source: r.source ?? "",
    });
    const problems = questionProblems(input);
    if (problems.length) fail(problems.join("; "));
    if (ref) refs.set(ref, { line, type, chapterId: chapter!.id });
    rows.push({ line, ref, parentRef, input });
  }
  return db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const row of rows) {
      const parentId = row.parentRef ? ids.get(row.parentRef)! : null;
      const [inserted] = await tx
        .insert(practiceQuestions)
        .values({ ...row.input, parentId, position: row.line })
        .returning({ id: practiceQuestions.id });
      if (row.ref) ids.set(row.ref, inserted!.id);
    }
    await recordEvent(tx, {
      actorId,
      type: "Practice",
      entityType: "practice_question",
      status: "Success",
      description: `Imported ${rows.length} questions from CSV`,
    });
    return rows.length;
  });
}

/* ------------------------------------------------------------ test builder */

export interface TestSettingsInput {
  timeLimitMinutes: number;
  negativePercent: number;
  instructions: string;
  questionIds: number[];
  rules: PracticeRule[];
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
    settings: settings ?? { productId, timeLimitMinutes: 60, negativePercent: 0, rules: [], instructions: "" },
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
    const ids = [...new Set(input.questionIds)];
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
          { field: "questionIds" },
        );
    }
    // A test's questions are of its subject and class (issue 32): chosen ones and the rules' chapters.
    const scope = await getTestScope(tx, productId);
    const foreign = await questionsOutOfScope(tx, scope, ids);
    if (foreign.length)
      throw new HttpError(
        400,
        `Not ${scopeLabel(scope)}: ${foreign.map((i) => `#${i}`).join(", ")}. A test's questions are of its subject and class.`,
        { field: "questionIds" },
      );
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
      rules: input.rules,
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
      description: `Saved the test builder (${ids.length} questions, ${input.rules.length} rules)`,
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
