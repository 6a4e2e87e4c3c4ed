/**
 * Practising one chapter of a test on its own ("Practise again" in the strength report): its
 * questions from the test, for a share of the test's time.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { practiceChapters } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { getTakeableTest, type TestOverview, type Viewer, validId } from "./access.server";
import { type AnswerableRow, answerables, dealPaper, paperOf } from "./paper.server";
import type { TestFacts } from "./tests.server";

export interface ChapterPractice {
  chapterId: number;
  chapter: string;
  /** Its time, questions, answers, marks and negative marking, as a test's (the start page's list). */
  facts: TestFacts;
}

/** A chapter practice's shortest time limit, in minutes. */
const MIN_PRACTICE_MINUTES = 5;

/**
 * Practising one chapter of a test ("Practise again" in the strength report): its questions from the
 * test, and the test's time in proportion to their marks (at least 5 minutes). 404 for an unknown
 * chapter; 409 when the test has no question from it.
 */
export async function planChapterPractice(db: DbOrTx, test: TestOverview, chapterId: number) {
  const [chapter] = validId(chapterId)
    ? await db
        .select({ title: practiceChapters.title })
        .from(practiceChapters)
        .where(eq(practiceChapters.id, chapterId))
    : [];
  if (!chapter) throw new HttpError(404, "Chapter not found.");
  const questionIds = await dealPaper(db, test.productId, chapterId);
  if (!questionIds.length) throw new HttpError(409, `${test.title} has no questions from ${chapter.title}.`);
  const [answered, whole] = await Promise.all([
    paperOf(db, questionIds).then(answerables),
    dealPaper(db, test.productId).then(async (ids) => answerables(await paperOf(db, ids))),
  ]);
  const marksOf = (questions: AnswerableRow[]) => questions.reduce((n, q) => n + q.marks, 0);
  const maxMarks = marksOf(answered);
  const minutes = Math.min(
    test.timeLimitMinutes,
    Math.max(MIN_PRACTICE_MINUTES, Math.ceil((test.timeLimitMinutes * maxMarks) / Math.max(1, marksOf(whole)))),
  );
  const practice: ChapterPractice = {
    chapterId,
    chapter: chapter.title,
    facts: {
      timeLimitMinutes: minutes,
      negativePercent: test.negativePercent,
      questionCount: questionIds.length,
      answerCount: answered.length,
      answersVary: false,
      totalMarks: maxMarks,
      // A chapter's practice is not the whole paper: it follows no board pattern.
      pattern: null,
    },
  };
  return { practice, questionIds, maxMarks };
}

/** The start page of a chapter's practice: the test (with the practice's open attempt) and the practice. */
export async function getChapterPractice(db: DbOrTx, user: Viewer, productId: number, chapterId: number) {
  const test = await getTakeableTest(db, user, productId, chapterId);
  const { practice } = await planChapterPractice(db, test, chapterId);
  return { test, practice };
}
