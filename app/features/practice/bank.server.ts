/**
 * The admin's question bank: the chapters and the questions (list, write, delete when unused).
 * CSV import and export are in csv.server.ts, the test builder in builder.server.ts. Every change
 * is written to the audit log in the same transaction.
 */
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { practiceAnswers, practiceChapters, practiceQuestions, practiceTestQuestions, products } from "~/db/schema";
import type { Subject } from "~/features/catalog/labels";
import { HttpError } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";
import { cursorTs, keysetPage, keysetWindow, type PageRequest } from "~/platform/search/keyset.server";
import { journalProblems } from "./journal";
import { ASSERTION_REASON_OPTIONS, isObjective, isWritten, type QuestionType } from "./labels";
import { scopeLabel } from "./tests.server";

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
  | "answerNumber"
  | "answerTolerance"
  | "minWords"
  | "maxWords"
  | "journalLines"
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
  if (q.type === "numeric") {
    if (q.answerNumber === null || !Number.isFinite(q.answerNumber))
      problems.push("a numerical question needs its answer");
    if (!Number.isFinite(q.answerTolerance) || q.answerTolerance < 0) problems.push("the tolerance must be 0 or more");
    if (q.marks < 1) problems.push("marks must be at least 1");
  }
  if (q.type === "journal") {
    problems.push(...journalProblems(q.journalLines));
    if (q.marks < 1) problems.push("marks must be at least 1");
  }
  if (isWritten(q.type) && q.minWords !== null && q.maxWords !== null && q.maxWords < q.minWords) {
    problems.push("the word limit's maximum must not be below its minimum");
  }
  if (q.type === "case_based" && q.parentId !== null) problems.push("a case-based set cannot be inside another set");
  if (q.marks < 0 || q.marks > 20) problems.push("marks must be between 0 and 20");
  return problems;
}

export function normalise(q: QuestionInput): QuestionInput {
  const options = q.type === "assertion_reason" && q.options.length === 0 ? ASSERTION_REASON_OPTIONS : q.options;
  return {
    ...q,
    options: isObjective(q.type) ? options : [],
    correctOption: isObjective(q.type) ? q.correctOption : null,
    modelAnswer: isWritten(q.type) ? q.modelAnswer : null,
    markingPoints: isWritten(q.type) ? q.markingPoints : [],
    answerNumber: q.type === "numeric" ? q.answerNumber : null,
    answerTolerance: q.type === "numeric" ? q.answerTolerance : 0,
    minWords: isWritten(q.type) ? q.minWords : null,
    maxWords: isWritten(q.type) ? q.maxWords : null,
    journalLines: q.type === "journal" ? q.journalLines : [],
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
