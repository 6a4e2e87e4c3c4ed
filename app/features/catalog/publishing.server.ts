/**
 * The publish rule, the one check every way of publishing an item goes through (creating it
 * published, saving it published in the editor, the Publish button and the list's status change):
 * an item goes live only with a title, a class, a subject, a price above ₹0 or the explicit "Free"
 * choice, and, for a course, at least one lesson. A refusal names everything still missing.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { lessons, practiceTestQuestions, practiceTests } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import type { Kind, Subject } from "./labels";

export interface PublishCandidate {
  kind: Kind;
  title: string;
  classLevel: "11" | "12" | "both" | null | undefined;
  subject: Subject | null | undefined;
  pricePaise: number;
  isFree: boolean;
}

/** What the item still lacks to be published, in words ("a class", "at least one lesson"); empty when it may go live. */
export function missingToPublish(item: PublishCandidate, lessonCount: number): string[] {
  // lessonCount: a course's lessons, a test's questions (chosen or dealt by its rules).
  const missing: string[] = [];
  if (!item.title.trim()) missing.push("a title");
  if (!item.classLevel) missing.push("a class");
  if (!item.subject) missing.push("a subject");
  if (!(item.pricePaise > 0 || item.isFree)) missing.push("a price (or mark it free)");
  if (item.kind === "course" && lessonCount < 1) missing.push("at least one lesson");
  if (item.kind === "test" && lessonCount < 1) missing.push("at least one question");
  return missing;
}

/** "To publish, add: a class, a price (or mark it free), at least one lesson." */
export function publishRefusal(missing: string[]): string {
  return `To publish, add: ${missing.join(", ")}.`;
}

/** The lessons of a course (0 for a new item, which has no id yet). */
export async function lessonCount(db: DbOrTx, productId: number | undefined): Promise<number> {
  if (productId === undefined) return 0;
  return db.$count(lessons, eq(lessons.productId, productId));
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
  const count =
    item.kind === "course"
      ? await lessonCount(db, productId)
      : item.kind === "test"
        ? await testQuestionCount(db, productId)
        : 0;
  return missingToPublish(item, count);
}

/** Refuses (400, naming what is missing) to publish an item that does not meet the rule. */
export async function assertPublishable(db: DbOrTx, productId: number | undefined, item: PublishCandidate) {
  const missing = await missingForItem(db, productId, item);
  if (missing.length) throw new HttpError(400, publishRefusal(missing));
}
