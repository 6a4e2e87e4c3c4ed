/**
 * The paper of an attempt: dealing it once when the attempt starts (the chosen questions, then the
 * rules' random ones, only of the test's subject and class), reading it back in order, and the
 * questions a student answers in it.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { type PaperLayout, practiceQuestions, practiceTestQuestions, practiceTests } from "~/db/schema";
import type { QuestionInput } from "./bank.server";
import { getTestScope, questionInScope } from "./tests.server";

/**
 * The top-level questions of a new attempt: the chosen ones in order, then those the rules deal at
 * random. With `chapterId` (practising one chapter) only what belongs to that chapter: chosen questions
 * of it (a case set when one of its parts is), and the rules that may deal it, dealing from it alone.
 * Whatever the rule says ("any chapter" included), only questions of the test's subject and class
 * are dealt (issue 32).
 */
export async function dealPaper(db: DbOrTx, productId: number, chapterId: number | null = null): Promise<number[]> {
  const scope = questionInScope(await getTestScope(db, productId));
  const chosenFilters = [eq(practiceTestQuestions.productId, productId), scope];
  if (chapterId !== null) {
    chosenFilters.push(
      sql`(${practiceQuestions.chapterId} = ${chapterId} or exists (select 1 from ${practiceQuestions} part where part.parent_id = ${practiceQuestions.id} and part.chapter_id = ${chapterId}))`,
    );
  }
  const chosen = await db
    .select({ id: practiceTestQuestions.questionId })
    .from(practiceTestQuestions)
    .innerJoin(practiceQuestions, eq(practiceQuestions.id, practiceTestQuestions.questionId))
    .where(and(...chosenFilters))
    .orderBy(asc(practiceTestQuestions.position));
  const ids = chosen.map((c) => c.id);
  const [test] = await db
    .select({ rules: practiceTests.rules })
    .from(practiceTests)
    .where(eq(practiceTests.productId, productId));
  for (const rule of test?.rules ?? []) {
    if (chapterId !== null && rule.chapterId !== null && rule.chapterId !== chapterId) continue;
    const filters = [isNull(practiceQuestions.parentId), scope];
    const ruleChapter = chapterId ?? rule.chapterId;
    if (ruleChapter) filters.push(eq(practiceQuestions.chapterId, ruleChapter));
    if (rule.type) filters.push(eq(practiceQuestions.type, rule.type));
    if (rule.difficulty) filters.push(eq(practiceQuestions.difficulty, rule.difficulty));
    if (ids.length) filters.push(sql`${practiceQuestions.id} not in (${sql.join(ids, sql`, `)})`);
    const dealt = await db
      .select({ id: practiceQuestions.id })
      .from(practiceQuestions)
      .where(and(...filters))
      .orderBy(sql`random()`)
      .limit(rule.count);
    ids.push(...dealt.map((d) => d.id));
  }
  return ids;
}

/**
 * A question as the paper, marking and results read it: what the bank's form writes (but its
 * difficulty), with its id and its place in a case set.
 */
export type AnswerableRow = Pick<typeof practiceQuestions.$inferSelect, "id" | "position"> &
  Omit<QuestionInput, "difficulty">;

/** The paper of an attempt in order: each top-level question, a case set followed by its sub-questions. */
export async function paperOf(
  db: DbOrTx,
  questionIds: number[],
): Promise<{ top: AnswerableRow[]; subs: AnswerableRow[] }> {
  if (!questionIds.length) return { top: [], subs: [] };
  const columns = {
    id: practiceQuestions.id,
    parentId: practiceQuestions.parentId,
    chapterId: practiceQuestions.chapterId,
    type: practiceQuestions.type,
    prompt: practiceQuestions.prompt,
    options: practiceQuestions.options,
    correctOption: practiceQuestions.correctOption,
    modelAnswer: practiceQuestions.modelAnswer,
    markingPoints: practiceQuestions.markingPoints,
    answerNumber: practiceQuestions.answerNumber,
    answerTolerance: practiceQuestions.answerTolerance,
    minWords: practiceQuestions.minWords,
    maxWords: practiceQuestions.maxWords,
    journalLines: practiceQuestions.journalLines,
    marks: practiceQuestions.marks,
    explanation: practiceQuestions.explanation,
    source: practiceQuestions.source,
    position: practiceQuestions.position,
  };
  const [topRows, subs] = await Promise.all([
    db.select(columns).from(practiceQuestions).where(inArray(practiceQuestions.id, questionIds)),
    db
      .select(columns)
      .from(practiceQuestions)
      .where(inArray(practiceQuestions.parentId, questionIds))
      .orderBy(asc(practiceQuestions.position), asc(practiceQuestions.id)),
  ]);
  const top = questionIds.map((id) => topRows.find((q) => q.id === id)).filter((q): q is AnswerableRow => !!q);
  return { top, subs };
}

/** The questions a student answers: every top-level question except case sets, which are answered by their parts. */
export function answerables(paper: { top: AnswerableRow[]; subs: AnswerableRow[] }): AnswerableRow[] {
  return paper.top.flatMap((q) => (q.type === "case_based" ? paper.subs.filter((s) => s.parentId === q.id) : [q]));
}

/**
 * The test's layout for a paper just dealt: its sections keep the questions that were dealt (a
 * question of another subject left out by the scope drops out, an emptied section or choice with it);
 * null when the test has none.
 */
export async function dealtLayout(db: DbOrTx, productId: number, questionIds: number[]): Promise<PaperLayout | null> {
  const [test] = await db
    .select({ layout: practiceTests.layout })
    .from(practiceTests)
    .where(eq(practiceTests.productId, productId));
  if (!test?.layout) return null;
  const dealt = new Set(questionIds);
  const sections = test.layout.sections
    .map((s) => ({ ...s, items: s.items.map((ids) => ids.filter((id) => dealt.has(id))).filter((ids) => ids.length) }))
    .filter((s) => s.items.length);
  return sections.length ? { sections } : null;
}

/** The marks of top-level questions (a case set's: the sum of its parts'). */
export async function topLevelMarks(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const [top, parts] = await Promise.all([
    db
      .select({ id: practiceQuestions.id, type: practiceQuestions.type, marks: practiceQuestions.marks })
      .from(practiceQuestions)
      .where(inArray(practiceQuestions.id, ids)),
    db
      .select({ parentId: practiceQuestions.parentId, marks: practiceQuestions.marks })
      .from(practiceQuestions)
      .where(inArray(practiceQuestions.parentId, ids)),
  ]);
  const marks = new Map<number, number>();
  for (const q of top) {
    marks.set(
      q.id,
      q.type === "case_based" ? parts.filter((p) => p.parentId === q.id).reduce((n, p) => n + p.marks, 0) : q.marks,
    );
  }
  return marks;
}

/** The top-level questions answered in an attempt (by text, choice or a photo of the answer): a case set when any of its parts is. */
export function answeredTopLevel(
  questions: AnswerableRow[],
  answers: { questionId: number; choice: number | null; text: string | null }[],
  withFiles: Set<number> = new Set(),
): Set<number> {
  const answered = new Set<number>();
  for (const q of questions) {
    const a = answers.find((x) => x.questionId === q.id);
    if (withFiles.has(q.id) || (a && (a.choice !== null || Boolean(a.text?.trim())))) answered.add(q.parentId ?? q.id);
  }
  return answered;
}

/** The title of an attempt: the test's, and the chapter practised, if any. */
export function attemptTitle(testTitle: string, chapter: string | null) {
  return chapter ? `${testTitle} · ${chapter} (practice)` : testTitle;
}
