/**
 * Issue 23, "included in a course": lessons of type test (the outline editor, access through the
 * course, the player, completion on submission, deletion) and practising one chapter of a test.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { SEED_TEST_LESSON } from "~/db/seed/seed.server";
import { addToCart, getCartAndOwned } from "~/features/cart/cart.server";
import { deleteAdminProduct } from "~/features/catalog/catalog.server";
import { readCart } from "~/features/checkout/checkout.server";
import { isOwned, ownedProductIds } from "~/features/learning/access.server";
import { getCurriculum } from "~/features/learning/curriculum.server";
import { addLesson, addModule, CHOOSE_TEST, updateLesson } from "~/features/learning/outline.server";
import { getCoursePlayer } from "~/features/learning/player.server";
import { beginUpload } from "~/features/video/video.server";
import { createUser } from "../../../tests/helpers/factories";
import { newStudent, productIdBySlug, refusal } from "../../../tests/helpers/practice";
import { getTakeableTest, NO_ACCESS } from "./access.server";
import { getChapterPractice } from "./chapter-practice.server";
import { testReport } from "./report.server";
import { getResult, listAttempts, testLessonState } from "./results.server";
import { loadPaper, startAttempt, submitAttempt } from "./taking.server";

const MOCK = "accountancy-class-12-mock-paper-1";
const COURSE = "accountancy-class-12";

async function admin() {
  const user = await createUser({ role: "admin" });
  return user.id;
}

async function enrol(userId: string, productId: number, revokedAt: Date | null = null) {
  const db = await getDb();
  await db.insert(schema.enrolments).values({ userId, productId, source: "purchase", revokedAt });
}

async function seededTestLesson() {
  const db = await getDb();
  const [lesson] = await db.select().from(schema.lessons).where(eq(schema.lessons.title, SEED_TEST_LESSON.title));
  if (!lesson) throw new Error("no seeded test lesson");
  return lesson;
}

describe("lessons of type test: the outline editor", () => {
  it("adds a lesson that opens a test (no video link), refuses an unknown test and keeps a lesson's type", async () => {
    const db = await getDb();
    const actor = await admin();
    const course = await productIdBySlug("economics-class-12");
    const mock = await productIdBySlug(MOCK);
    const mod = await addModule(db, actor, course, "Revision");
    const lesson = await addLesson(db, actor, course, {
      moduleId: mod.id,
      title: "Mock paper",
      type: "test",
      testProductId: mock,
    });
    expect(lesson).toMatchObject({ testProductId: mock, videoUrl: null });

    for (const testProductId of [null, course, 2_000_000]) {
      const refused = await refusal(
        addLesson(db, actor, course, { moduleId: mod.id, title: "Broken", type: "test", testProductId }),
      );
      expect(refused).toEqual({ status: 400, message: CHOOSE_TEST });
    }
    expect(await db.$count(schema.lessons, eq(schema.lessons.moduleId, mod.id))).toBe(1);

    const switched = await refusal(
      updateLesson(db, actor, course, lesson.id, {
        title: "Now a video",
        type: "video",
        videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      }),
    );
    expect(switched.status).toBe(400);
    const [unchanged] = await db.select().from(schema.lessons).where(eq(schema.lessons.id, lesson.id));
    expect(unchanged).toMatchObject({ title: "Mock paper", testProductId: mock, videoUrl: null });

    const sample = await productIdBySlug("accountancy-class-12-free-sample-test");
    await updateLesson(db, actor, course, lesson.id, { title: "Sample paper", type: "test", testProductId: sample });
    const [renamed] = await db.select().from(schema.lessons).where(eq(schema.lessons.id, lesson.id));
    expect(renamed).toMatchObject({ title: "Sample paper", testProductId: sample });
  });

  it("the database refuses a lesson with both a video link and a test; neither is a video lesson playing its upload", async () => {
    const db = await getDb();
    const lesson = await seededTestLesson();
    await expect(
      db
        .update(schema.lessons)
        .set({ videoUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" })
        .where(eq(schema.lessons.id, lesson.id)),
    ).rejects.toThrow();
    // Issue 32: a lesson is valid with an uploaded video alone (lesson-content.test.ts).
    await db.update(schema.lessons).set({ testProductId: null }).where(eq(schema.lessons.id, lesson.id));
  });

  it("a test that is a lesson cannot be deleted (the course would lose it); a test lesson takes no video upload", async () => {
    const db = await getDb();
    const actor = await admin();
    const mock = await productIdBySlug(MOCK);
    await db.delete(schema.orderItems).where(eq(schema.orderItems.productId, mock));
    const refused = await refusal(deleteAdminProduct(db, actor, mock));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain(`is a lesson of the course "${SEED_TEST_LESSON.course}"`);
    expect(await db.$count(schema.products, eq(schema.products.id, mock))).toBe(1);

    const lesson = await seededTestLesson();
    const upload = await refusal(beginUpload(db, actor, lesson.id, { name: "a.mp4", size: 1000 }));
    expect(upload).toEqual({ status: 400, message: "A practice-test lesson has no video" });
    expect(await db.$count(schema.lessonVideos, eq(schema.lessonVideos.lessonId, lesson.id))).toBe(0);
  });

  it("the public curriculum marks the test lesson and counts its time limit as its length", async () => {
    const db = await getDb();
    const modules = await getCurriculum(db, await productIdBySlug(COURSE));
    const lesson = modules.flatMap((m) => m.lessons).find((l) => l.title === SEED_TEST_LESSON.title);
    expect(lesson).toMatchObject({ test: true, durationSeconds: 60 * 60 });
    expect(modules.flatMap((m) => m.lessons).filter((l) => l.test)).toHaveLength(1);
  });
});

describe("lessons of type test: access through the course", () => {
  it("owning the course opens its paid test without buying it; a refund, a draft course or another course does not", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    const course = await productIdBySlug(COURSE);

    const stranger = await newStudent();
    expect(await refusal(getTakeableTest(db, stranger, mock))).toEqual({ status: 403, message: NO_ACCESS });
    await enrol(stranger.id, await productIdBySlug("economics-class-12"));
    expect((await refusal(startAttempt(db, stranger, mock))).status).toBe(403);

    const owner = await newStudent();
    await enrol(owner.id, course);
    expect((await getTakeableTest(db, owner, mock)).timeLimitMinutes).toBe(60);
    expect(await startAttempt(db, owner, mock)).toBeGreaterThan(0);

    const refunded = await newStudent();
    await enrol(refunded.id, course, new Date());
    expect((await refusal(getTakeableTest(db, refunded, mock))).status).toBe(403);

    await db.update(schema.products).set({ status: "draft" }).where(eq(schema.products.id, course));
    expect((await refusal(getTakeableTest(db, owner, mock))).status).toBe(403);
  });

  it("a test sold only inside a course (a draft) opens for the course's owners and is not found for anyone else", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    await db.update(schema.products).set({ status: "draft" }).where(eq(schema.products.id, mock));
    const owner = await newStudent();
    await enrol(owner.id, await productIdBySlug(COURSE));
    expect((await getTakeableTest(db, owner, mock)).title).toBe(SEED_TEST_LESSON.test);
    const stranger = await newStudent();
    expect(await refusal(getTakeableTest(db, stranger, mock))).toEqual({ status: 404, message: "Test not found." });
  });
});

describe("lessons of type test: a test in your course is yours in the store, the cart and checkout", () => {
  it("counts as owned (Open, not Add to Cart), cannot be added to the cart and is not sold again at checkout", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    const course = await productIdBySlug(COURSE);
    const user = await newStudent();
    await db.insert(schema.cartItems).values({ userId: user.id, productId: mock });
    expect((await ownedProductIds(db, user.id)).has(mock)).toBe(false);
    expect((await readCart(db, user.id)).lines.map((l) => l.productId)).toEqual([mock]);

    await enrol(user.id, course);
    expect(await ownedProductIds(db, user.id)).toEqual(new Set([course, mock]));
    expect(await isOwned(db, user.id, mock)).toBe(true);
    const contents = await readCart(db, user.id);
    expect(contents.lines).toEqual([]);
    expect(contents.owned.map((l) => l.productId)).toEqual([mock]);
    const personal = await getCartAndOwned(db, user.id);
    expect(personal.cart).toEqual([]);
    expect(personal.owned.has(mock)).toBe(true);
    const added = await addToCart(db, user.id, mock);
    expect(added.notices).toEqual([`You already own "${SEED_TEST_LESSON.test}", so it was removed from your cart.`]);
    expect(await db.$count(schema.cartItems, eq(schema.cartItems.userId, user.id))).toBe(0);

    // A refund of the course takes the test with it.
    await db.update(schema.enrolments).set({ revokedAt: new Date() }).where(eq(schema.enrolments.userId, user.id));
    expect(await ownedProductIds(db, user.id)).toEqual(new Set());
  });
});

describe("lessons of type test: the player and completion", () => {
  it("the player shows the lesson as a test; submitting the whole paper completes it and shows the last score", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    const course = await productIdBySlug(COURSE);
    const lesson = await seededTestLesson();
    const user = await newStudent();
    await enrol(user.id, course);

    const player = await getCoursePlayer(db, user.id, course, lesson.id);
    expect(player!.current).toMatchObject({ id: lesson.id, testProductId: mock, videoUrl: null, completed: false });
    expect(player!.outline.flatMap((m) => m.lessons).find((l) => l.id === lesson.id)?.kind).toBe("test");
    expect(await testLessonState(db, user.id, mock)).toEqual({
      productId: mock,
      title: SEED_TEST_LESSON.test,
      openAttemptId: null,
      last: null,
    });

    const attemptId = await startAttempt(db, user, mock);
    expect((await testLessonState(db, user.id, mock))?.openAttemptId).toBe(attemptId);
    await submitAttempt(db, user.id, attemptId);
    const state = await testLessonState(db, user.id, mock);
    expect(state?.openAttemptId).toBeNull();
    expect(state?.last).toMatchObject({ attemptId, scoreCenti: 0, percent: 0 });
    expect(state?.last?.maxMarks).toBeGreaterThan(0);
    const after = await getCoursePlayer(db, user.id, course, lesson.id);
    expect(after!.current!.completed).toBe(true);
    expect(after!.progress.completed).toBe(1);
  });

  it("a buyer of the test alone completes no lesson of a course they do not own", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    const user = await newStudent();
    await enrol(user.id, mock);
    await submitAttempt(db, user.id, await startAttempt(db, user, mock));
    expect(await db.$count(schema.lessonCompletions, eq(schema.lessonCompletions.userId, user.id))).toBe(0);
  });
});

describe("practising one chapter of a test", () => {
  const CHAPTER = "Partnership — Admission";

  async function chapter(title: string) {
    const db = await getDb();
    const [row] = await db.select().from(schema.practiceChapters).where(eq(schema.practiceChapters.title, title));
    return row!;
  }

  it("deals only that chapter's questions, for a share of the time, beside an open attempt of the whole paper", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    const user = await newStudent();
    await enrol(user.id, mock);
    const { id: chapterId } = await chapter(CHAPTER);

    const full = await startAttempt(db, user, mock);
    const { practice, test } = await getChapterPractice(db, user, mock, chapterId);
    expect(test.openAttemptId).toBeNull();
    expect(practice.chapter).toBe(CHAPTER);
    expect(practice.facts.timeLimitMinutes).toBeGreaterThanOrEqual(5);
    expect(practice.facts.timeLimitMinutes).toBeLessThan(60);

    const started = new Date();
    const attemptId = await startAttempt(db, user, mock, started, chapterId);
    expect(attemptId).not.toBe(full);
    // Starting again continues the open practice; the whole paper's attempt is still its own.
    expect(await startAttempt(db, user, mock, started, chapterId)).toBe(attemptId);
    expect(await startAttempt(db, user, mock)).toBe(full);

    const [row] = await db.select().from(schema.practiceAttempts).where(eq(schema.practiceAttempts.id, attemptId));
    expect(row!.chapterId).toBe(chapterId);
    expect(row!.questionIds).toHaveLength(practice.facts.questionCount);
    expect(row!.deadlineAt.getTime() - started.getTime()).toBe(practice.facts.timeLimitMinutes * 60_000);
    const paper = await loadPaper(db, user.id, attemptId);
    if ("submitted" in paper) throw new Error("expected an open paper");
    expect(paper.title).toBe(`${SEED_TEST_LESSON.test} · ${CHAPTER} (practice)`);
    const questions = await db.select().from(schema.practiceQuestions);
    for (const q of paper.questions) {
      expect(questions.find((r) => r.id === q.id)?.chapterId).toBe(chapterId);
    }

    await submitAttempt(db, user.id, attemptId);
    const result = await getResult(db, user, attemptId);
    expect("questions" in result && result.questions.every((q) => q.chapter === CHAPTER)).toBe(true);
    expect((await listAttempts(db, user.id)).find((a) => a.id === attemptId)?.title).toContain("(practice)");
    // The owner's report counts whole papers only.
    expect((await testReport(db, mock)).attempts).toBe(0);
    await submitAttempt(db, user.id, full);
    expect((await testReport(db, mock)).attempts).toBe(1);
  });

  it("an unknown chapter is not found; a chapter the test does not cover is refused; a test not owned stays closed", async () => {
    const db = await getDb();
    const mock = await productIdBySlug(MOCK);
    const user = await newStudent();
    await enrol(user.id, mock);
    expect((await refusal(getChapterPractice(db, user, mock, 2_000_000))).status).toBe(404);
    const elsewhere = await chapter("Theory of Consumer Behaviour").catch(() => null);
    const other =
      elsewhere ??
      (
        await db
          .select()
          .from(schema.practiceChapters)
          .where(and(eq(schema.practiceChapters.subject, "economics"), eq(schema.practiceChapters.classLevel, "12")))
      )[0]!;
    const refused = await refusal(startAttempt(db, user, mock, new Date(), other.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain("has no questions from");
    expect(await db.$count(schema.practiceAttempts, eq(schema.practiceAttempts.userId, user.id))).toBe(0);

    const stranger = await newStudent();
    const { id: chapterId } = await chapter(CHAPTER);
    expect((await refusal(startAttempt(db, stranger, mock, new Date(), chapterId))).status).toBe(403);
  });
});
