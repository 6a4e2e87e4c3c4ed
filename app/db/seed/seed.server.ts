import { and, desc, eq, inArray, like, sql } from "drizzle-orm";
import { coverImage } from "~/features/catalog/covers";
import { ASSERTION_REASON_OPTIONS } from "~/features/practice/labels";
import { DEFAULT_SETTINGS } from "~/features/settings/defaults";
import { slugify } from "~/lib/slug";
import type { DbOrTx } from "../client.server";
import {
  BOARD_PAPERS_SEED_KEY,
  PRACTICE_SEED_KEY,
  QUESTION_BANK_SEED_KEY,
  SAMPLE_MARK_KEY,
  SEED_KEY,
} from "../meta-keys";
import * as schema from "../schema";
import { BOARD_PAPER_SOURCE, type BoardPaper, seedBoardPaperList } from "./board-papers";
import type { SeedProduct } from "./data";
import {
  seedBanners,
  seedCourseHighlight,
  seedCourses,
  seedInstructors,
  seedNotes,
  seedPyqs,
  seedSubjectServices,
  seedTestimonials,
  seedToppers,
} from "./data";
import { avatarImage, buildProduct, buildTestimonial, buildTopper } from "./factories";
import { seedCourseOutline } from "./lessons";
import { SEED_QUESTION_SOURCE, type SeedQuestion, seedChapters, seedTests } from "./practice";
import { seededProductIds } from "./product-ids";
import { seedQuestionBanks } from "./questions";
import { seedSampleReviews } from "./reviews";
import { sampleVideoRow } from "./sample-video";
import { upgradeSampleLessons } from "./upgrade-lessons";

/** Bump when the sample content changes in a way a fresh install should get. */
export const SEED_VERSION = "1";
/** The made-up WhatsApp number the seed wrote before issue 32. */
const OLD_SEED_WHATSAPP = "919876543210";

export function rupeesToPaise(rupees: number) {
  return Math.round(rupees * 100);
}

/**
 * Seeds a new install once. A marker row makes it idempotent: a restart (or a second instance) adds
 * nothing twice, and content the owner deleted later is not resurrected.
 *
 * With `sample` (the default; `SEED_SAMPLE=0` turns it off) it seeds the spec's sample store, every
 * row of it marked `is_sample` so Settings can count and remove it ("Remove all sample content").
 * Without, only the settings row a store needs: no products, reviews, accounts, banners or the rest.
 */
export async function seedDatabase(
  db: DbOrTx,
  { sample = true }: { sample?: boolean } = {},
): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts of several instances on PostgreSQL.
    await tx.execute("select pg_advisory_xact_lock(7321001)");
    const [marker] = await tx.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEED_KEY));
    if (marker) {
      // An install seeded before practice tests (or the question bank's sample questions) existed gets
      // them once.
      await seedPracticeContent(tx);
      await seedQuestionBank(tx);
      await seedBoardPapers(tx);
      // An install seeded before issue 32 gets the seed's rows marked as sample once.
      await markSampleContent(tx);
      await upgradeSampleLessons(tx);
      return { seeded: false };
    }

    await tx
      .insert(schema.settings)
      .values({ id: 1, ...DEFAULT_SETTINGS })
      .onConflictDoNothing();

    if (!sample) {
      // An empty store: the markers alone, so that no later start adds sample content either.
      await tx
        .insert(schema.appMeta)
        .values([
          { key: SEED_KEY, value: SEED_VERSION },
          { key: PRACTICE_SEED_KEY, value: "1" },
          { key: QUESTION_BANK_SEED_KEY, value: "1" },
          { key: BOARD_PAPERS_SEED_KEY, value: "1" },
          { key: SAMPLE_MARK_KEY, value: "1" },
        ])
        .onConflictDoNothing();
      return { seeded: true };
    }

    const instructorRows = await tx
      .insert(schema.instructors)
      .values(seedInstructors.map((name) => ({ name, isSample: true })))
      .onConflictDoNothing()
      .returning();
    const allInstructors = instructorRows.length ? instructorRows : await tx.select().from(schema.instructors);
    const instructorId = (name: string) => {
      const row = allInstructors.find((i) => i.name === name);
      if (!row) throw new Error(`Seed instructor ${name} missing`);
      return row.id;
    };

    const items = [...seedCourses, ...seedNotes, ...seedPyqs];
    await tx.insert(schema.products).values(
      items.map((item, index) =>
        buildProduct({
          kind: item.kind,
          title: item.title,
          slug: slugify(`${item.title}`),
          subject: item.subject,
          classLevel: item.classLevel,
          status: "published",
          pricePaise: rupeesToPaise(item.price),
          instructorId: instructorId(item.instructor),
          image: coverImage(item.subject, item.kind),
          description: item.description,
          modules: item.modules,
          position: index + 1,
          // Notes and PYQ: the sample PDF, generated into file storage at startup (learning feature).
          fileKey: item.kind === "course" ? null : `seed/${slugify(item.title)}.pdf`,
          isSample: true,
        }),
      ),
    );
    await seedCourseLessons(tx, seedCourses);
    await seedSampleReviews(tx, items);

    await tx.insert(schema.banners).values(seedBanners.map((b, i) => ({ ...b, position: i + 1, isSample: true })));
    await tx
      .insert(schema.testimonials)
      .values(
        seedTestimonials.map((t, i) =>
          buildTestimonial({ ...t, avatar: avatarImage(t.name), position: i + 1, isSample: true }),
        ),
      );
    await tx
      .insert(schema.toppers)
      .values(
        seedToppers.map((t, i) =>
          buildTopper({ ...t, imageUrl: avatarImage(t.name), position: i + 1, isSample: true }),
        ),
      );
    await tx.insert(schema.subjectServices).values(
      seedSubjectServices.map((s, i) => ({
        ...s,
        image: coverImage(s.subject, "course"),
        position: i + 1,
        isSample: true,
      })),
    );
    await tx.insert(schema.courseHighlights).values({ ...seedCourseHighlight, isSample: true });
    await seedPracticeContent(tx, { courseLesson: true });
    await seedSampleBundle(tx);
    await seedQuestionBank(tx);
    await seedBoardPapers(tx);
    await tx.insert(schema.appMeta).values([
      { key: SEED_KEY, value: SEED_VERSION },
      { key: SAMPLE_MARK_KEY, value: "1" },
    ]);
    return { seeded: true };
  });
}

/** Modules and lessons (with video URLs) of the seeded courses, in two inserts. */
async function seedCourseLessons(tx: DbOrTx, courses: SeedProduct[]) {
  const idOf = await seededProductIds(
    tx,
    courses.map((c) => c.title),
  );
  const outlines = courses.map((course) => ({
    productId: idOf(course.title),
    subject: course.subject,
    modules: seedCourseOutline(course),
  }));
  const moduleRows = await tx
    .insert(schema.courseModules)
    .values(
      outlines.flatMap((o) => o.modules.map((m, i) => ({ productId: o.productId, title: m.title, position: i + 1 }))),
    )
    .returning({
      id: schema.courseModules.id,
      productId: schema.courseModules.productId,
      position: schema.courseModules.position,
    });
  const lessonRows = outlines.flatMap((o) =>
    o.modules.flatMap((m, i) => {
      const mod = moduleRows.find((r) => r.productId === o.productId && r.position === i + 1)!;
      // The first lesson of each sample course is a free preview (issue 36), as an owner would offer one.
      return m.lessons.map((l, j) => ({
        moduleId: mod.id,
        productId: o.productId,
        position: j + 1,
        isPreview: i === 0 && j === 0,
        ...l,
      }));
    }),
  );
  const inserted = await tx
    .insert(schema.lessons)
    .values(lessonRows)
    .returning({ id: schema.lessons.id, productId: schema.lessons.productId });
  // Every seeded lesson plays its subject's sample lecture (features/video/sample-lecture.ts), so a fresh
  // install plays video offline; the lesson's stated length is the lecture's real length.
  const subjectOf = new Map(outlines.map((o) => [o.productId, o.subject]));
  await tx.insert(schema.lessonVideos).values(inserted.map((l) => sampleVideoRow(l.id, subjectOf.get(l.productId)!)));
}

/**
 * The sample bundle (issue 36): the Class 12 courses with their notes and sample papers at one price
 * below their sum. The mock paper is not an item: it comes with the Accountancy course (a lesson).
 */
export const SEED_BUNDLE = {
  title: "Class 12 Commerce — complete",
  price: 2499,
  items: [
    "Accountancy Class 12",
    "Economics Class 12",
    "Business Studies Class 12",
    "Partnership Accounts: Complete Handwritten Notes with Solved Examples",
    "Macroeconomics Quick Revision",
    "Business Studies Case Study Guide",
    "Accountancy Class 12 Sample Papers (Board Pattern)",
    "Economics Class 12 Sample Papers (Board Pattern)",
    "Business Studies Class 12 Sample Papers (Board Pattern)",
  ],
};

async function seedSampleBundle(tx: DbOrTx) {
  const idOf = await seededProductIds(tx, SEED_BUNDLE.items);
  const [first] = await tx
    .select({ instructorId: schema.products.instructorId })
    .from(schema.products)
    .where(eq(schema.products.id, idOf(SEED_BUNDLE.items[0]!)));
  const [maxPos] = await tx
    .select({ p: sql<number>`coalesce(max(${schema.products.position}), 0)` })
    .from(schema.products);
  const [bundle] = await tx
    .insert(schema.products)
    .values(
      buildProduct({
        kind: "bundle",
        title: SEED_BUNDLE.title,
        slug: slugify(SEED_BUNDLE.title),
        subject: "accountancy",
        classLevel: "12",
        status: "published",
        pricePaise: rupeesToPaise(SEED_BUNDLE.price),
        instructorId: first!.instructorId,
        image: coverImage("accountancy", "bundle"),
        description:
          "Everything for the Class 12 commerce boards in one purchase: the Accountancy, Economics and Business Studies video courses (the Accountancy course includes its timed mock paper), their handwritten notes and revision guides, and the board-pattern sample papers with solutions.",
        modules: [],
        position: Number(maxPos?.p ?? 0) + 1,
        isSample: true,
      }),
    )
    .returning({ id: schema.products.id });
  await tx
    .insert(schema.bundleItems)
    .values(SEED_BUNDLE.items.map((title, position) => ({ bundleId: bundle!.id, productId: idOf(title), position })));
}

const PRACTICE_INSTRUCTOR = {
  accountancy: "Priya Mehta",
  economics: "Rahul Verma",
  business_studies: "Anjali Singh",
  english: "Neha Kapoor",
} as const;

/** The seeded course that includes the paid mock paper as its last lesson (a lesson of type test). */
export const SEED_TEST_LESSON = {
  course: "Accountancy Class 12",
  test: "Accountancy Class 12 — Mock Paper 1",
  title: "Mock Paper 1 (timed practice test)",
};

/**
 * The practice tests' sample content (app/db/seed/practice.ts): chapters, questions, the four free
 * sample tests and the paid mock paper, published. Once per install (its own marker row). On a new
 * install (`courseLesson`) the mock paper is also the last lesson of a seeded course; an install
 * seeded before keeps its courses as the owner left them.
 */
export async function seedPracticeContent(tx: DbOrTx, { courseLesson = false } = {}) {
  const [marker] = await tx.select().from(schema.appMeta).where(eq(schema.appMeta.key, PRACTICE_SEED_KEY));
  if (marker) return;
  const chapterRows = await tx
    .insert(schema.practiceChapters)
    .values(
      Object.entries(seedChapters).flatMap(([subject, byClass]) =>
        Object.entries(byClass).flatMap(([classLevel, titles]) =>
          titles.map((title, i) => ({
            subject: subject as keyof typeof seedChapters,
            classLevel: classLevel as "11" | "12",
            title,
            position: i + 1,
          })),
        ),
      ),
    )
    .onConflictDoNothing()
    .returning();
  const allChapters = chapterRows.length ? chapterRows : await tx.select().from(schema.practiceChapters);
  const instructors = await tx.select().from(schema.instructors);
  const [maxPos] = await tx
    .select({ p: sql<number>`coalesce(max(${schema.products.position}), 0)` })
    .from(schema.products);
  let position = Number(maxPos?.p ?? 0);
  for (const test of seedTests) {
    const chapterId = (title: string) => {
      const row = allChapters.find(
        (c) => c.subject === test.subject && c.classLevel === test.classLevel && c.title === title,
      );
      if (!row) throw new Error(`Seed chapter ${title} missing`);
      return row.id;
    };
    const questionRow = (q: SeedQuestion, parentId: number | null, i: number) =>
      seedQuestionRow(q, chapterId(q.chapter), parentId, i);
    const [product] = await tx
      .insert(schema.products)
      .values(
        buildProduct({
          kind: "test",
          title: test.title,
          slug: slugify(test.title),
          subject: test.subject,
          classLevel: test.classLevel,
          status: "published",
          pricePaise: rupeesToPaise(test.price),
          instructorId: instructors.find((i) => i.name === PRACTICE_INSTRUCTOR[test.subject])?.id ?? instructors[0]!.id,
          image: coverImage(test.subject, "test"),
          description: test.description,
          modules: [...new Set(test.questions.map((q) => q.chapter))],
          position: ++position,
          isSample: true,
        }),
      )
      .returning({ id: schema.products.id });
    await tx.insert(schema.practiceTests).values({
      productId: product!.id,
      timeLimitMinutes: test.timeLimitMinutes,
      negativePercent: test.negativePercent,
      instructions: test.instructions,
    });
    const top = await tx
      .insert(schema.practiceQuestions)
      .values(test.questions.map((q, i) => questionRow(q, null, i)))
      .returning({ id: schema.practiceQuestions.id });
    const parts = test.questions.flatMap((q, i) => (q.parts ?? []).map((p, j) => questionRow(p, top[i]!.id, j)));
    if (parts.length) await tx.insert(schema.practiceQuestions).values(parts);
    await tx
      .insert(schema.practiceTestQuestions)
      .values(top.map((q, i) => ({ productId: product!.id, questionId: q.id, position: i + 1 })));
  }
  if (courseLesson) await seedTestLesson(tx);
  await tx.insert(schema.appMeta).values({ key: PRACTICE_SEED_KEY, value: "1" });
}

/** The row of a seeded question (sample content: `isSample`). */
function seedQuestionRow(
  q: SeedQuestion,
  chapterId: number,
  parentId: number | null,
  i: number,
  source = SEED_QUESTION_SOURCE,
) {
  return {
    isSample: true,
    chapterId,
    parentId,
    position: i + 1,
    type: q.type,
    prompt: q.prompt,
    options: q.type === "assertion_reason" ? ASSERTION_REASON_OPTIONS : (q.options ?? []),
    correctOption: q.correct ?? null,
    modelAnswer: q.modelAnswer ?? null,
    markingPoints: q.markingPoints ?? [],
    answerNumber: q.answerNumber ?? null,
    answerTolerance: q.answerTolerance ?? 0,
    minWords: q.minWords ?? null,
    maxWords: q.maxWords ?? null,
    journalLines: q.journalLines ?? [],
    marks: q.marks,
    difficulty: q.difficulty,
    explanation: q.explanation,
    source,
  };
}

/**
 * The question bank's sample questions (app/db/seed/questions/), in the bank only (no test lists
 * them). Once per install, by its own marker: an install seeded before gets them on its next start
 * and never twice; a chapter the owner deleted is made again for them.
 */
export async function seedQuestionBank(tx: DbOrTx) {
  const [marker] = await tx.select().from(schema.appMeta).where(eq(schema.appMeta.key, QUESTION_BANK_SEED_KEY));
  if (marker) return;
  const banks = Object.entries(seedQuestionBanks).flatMap(([subject, chapters]) =>
    chapters.map((bank) => ({ ...bank, subject: subject as keyof typeof seedQuestionBanks })),
  );
  await tx
    .insert(schema.practiceChapters)
    .values(
      banks.map((b) => ({
        subject: b.subject,
        classLevel: b.classLevel,
        title: b.chapter,
        position: seedChapters[b.subject][b.classLevel].indexOf(b.chapter) + 1,
      })),
    )
    .onConflictDoNothing();
  const chapters = await tx.select().from(schema.practiceChapters);
  for (const bank of banks) {
    const chapter = chapters.find(
      (c) => c.subject === bank.subject && c.classLevel === bank.classLevel && c.title === bank.chapter,
    );
    if (!chapter) throw new Error(`Seed chapter ${bank.chapter} missing`);
    const top = await tx
      .insert(schema.practiceQuestions)
      .values(bank.questions.map((q, i) => seedQuestionRow(q, chapter.id, null, i)))
      .returning({ id: schema.practiceQuestions.id });
    const parts = bank.questions.flatMap((q, i) =>
      (q.parts ?? []).map((p, j) => seedQuestionRow(p, chapter.id, top[i]!.id, j)),
    );
    if (parts.length) await tx.insert(schema.practiceQuestions).values(parts);
  }
  await tx.insert(schema.appMeta).values({ key: QUESTION_BANK_SEED_KEY, value: "1" });
}

/**
 * The two 80-mark, 3-hour CBSE board mock papers (app/db/seed/board-papers/, issue 35): Accountancy and
 * Economics, with their sections, part options and internal choices as the test builder stores them,
 * and the pattern they follow. Once per install, by their own marker: an install seeded before gets
 * them on its next start and never twice; a chapter the owner deleted is made again for them.
 */
export async function seedBoardPapers(tx: DbOrTx, papers: BoardPaper[] = seedBoardPaperList) {
  const [marker] = await tx.select().from(schema.appMeta).where(eq(schema.appMeta.key, BOARD_PAPERS_SEED_KEY));
  if (marker) return;
  await tx
    .insert(schema.practiceChapters)
    .values(
      papers.flatMap((paper) =>
        seedChapters[paper.subject][paper.classLevel].map((title, i) => ({
          subject: paper.subject,
          classLevel: paper.classLevel,
          title,
          position: i + 1,
        })),
      ),
    )
    .onConflictDoNothing();
  const chapters = await tx.select().from(schema.practiceChapters);
  const instructors = await tx.select().from(schema.instructors);
  const [maxPos] = await tx
    .select({ p: sql<number>`coalesce(max(${schema.products.position}), 0)` })
    .from(schema.products);
  let position = Number(maxPos?.p ?? 0);
  for (const paper of papers) {
    const chapterId = (title: string) => {
      const row = chapters.find(
        (c) => c.subject === paper.subject && c.classLevel === paper.classLevel && c.title === title,
      );
      if (!row) throw new Error(`Seed chapter ${title} missing`);
      return row.id;
    };
    const questions = paper.sections.flatMap((s) => s.items.flat());
    const [product] = await tx
      .insert(schema.products)
      .values(
        buildProduct({
          kind: "test",
          title: paper.title,
          slug: slugify(paper.title),
          subject: paper.subject,
          classLevel: paper.classLevel,
          status: "published",
          pricePaise: rupeesToPaise(paper.price),
          instructorId:
            instructors.find((i) => i.name === PRACTICE_INSTRUCTOR[paper.subject])?.id ?? instructors[0]!.id,
          image: coverImage(paper.subject, "test"),
          description: paper.description,
          modules: [...new Set(questions.map((q) => q.chapter))],
          position: ++position,
          isSample: true,
        }),
      )
      .returning({ id: schema.products.id });
    const top = await tx
      .insert(schema.practiceQuestions)
      .values(questions.map((q, i) => seedQuestionRow(q, chapterId(q.chapter), null, i, BOARD_PAPER_SOURCE)))
      .returning({ id: schema.practiceQuestions.id });
    const parts = questions.flatMap((q, i) =>
      (q.parts ?? []).map((p, j) => seedQuestionRow(p, chapterId(p.chapter), top[i]!.id, j, BOARD_PAPER_SOURCE)),
    );
    if (parts.length) await tx.insert(schema.practiceQuestions).values(parts);
    const idOf = new Map(questions.map((q, i) => [q, top[i]!.id]));
    const layout: schema.PaperLayout = {
      sections: paper.sections.map((s) => ({
        title: s.title,
        instructions: s.instructions,
        group: s.group,
        items: s.items.map((alternatives) => alternatives.map((q) => idOf.get(q)!)),
      })),
    };
    await tx.insert(schema.practiceTests).values({
      productId: product!.id,
      timeLimitMinutes: paper.timeLimitMinutes,
      negativePercent: paper.negativePercent,
      instructions: paper.instructions,
      pattern: paper.pattern,
      layout,
    });
    await tx
      .insert(schema.practiceTestQuestions)
      .values(top.map((q, i) => ({ productId: product!.id, questionId: q.id, position: i + 1 })));
  }
  await tx.insert(schema.appMeta).values({ key: BOARD_PAPERS_SEED_KEY, value: "1" });
}

async function seedTestLesson(tx: DbOrTx) {
  const [course] = await tx
    .select({ id: schema.products.id })
    .from(schema.products)
    .where(eq(schema.products.slug, slugify(SEED_TEST_LESSON.course)));
  const [test] = await tx
    .select({ id: schema.products.id })
    .from(schema.products)
    .where(eq(schema.products.slug, slugify(SEED_TEST_LESSON.test)));
  if (!course || !test) return;
  const [lastModule] = await tx
    .select({ id: schema.courseModules.id })
    .from(schema.courseModules)
    .where(eq(schema.courseModules.productId, course.id))
    .orderBy(desc(schema.courseModules.position))
    .limit(1);
  if (!lastModule) return;
  const [pos] = await tx
    .select({ p: sql<number>`coalesce(max(${schema.lessons.position}), 0)` })
    .from(schema.lessons)
    .where(eq(schema.lessons.moduleId, lastModule.id));
  await tx.insert(schema.lessons).values({
    moduleId: lastModule.id,
    productId: course.id,
    title: SEED_TEST_LESSON.title,
    testProductId: test.id,
    position: Number(pos?.p ?? 0) + 1,
  });
}

/**
 * The one-time data step of installs seeded before issue 32: marks as sample the rows the seed made
 * there (its accounts by id, the rest by the seed's own titles and names), so that Settings counts
 * and can remove them. An item the owner renamed is theirs now and stays unmarked. Idempotent: its
 * marker row is written with it.
 */
export async function markSampleContent(tx: DbOrTx) {
  const [marker] = await tx.select().from(schema.appMeta).where(eq(schema.appMeta.key, SAMPLE_MARK_KEY));
  if (marker) return;
  const items = [...seedCourses, ...seedNotes, ...seedPyqs, ...seedTests, ...seedBoardPaperList, SEED_BUNDLE];
  await tx.update(schema.users).set({ isSample: true }).where(like(schema.users.id, "seed-student-%"));
  await tx
    .update(schema.instructors)
    .set({ isSample: true })
    .where(inArray(schema.instructors.name, [...seedInstructors]));
  for (const item of items) {
    for (const title of [item.title, ...("formerTitles" in item ? (item.formerTitles ?? []) : [])]) {
      await tx
        .update(schema.products)
        .set({ isSample: true })
        .where(and(eq(schema.products.slug, slugify(title)), eq(schema.products.title, title)));
    }
  }
  await tx
    .update(schema.banners)
    .set({ isSample: true })
    .where(
      inArray(
        schema.banners.name,
        seedBanners.map((b) => b.name),
      ),
    );
  await tx
    .update(schema.testimonials)
    .set({ isSample: true })
    .where(
      inArray(
        schema.testimonials.name,
        seedTestimonials.map((t) => t.name),
      ),
    );
  await tx
    .update(schema.toppers)
    .set({ isSample: true })
    .where(
      inArray(
        schema.toppers.name,
        seedToppers.map((t) => t.name),
      ),
    );
  await tx
    .update(schema.subjectServices)
    .set({ isSample: true })
    .where(
      inArray(
        schema.subjectServices.name,
        seedSubjectServices.map((s) => s.name),
      ),
    );
  await tx
    .update(schema.courseHighlights)
    .set({ isSample: true })
    .where(eq(schema.courseHighlights.title, seedCourseHighlight.title));
  await tx
    .update(schema.practiceQuestions)
    .set({ isSample: true })
    .where(inArray(schema.practiceQuestions.source, [SEED_QUESTION_SOURCE, BOARD_PAPER_SOURCE]));
  // The WhatsApp number older seeds wrote was made up: students would message a stranger. An owner
  // who kept it gets no chat button until they enter theirs (the address is left: it is on invoices).
  await tx
    .update(schema.settings)
    .set({ whatsappNumber: "" })
    .where(eq(schema.settings.whatsappNumber, OLD_SEED_WHATSAPP));
  await tx.insert(schema.appMeta).values({ key: SAMPLE_MARK_KEY, value: "1" }).onConflictDoNothing();
}
