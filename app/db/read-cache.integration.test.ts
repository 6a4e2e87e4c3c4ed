/**
 * Reads kept in memory on the embedded database (read-cache.server.ts): served again while nothing
 * they read is written, read afresh after any write to their tables (through Drizzle, in a
 * transaction, or on the engine itself), never kept for a transaction's handle nor on PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../tests/helpers/factories";
import { createOrder } from "../../tests/helpers/orders";
import { correctOptions, newStudent, productIdBySlug } from "../../tests/helpers/practice";
import { getAccount } from "../features/accounts/accounts.server";
import { getCartAndOwned } from "../features/cart/cart.server";
import { doubtsLeftToday, lessonDoubts } from "../features/doubts/doubts.server";
import { getCoursePlayer, setLessonCompleted } from "../features/learning/player.server";
import { setAnnouncementEmails } from "../features/marketing/announcements.server";
import { listOrdersForUser } from "../features/orders/orders.server";
import { listAttempts } from "../features/practice/results.server";
import { chapterStrengths } from "../features/practice/strengths.server";
import {
  loadPaper,
  saveAnswer,
  startAttempt,
  submitAttempt,
  type TakingPaper,
} from "../features/practice/taking.server";
import { hostedVideoFor } from "../features/video/playback.server";
import { getDbHandle } from "./client.server";
import { cachedRead, MAX_ENTRIES, tablesRead } from "./read-cache.server";
import {
  cartItems,
  courseModules,
  doubts,
  enrolments,
  lessons,
  lessonVideos,
  orders,
  practiceAnswers,
  reviews,
  users,
  videoPositions,
} from "./schema";

const embedded = !process.env.TEST_DATABASE_URL;

/** A cached read of the user's cart lines, with how many times it really read. */
function counted(userId: string) {
  let reads = 0;
  return {
    read: async (db: Parameters<typeof cachedRead>[0]) =>
      cachedRead(db, `test-cart:${userId}`, tablesRead(cartItems), 60_000, async () => {
        reads++;
        return (await db.select().from(cartItems).where(eq(cartItems.userId, userId))).length;
      }),
    reads: () => reads,
  };
}

describe("reads kept in memory", () => {
  it("are served again until one of their tables is written, whoever writes it", async () => {
    const { db, pglite } = await getDbHandle();
    const user = await createUser();
    const [a, b] = [await createProduct({ title: "Kept A" }), await createProduct({ title: "Kept B" })];
    const cart = counted(user.id);
    expect(await cart.read(db)).toBe(0);
    expect(await cart.read(db)).toBe(0);
    // Other tables' writes leave it be (on PostgreSQL nothing is kept: it reads each time).
    await db.update(users).set({ name: "Renamed" }).where(eq(users.id, user.id));
    await db.delete(reviews).where(sql`false`);
    expect(await cart.read(db)).toBe(0);
    expect(cart.reads()).toBe(embedded ? 1 : 3);

    await db.insert(cartItems).values({ userId: user.id, productId: a.id });
    expect(await cart.read(db)).toBe(1);
    await db.transaction(async (tx) => {
      await tx.insert(cartItems).values({ userId: user.id, productId: b.id });
      // A transaction's handle is never served from (nor fills) the memory.
      expect(await cart.read(tx)).toBe(2);
    });
    expect(await cart.read(db)).toBe(2);
    if (pglite) {
      await pglite.query("delete from cart_items where user_id = $1", [user.id]);
      expect(await cart.read(db)).toBe(0);
    }
  });

  it("the cart and what a student owns follow a purchase at once", async () => {
    const { db } = await getDbHandle();
    const user = await createUser();
    const course = await createProduct({ title: "Owned Soon", kind: "course" });
    await db.insert(cartItems).values({ userId: user.id, productId: course.id });
    const before = await getCartAndOwned(db, user.id);
    expect(before.cart.map((i) => i.id)).toEqual([course.id]);
    expect(before.owned.has(course.id)).toBe(false);
    await db.insert(enrolments).values({ userId: user.id, productId: course.id, source: "purchase" });
    const after = await getCartAndOwned(db, user.id);
    expect(after.owned.has(course.id)).toBe(true);
    expect(after.cart).toEqual([]);
  });

  it("the course player's reads follow every write at once: completions, lessons, videos, doubts, access", async () => {
    const { db, writes } = await getDbHandle();
    const user = await createUser();
    const course = await createProduct({ title: "Kept Course", kind: "course" });
    const [mod] = await db.insert(courseModules).values({ productId: course.id, title: "Basics" }).returning();
    if (!mod) throw new Error("no module");
    const [one, two] = await db
      .insert(lessons)
      .values([
        { moduleId: mod.id, productId: course.id, title: "One", position: 0 },
        { moduleId: mod.id, productId: course.id, title: "Two", position: 1 },
      ])
      .returning();
    if (!one || !two) throw new Error("no lessons");
    await db.insert(enrolments).values({ userId: user.id, productId: course.id, source: "purchase" });
    const player = () => getCoursePlayer(db, user.id, course.id);

    expect((await player())?.progress).toMatchObject({ completed: 0, total: 2 });
    expect((await player())?.current?.title).toBe("One");
    // Kept in memory on the embedded database (nothing is kept on PostgreSQL).
    expect(writes?.kept.has(`outline:${user.id}:${course.id}`) ?? false).toBe(embedded);

    await setLessonCompleted(db, user.id, course.id, one.id, true);
    expect((await player())?.progress).toMatchObject({ completed: 1, total: 2 });
    await db.update(lessons).set({ title: "Two, renamed" }).where(eq(lessons.id, two.id));
    expect((await player())?.outline[0]?.lessons.map((l) => l.title)).toEqual(["One", "Two, renamed"]);

    // The lesson's video and the student's place in it.
    expect(await hostedVideoFor(db, user, one.id)).toBeNull();
    await db.insert(lessonVideos).values({
      lessonId: one.id,
      status: "ready",
      hlsPrefix: "videos/kept",
      keyHex: "00".repeat(16),
      durationSeconds: 60,
    });
    expect(await hostedVideoFor(db, user, one.id)).toMatchObject({ lessonId: one.id, startAt: 0 });
    await db.insert(videoPositions).values({ userId: user.id, lessonId: one.id, positionSeconds: 42 });
    expect((await hostedVideoFor(db, user, one.id))?.startAt).toBe(42);

    // The doubts left today, and the lesson's doubts: asked, answered, the asker renamed, hidden.
    const left = await doubtsLeftToday(db, user.id);
    expect(await doubtsLeftToday(db, user.id)).toBe(left);
    const asked = () => lessonDoubts(db, user, course.id, one.id);
    expect(await asked()).toEqual([]);
    expect(writes?.kept.has(`lesson-doubts:${user.id}:${course.id}:${one.id}`) ?? false).toBe(embedded);
    const [doubt] = await db
      .insert(doubts)
      .values({ userId: user.id, productId: course.id, lessonId: one.id, body: "Why debit?" })
      .returning();
    expect(await doubtsLeftToday(db, user.id)).toBe(left - 1);
    expect((await asked()).map((d) => [d.body, d.status, d.mine])).toEqual([["Why debit?", "open", true]]);
    await db
      .update(doubts)
      .set({ status: "answered", answer: "Assets increase.", answeredAt: new Date() })
      .where(eq(doubts.id, doubt!.id));
    expect((await asked())[0]?.answer).toBe("Assets increase.");
    await db.update(users).set({ name: "Renamed Student" }).where(eq(users.id, user.id));
    expect((await asked())[0]?.askedBy).toBe("Renamed");
    await db.update(doubts).set({ hiddenAt: new Date() }).where(eq(doubts.id, doubt!.id));
    expect(await asked()).toEqual([]);

    // A refund ends access at once.
    await db.update(enrolments).set({ revokedAt: new Date() }).where(eq(enrolments.userId, user.id));
    expect(await player()).toBeNull();
  });

  it("a read whose `keep` says no is served but not kept: a lesson's long doubts are read each time", async () => {
    const { db, writes } = await getDbHandle();
    let reads = 0;
    const read = (size: number) =>
      cachedRead(
        db,
        "sized",
        tablesRead(cartItems),
        60_000,
        async () => {
          reads++;
          return "x".repeat(size);
        },
        {
          keep: (value) => value.length <= 10,
        },
      );
    expect(await read(5)).toBe("xxxxx");
    expect(await read(5)).toBe("xxxxx");
    expect(reads).toBe(embedded ? 1 : 2);
    writes?.kept.delete("sized");
    expect((await read(50)).length).toBe(50);
    expect((await read(50)).length).toBe(50);
    expect(reads).toBe(embedded ? 3 : 4);
    expect(writes?.kept.has("sized") ?? false).toBe(false);

    // Doubts whose texts pass 2,000 characters in all.
    const user = await createUser();
    const course = await createProduct({ title: "Long Doubts", kind: "course" });
    const [mod] = await db.insert(courseModules).values({ productId: course.id, title: "M" }).returning();
    const [lesson] = await db
      .insert(lessons)
      .values({ moduleId: mod!.id, productId: course.id, title: "L", position: 0 })
      .returning();
    const key = `lesson-doubts:${user.id}:${course.id}:${lesson!.id}`;
    await db
      .insert(doubts)
      .values({ userId: user.id, productId: course.id, lessonId: lesson!.id, body: "A short question?" });
    await lessonDoubts(db, user, course.id, lesson!.id);
    expect(writes?.kept.has(key) ?? false).toBe(embedded);
    await db
      .insert(doubts)
      .values({ userId: user.id, productId: course.id, lessonId: lesson!.id, body: "Why? ".repeat(400) });
    expect(await lessonDoubts(db, user, course.id, lesson!.id)).toHaveLength(2);
    expect(writes?.kept.has(key) ?? false).toBe(false);
    // A search is never kept.
    expect(await lessonDoubts(db, user, course.id, lesson!.id, "short question")).toHaveLength(1);
    expect(
      [...(writes?.kept.keys() ?? [])].some((k) => k.startsWith("lesson-doubts:") && k.includes("short question")),
    ).toBe(false);
  });

  it("a student's account, orders and tests follow their writes at once", async () => {
    const { db, writes } = await getDbHandle();
    const user = await newStudent();
    const kept = (key: string) => writes?.kept.has(key) ?? false;

    // The account page's one row: the profile and the announcement emails.
    expect(await getAccount(db, user.id)).toMatchObject({ name: "Test Student", announcementEmails: true });
    expect(kept(`account:${user.id}`)).toBe(embedded);
    await db.update(users).set({ name: "Renamed Student" }).where(eq(users.id, user.id));
    await setAnnouncementEmails(db, user.id, false);
    expect(await getAccount(db, user.id)).toMatchObject({ name: "Renamed Student", announcementEmails: false });

    // My orders: a new order, then its refund.
    expect(await listOrdersForUser(db, user.id)).toEqual([]);
    expect(kept(`orders:${user.id}:100`)).toBe(embedded);
    const product = await createProduct({ title: "Ordered Soon", pricePaise: 49_900 });
    const order = await createOrder({
      userId: user.id,
      products: [{ id: product.id, title: product.title, pricePaise: 49_900 }],
      status: "fulfilled",
    });
    expect((await listOrdersForUser(db, user.id)).map((o) => [o.id, o.status, o.itemCount])).toEqual([
      [order.id, "fulfilled", 1],
    ]);
    await db.update(orders).set({ status: "refunded" }).where(eq(orders.id, order.id));
    expect((await listOrdersForUser(db, user.id))[0]?.status).toBe("refunded");

    // My Tests: an attempt started, then submitted (its chapters' strengths appear), then re-marked.
    expect(await listAttempts(db, user.id)).toEqual([]);
    expect(await chapterStrengths(db, user.id)).toEqual([]);
    expect(kept(`attempts:${user.id}:50`) && kept(`strengths:${user.id}`)).toBe(embedded);
    const mock = await productIdBySlug("accountancy-class-12-mock-paper-1");
    await db.insert(enrolments).values({ userId: user.id, productId: mock, source: "purchase" });
    const attemptId = await startAttempt(db, user, mock);
    expect((await listAttempts(db, user.id)).map((a) => [a.id, a.submittedAt])).toEqual([[attemptId, null]]);
    const paper = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
    const first = paper.questions[0];
    if (!first) throw new Error("an empty paper");
    const choice = (await correctOptions([first.id])).get(first.id)?.correctOption ?? null;
    await saveAnswer(db, user.id, attemptId, { questionId: first.id, choice, text: null, markedForReview: false });
    await submitAttempt(db, user.id, attemptId);
    expect((await listAttempts(db, user.id))[0]?.submittedAt).toBeInstanceOf(Date);
    const strengths = await chapterStrengths(db, user.id);
    expect(strengths.reduce((sum, c) => sum + c.earnedCenti, 0)).toBeGreaterThan(0);
    await db.update(practiceAnswers).set({ awardedCenti: 0 }).where(eq(practiceAnswers.attemptId, attemptId));
    expect((await chapterStrengths(db, user.id)).reduce((sum, c) => sum + c.earnedCenti, 0)).toBe(0);
  });

  it("hold at most MAX_ENTRIES reads: full, the ones past their time go first, then the rest", async () => {
    const { db, writes } = await getDbHandle();
    const kept = writes?.kept;
    // On PostgreSQL nothing is kept at all.
    expect(Boolean(kept)).toBe(embedded);
    if (!kept) return;
    kept.clear();
    const tables = tablesRead(cartItems);
    // Half past their time (kept for 0 ms), half fresh.
    for (let i = 0; i < MAX_ENTRIES; i++) await cachedRead(db, `fill:${i}`, tables, i % 2 ? 60_000 : 0, async () => i);
    expect(kept.size).toBe(MAX_ENTRIES);
    await cachedRead(db, "one more", tables, 60_000, async () => -1);
    expect(kept.size).toBe(MAX_ENTRIES / 2 + 1);
    expect(kept.has("fill:1")).toBe(true);
    expect(kept.has("fill:0")).toBe(false);
    // Full of fresh reads: all go.
    for (let i = 0; kept.size < MAX_ENTRIES; i++) await cachedRead(db, `fresh:${i}`, tables, 60_000, async () => i);
    await cachedRead(db, "the last", tables, 60_000, async () => -2);
    expect([...kept.keys()]).toEqual(["the last"]);
  });
});
