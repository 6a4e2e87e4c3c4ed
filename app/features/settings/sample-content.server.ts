/**
 * The sample store of a new install (issue 32): how much of it is left, and "Remove all sample
 * content" in Settings. Sample rows are the ones the seed marked `is_sample` (db/seed/seed.server.ts).
 *
 * Removal is one transaction, audited with its counts: sample items with their modules, lessons,
 * lesson videos (the shared sample lecture's files stay in storage, like the sample PDFs under
 * `seed/`), reviews, cart lines, enrolments and attempts; the sample accounts with their sessions and
 * reviews; sample questions; banners, testimonials, toppers, subject services, highlights; sample
 * instructors no remaining item names. What cannot go without losing a real record stays and becomes
 * the owner's (no longer marked): an item somebody ordered is archived (its orders and invoices are
 * records), a sample test that is a lesson of the owner's course, a question used by the owner's tests
 * or answered in a kept attempt, an instructor still named on a kept item. So a second run finds
 * nothing and changes nothing. Every table touched bumps the content version (drizzle/0001 triggers),
 * which empties every instance's page cache.
 */
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { BOARD_PAPERS_SEED_KEY, PRACTICE_SEED_KEY, QUESTION_BANK_SEED_KEY } from "~/db/meta-keys";
import {
  appMeta,
  banners,
  bundleItems,
  courseHighlights,
  enrolments,
  instructors,
  lessons,
  orderItems,
  orders,
  practiceQuestions,
  products,
  reviews,
  subjectServices,
  testimonials,
  toppers,
  users,
} from "~/db/schema";
import { countOf } from "~/lib/numbers";
import { recordEvent } from "~/platform/audit/audit.server";
import { SAMPLE_KINDS, type SampleCounts } from "./sample-content";

export { NOTHING_LEFT, REMOVE_SAMPLE_CONFIRMATION } from "./sample-content";

const sampleCount = (table: string) => sql<number>`(select count(*)::int from ${sql.raw(table)} where is_sample)`;

/** How many sample rows of each kind there are (one query). */
export async function sampleContentCounts(db: DbOrTx): Promise<SampleCounts> {
  const [row] = await db
    .select({
      products: sampleCount("products"),
      accounts: sampleCount("users"),
      reviews: sql<number>`(select count(*)::int from reviews r join users u on u.id = r.user_id where u.is_sample)`,
      questions: sampleCount("practice_questions"),
      banners: sampleCount("banners"),
      testimonials: sampleCount("testimonials"),
      toppers: sampleCount("toppers"),
      subjectServices: sampleCount("subject_services"),
      highlights: sampleCount("course_highlights"),
      instructors: sampleCount("instructors"),
    })
    .from(sql`(select 1) as one`);
  const counts = Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
  return counts as unknown as SampleCounts;
}

export const totalOf = (counts: SampleCounts) => Object.values(counts).reduce((a, b) => a + b, 0);

export interface SampleRemoval {
  removed: SampleCounts;
  /** Sample items kept (archived) because somebody ordered them, or a test that is a lesson of the owner's course. */
  keptProducts: string[];
  /** The audit entry's words, also the admin's message. */
  summary: string;
}

/** Removes all sample content in one transaction (see the module's comment); null when none is left. */
export async function removeSampleContent(db: Db, actorId: string): Promise<SampleRemoval | null> {
  return db.transaction(async (tx) => {
    // One removal at a time (a double click, two admins): the second finds nothing left.
    await tx.execute(sql`select pg_advisory_xact_lock(7321032)`);
    const before = await sampleContentCounts(tx);
    if (totalOf(before) === 0) return null;

    // Items: what was ever ordered stays (archived), and a sample test that is a lesson of a course
    // that stays; the rest goes with everything hanging off it.
    const sample = await tx
      .select({ id: products.id, title: products.title, kind: products.kind })
      .from(products)
      .where(eq(products.isSample, true))
      .for("update");
    const ids = sample.map((p) => p.id);
    const ordered = new Set(
      ids.length
        ? (
            await tx
              .selectDistinct({ id: orderItems.productId })
              .from(orderItems)
              .where(inArray(orderItems.productId, ids))
          ).map((r) => r.id)
        : [],
    );
    const going = new Set(ids.filter((id) => !ordered.has(id)));
    const testIds = sample.filter((p) => p.kind === "test" && going.has(p.id)).map((p) => p.id);
    if (testIds.length) {
      const usedBy = await tx
        .select({ testId: lessons.testProductId, courseId: lessons.productId })
        .from(lessons)
        .where(inArray(lessons.testProductId, testIds));
      for (const use of usedBy) if (!going.has(use.courseId)) going.delete(use.testId!);
    }
    // An item of a bundle that stays (ordered, or not sample) stays too: the bundle's buyers hold it.
    if (going.size) {
      const inBundles = await tx
        .select({ itemId: bundleItems.productId, bundleId: bundleItems.bundleId })
        .from(bundleItems)
        .where(inArray(bundleItems.productId, [...going]));
      for (const use of inBundles) if (!going.has(use.bundleId)) going.delete(use.itemId);
    }
    const kept = sample.filter((p) => !going.has(p.id));
    const goingIds = [...going];
    if (goingIds.length) {
      // Lessons that open a test being removed (of courses being removed too), then enrolments
      // (grants: nobody ordered these), then the items; the rest cascades (modules, lessons, lesson
      // videos, reviews, ratings, cart lines, progress, tests and their attempts).
      await tx.delete(lessons).where(inArray(lessons.testProductId, goingIds));
      await tx.delete(enrolments).where(inArray(enrolments.productId, goingIds));
      // Bundles' item lists first: their items may be going in the same delete.
      await tx.delete(bundleItems).where(inArray(bundleItems.bundleId, goingIds));
      await tx.delete(products).where(inArray(products.id, goingIds));
    }
    const archived = kept.filter((p) => ordered.has(p.id)).map((p) => p.id);
    if (archived.length) {
      await tx.update(products).set({ isSample: false, status: "archived" }).where(inArray(products.id, archived));
    }
    await tx.update(products).set({ isSample: false }).where(eq(products.isSample, true));

    // Sample accounts (their reviews, sessions, sign-in accounts, enrolments cascade); one with an
    // order (a record) stays as the owner's.
    const hasOrders = tx.select({ one: sql`1` }).from(orders).where(eq(orders.userId, users.id));
    await tx.delete(users).where(and(eq(users.isSample, true), notExists(hasOrders)));
    const keptAccounts = await tx
      .update(users)
      .set({ isSample: false })
      .where(eq(users.isSample, true))
      .returning({ id: users.id });

    // Questions no remaining test uses and no remaining attempt answered (a case set goes whole).
    await tx.execute(sql`
      delete from ${practiceQuestions} q
       where q.is_sample and q.parent_id is null
         and not exists (select 1 from practice_test_questions t join practice_questions c on c.id = t.question_id
                          where c.id = q.id or c.parent_id = q.id)
         and not exists (select 1 from practice_answers a join practice_questions c on c.id = a.question_id
                          where c.id = q.id or c.parent_id = q.id)`);
    const keptQuestions = await tx
      .update(practiceQuestions)
      .set({ isSample: false })
      .where(eq(practiceQuestions.isSample, true))
      .returning({ id: practiceQuestions.id });

    for (const table of [banners, testimonials, toppers, subjectServices, courseHighlights]) {
      await tx.delete(table).where(eq(table.isSample, true));
    }
    const named = tx.select({ one: sql`1` }).from(products).where(eq(products.instructorId, instructors.id));
    await tx.delete(instructors).where(and(eq(instructors.isSample, true), notExists(named)));
    const keptInstructors = await tx
      .update(instructors)
      .set({ isSample: false })
      .where(eq(instructors.isSample, true))
      .returning({ id: instructors.id });

    // Nothing of the sample comes back at the next start: the seed's own markers say it was given.
    await tx
      .insert(appMeta)
      .values([PRACTICE_SEED_KEY, QUESTION_BANK_SEED_KEY, BOARD_PAPERS_SEED_KEY].map((key) => ({ key, value: "1" })))
      .onConflictDoNothing();

    const after = await sampleContentCounts(tx);
    if (totalOf(after) !== 0) throw new Error("Sample content left after its removal");
    // What went, per kind: what there was, less what stayed as the owner's.
    const removed: SampleCounts = {
      ...before,
      products: before.products - kept.length,
      accounts: before.accounts - keptAccounts.length,
      questions: before.questions - keptQuestions.length,
      instructors: before.instructors - keptInstructors.length,
    };
    if (keptAccounts.length) {
      const [stayed] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(reviews)
        .where(
          inArray(
            reviews.userId,
            keptAccounts.map((u) => u.id),
          ),
        );
      removed.reviews -= Number(stayed?.n ?? 0);
    }
    const parts = SAMPLE_KINDS.filter(({ key }) => removed[key] > 0).map(({ key, singular, plural }) =>
      countOf(removed[key], singular, plural),
    );
    const keptWords = kept.length
      ? ` Kept as the owner's: ${kept.map((p) => `"${p.title}"${ordered.has(p.id) ? " (archived: it has orders)" : " (a lesson of your course)"}`).join(", ")}.`
      : "";
    const summary = `Sample content removed: ${parts.join(", ")}.${keptWords}`;
    await recordEvent(tx, {
      actorId,
      type: "Settings",
      description: summary,
      status: "Complete",
      entityType: "settings",
      entityId: 1,
    });
    return { removed, keptProducts: kept.map((p) => p.title), summary };
  });
}
