/**
 * The publish rule, the one check every way of publishing an item goes through (creating it
 * published, saving it published in the editor, the Publish button and the list's status change):
 * an item goes live only with a title, a class, a subject, a price above ₹0 or the explicit "Free"
 * choice, and, for a course, at least one lesson with something to play. A refusal names everything
 * still missing.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { lessons, lessonVideos, practiceTestQuestions, practiceTests } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { bundlePublishProblems } from "./bundles.server";
import type { ClassLevel } from "./class-levels";
import type { Kind, Subject } from "./labels";

export interface PublishCandidate {
  kind: Kind;
  title: string;
  classLevel: ClassLevel | null | undefined;
  subject: Subject | null | undefined;
  pricePaise: number;
  isFree: boolean;
}

/**
 * What the item still lacks to be published, in words ("a class", "at least one lesson"); empty when it
 * may go live. `lessonCount`: a course's lessons with something to play (an embed link, an uploaded
 * video that is ready, or a test), a test's questions (chosen or dealt by its rules); `waiting`: a
 * course's lessons without any yet (their video still to be uploaded).
 */
export function missingToPublish(item: PublishCandidate, lessonCount: number, waiting = 0): string[] {
  const missing: string[] = [];
  if (!item.title.trim()) missing.push("a title");
  if (!item.classLevel) missing.push("a class");
  if (!item.subject) missing.push("a subject");
  if (!(item.pricePaise > 0 || item.isFree)) missing.push("a price (or mark it free)");
  if (item.kind === "course" && lessonCount < 1)
    missing.push(waiting > 0 ? "a video (uploaded and ready, or a link) or a test in a lesson" : "at least one lesson");
  if (item.kind === "test" && lessonCount < 1) missing.push("at least one question");
  return missing;
}

/** "To publish, add: a class, a price (or mark it free), at least one lesson." */
export function publishRefusal(missing: string[]): string {
  return `To publish, add: ${missing.join(", ")}.`;
}

/** SQL: the lesson has something to play: an embed link, a test, or an uploaded video transcoded (renditions). */
const lessonHasContent = sql`(${lessons.videoUrl} is not null or ${lessons.testProductId} is not null or exists (select 1 from ${lessonVideos} v where v.lesson_id = ${lessons.id} and v.hls_prefix is not null))`;

/** The lessons of a course with something to play, and those still waiting for their video (0 for a new item). */
export async function lessonCounts(db: DbOrTx, productId: number | undefined) {
  if (productId === undefined) return { playable: 0, waiting: 0 };
  const [row] = await db
    .select({
      playable: sql<number>`count(*) filter (where ${lessonHasContent})`.mapWith(Number),
      all: sql<number>`count(*)`.mapWith(Number),
    })
    .from(lessons)
    .where(eq(lessons.productId, productId));
  const playable = row?.playable ?? 0;
  return { playable, waiting: (row?.all ?? 0) - playable };
}

/** The questions of a test: chosen ones plus those its rules deal (0 for a new item). */
export async function testQuestionCount(db: DbOrTx, productId: number | undefined): Promise<number> {
  if (productId === undefined) return 0;
  const chosen = await db.$count(practiceTestQuestions, eq(practiceTestQuestions.productId, productId));
  const [test] = await db
    .select({ rules: practiceTests.rules })
    .from(practiceTests)
    .where(eq(practiceTests.productId, productId));
  return chosen + (test?.rules ?? []).reduce((sum, r) => sum + r.count, 0);
}

/** What item `productId` (or a new one) would still lack once saved as `item`. */
export async function missingForItem(db: DbOrTx, productId: number | undefined, item: PublishCandidate) {
  if (item.kind === "course") {
    const { playable, waiting } = await lessonCounts(db, productId);
    return missingToPublish(item, playable, waiting);
  }
  return missingToPublish(item, item.kind === "test" ? await testQuestionCount(db, productId) : 0);
}

/** Refuses (400, naming what is missing) to publish an item that does not meet the rule. */
export async function assertPublishable(db: DbOrTx, productId: number | undefined, item: PublishCandidate) {
  const missing = await missingForItem(db, productId, item);
  if (missing.length) throw new HttpError(400, publishRefusal(missing));
  // A bundle (issue 36) also keeps the bundle rules: two items or more, all published, a price below their sum.
  if (item.kind === "bundle") {
    const [problem] = await bundlePublishProblems(db, productId, item.pricePaise);
    if (problem) throw new HttpError(400, problem);
  }
}
