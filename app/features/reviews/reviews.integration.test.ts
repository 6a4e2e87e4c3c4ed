import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { readContentVersion } from "~/db/content-version.server";
import * as schema from "~/db/schema";
import { refundOrder } from "~/features/orders/refund.server";
import { getDbHandle, getTestDb } from "../../../tests/helpers/db";
import { createProduct, createUser } from "../../../tests/helpers/factories";
import { createOrder } from "../../../tests/helpers/orders";
import {
  ALREADY_REVIEWED,
  createReview,
  deleteReview,
  getRatingSummary,
  hideReview,
  listProductReviews,
  NO_LESSON_DONE,
  reportReview,
  restoreReview,
  reviewEligibility,
  updateReview,
} from "./reviews.server";

let db: Db;
beforeEach(async () => {
  db = (await getTestDb()).db;
});

const input = (rating: number, body: string | null = null) => ({ rating, title: null, body, reviewerClass: null });

/** The figures recounted from the reviews themselves (what the triggers must equal). */
async function recount(productId: number) {
  const [row] = await db
    .execute<{ n: number; s: number; b: number[] }>(sql`
    select count(*)::int as n, coalesce(sum(rating), 0)::int as s,
           array[count(*) filter (where rating = 1), count(*) filter (where rating = 2), count(*) filter (where rating = 3),
                 count(*) filter (where rating = 4), count(*) filter (where rating = 5)]::int[] as b
      from reviews where product_id = ${productId} and status = 'visible' and owner_active`)
    .then((r) => r.rows);
  return { count: Number(row!.n), sum: Number(row!.s), breakdown: row!.b.map(Number) };
}
async function stored(productId: number) {
  const [r] = await db.select().from(schema.productRatings).where(eq(schema.productRatings.productId, productId));
  return {
    count: r?.reviewCount ?? 0,
    sum: r?.ratingSum ?? 0,
    breakdown: r ? [r.stars1, r.stars2, r.stars3, r.stars4, r.stars5] : [0, 0, 0, 0, 0],
  };
}

/** The test database starts from truncated tables: put back the row migration 0001 creates. */
async function contentVersion() {
  await db.insert(schema.appMeta).values({ key: "content_version", value: "1" }).onConflictDoNothing();
  return readContentVersion(await getDbHandle());
}

async function owner(product: { id: number; title: string; pricePaise: number }) {
  const user = await createUser();
  const order = await createOrder({ userId: user.id, products: [product], status: "fulfilled" });
  return { user, order };
}

describe("reviews keep the item's figures", () => {
  it("the seed's items average their familiar ratings from ten sample reviews each", async () => {
    const [course] = await db.select().from(schema.products).where(eq(schema.products.title, "Accountancy Class 12"));
    expect(await getRatingSummary(db, course!.id)).toMatchObject({ average: 4.9, count: 10 });
    expect(await stored(course!.id)).toEqual(await recount(course!.id));
  });

  it("write, edit, hide, restore, refund and delete move the stored figures, and bump the content version", async () => {
    const note = await createProduct({ kind: "note", title: "Review Note", pricePaise: 4_900 });
    const a = await owner(note);
    const b = await owner(note);
    const v0 = await contentVersion();
    await createReview(db, a.user.id, note.id, input(5, "Great"));
    expect(await contentVersion()).not.toBe(v0);
    const b1 = await createReview(db, b.user.id, note.id, input(3));
    expect(await getRatingSummary(db, note.id)).toMatchObject({ average: 4, count: 2 });
    await updateReview(db, b.user.id, note.id, input(4));
    expect((await stored(note.id)).breakdown).toEqual([0, 0, 0, 1, 1]);
    const admin = await createUser({ role: "admin" });
    await hideReview(db, admin.id, b1.id, "Off-topic");
    expect(await stored(note.id)).toMatchObject({ count: 1, sum: 5 });
    const [hidden] = await db.select().from(schema.reviews).where(eq(schema.reviews.id, b1.id));
    expect(hidden).toMatchObject({ status: "hidden", hiddenReason: "Off-topic" });
    const [mail] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, b.user.email));
    expect(mail?.text).toContain("Reason: Off-topic");
    await restoreReview(db, admin.id, b1.id);
    expect(await stored(note.id)).toMatchObject({ count: 2, sum: 9 });
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityType, "review"));
    expect(audit.map((e) => e.description)).toEqual(
      expect.arrayContaining([
        `Review by ${b.user.name} of "Review Note" hidden: Off-topic`,
        `Review by ${b.user.name} of "Review Note" restored`,
      ]),
    );
    // A refund revokes the enrolment: the review stops counting (and is no longer shown).
    await refundOrder(db, a.order.id, admin.id, { callGateway: false });
    expect(await stored(note.id)).toMatchObject({ count: 1, sum: 4 });
    await deleteReview(db, b.user.id, note.id);
    expect(await stored(note.id)).toEqual({ count: 0, sum: 0, breakdown: [0, 0, 0, 0, 0] });
    expect(await stored(note.id)).toEqual(await recount(note.id));
  });

  it("an enrolment without a review leaves the content version (the page cache) alone", async () => {
    const note = await createProduct({ kind: "note", title: "Quiet Note", pricePaise: 4_900 });
    const v0 = await contentVersion();
    await owner(note);
    expect(await contentVersion()).toBe(v0);
  });
});

describe("who may review", () => {
  it("owners only, once; a course after one completed lesson; a student reports once", async () => {
    const note = await createProduct({ kind: "note", title: "Owned Note", pricePaise: 4_900 });
    const stranger = await createUser();
    await expect(createReview(db, stranger.id, note.id, input(5))).rejects.toMatchObject({ status: 403 });
    const { user } = await owner(note);
    await createReview(db, user.id, note.id, input(5));
    await expect(createReview(db, user.id, note.id, input(4))).rejects.toMatchObject({
      status: 409,
      message: ALREADY_REVIEWED,
    });
    const [review] = await db.select().from(schema.reviews).where(eq(schema.reviews.userId, user.id));
    await reportReview(db, stranger.id, note.id, review!.id);
    await expect(reportReview(db, stranger.id, note.id, review!.id)).rejects.toMatchObject({ status: 409 });
    await expect(reportReview(db, user.id, note.id, review!.id)).rejects.toMatchObject({ status: 400 });

    const [course] = await db.select().from(schema.products).where(eq(schema.products.title, "Economics Class 11"));
    const learner = (await owner(course!)).user;
    expect(await reviewEligibility(db, learner.id, course!)).toEqual({ canReview: false, reason: NO_LESSON_DONE });
    await expect(createReview(db, learner.id, course!.id, input(5))).rejects.toMatchObject({ status: 403 });
    const [lesson] = await db.select().from(schema.lessons).where(eq(schema.lessons.productId, course!.id)).limit(1);
    await db
      .insert(schema.lessonCompletions)
      .values({ userId: learner.id, lessonId: lesson!.id, productId: course!.id });
    expect(await reviewEligibility(db, learner.id, course!)).toEqual({ canReview: true });
    await createReview(db, learner.id, course!.id, input(1));
    expect(await getRatingSummary(db, course!.id)).toMatchObject({ count: 11 });
  });
});

describe("the stored figures equal a recount after concurrent work", () => {
  it("concurrent writes, edits, deletes, hides, restores and refunds", async () => {
    const products = await Promise.all(
      [1, 2].map((i) => createProduct({ kind: "note", title: `Busy Note ${i}`, pricePaise: 9_900 })),
    );
    const admin = await createUser({ role: "admin" });
    const owners = await Promise.all(
      Array.from({ length: 12 }, (_, i) => owner(products[i % 2]!).then((o) => ({ ...o, product: products[i % 2]! }))),
    );
    // Round 1: everyone writes at once.
    await Promise.all(owners.map((o, i) => createReview(db, o.user.id, o.product.id, input((i % 5) + 1))));
    const ids = await db
      .select({ id: schema.reviews.id, userId: schema.reviews.userId })
      .from(schema.reviews)
      .where(sql`${schema.reviews.productId} in (${products[0]!.id}, ${products[1]!.id})`);
    const idOf = (userId: string) => ids.find((r) => r.userId === userId)!.id;
    // Round 2: edits, deletes, hides, refunds and restores, all at once.
    await Promise.all(
      owners.map(async (o, i) => {
        switch (i % 6) {
          case 0:
            return updateReview(db, o.user.id, o.product.id, input(5 - (i % 5)));
          case 1:
            return deleteReview(db, o.user.id, o.product.id);
          case 2:
            return hideReview(db, admin.id, idOf(o.user.id), "Spam");
          case 3:
            return refundOrder(db, o.order.id, admin.id, { callGateway: false });
          case 4:
            await hideReview(db, admin.id, idOf(o.user.id), "Check");
            return restoreReview(db, admin.id, idOf(o.user.id));
          default:
            // The edit may come after the refund: then the author no longer owns the item (403).
            await Promise.all([
              updateReview(db, o.user.id, o.product.id, input(2)).catch((error) => {
                if (error?.status !== 403) throw error;
              }),
              refundOrder(db, o.order.id, admin.id, { callGateway: false }),
            ]);
        }
      }),
    );
    // Buyers of both items in one order: the refund revokes both enrolments while the buyer writes
    // a second review (the lock-order case of the migration's BEFORE-statement trigger).
    const both = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const user = await createUser();
        const order = await createOrder({ userId: user.id, products, status: "fulfilled" });
        await createReview(db, user.id, products[0]!.id, input(3));
        return { user, order };
      }),
    );
    await Promise.all(
      both.flatMap((b) => [
        refundOrder(db, b.order.id, admin.id, { callGateway: false }),
        createReview(db, b.user.id, products[1]!.id, input(1)).catch((error) => {
          if (error?.status !== 403) throw error;
        }),
      ]),
    );
    for (const p of products) {
      const figures = await stored(p.id);
      expect(figures).toEqual(await recount(p.id));
      expect(figures.breakdown.reduce((s, n) => s + n, 0)).toBe(figures.count);
    }
    // Every refunded author's review is out of the count.
    const refunded = [
      ...owners.filter((_, i) => i % 6 === 3 || i % 6 === 5).map((o) => o.user.id),
      ...both.map((b) => b.user.id),
    ];
    const stillCounted = await db
      .select({ id: schema.reviews.id })
      .from(schema.reviews)
      .where(and(sql`${schema.reviews.userId} = any(${sql.param(refunded)})`, eq(schema.reviews.ownerActive, true)));
    expect(stillCounted).toEqual([]);
  });
});

describe('"Verified purchase" needs an order of the item', () => {
  it("shows for a fulfilled order's buyer, not for a grant without an order nor a refunded line", async () => {
    const note = await createProduct({ kind: "note", title: "Verified Note", pricePaise: 4_900 });
    const other = await createProduct({ kind: "note", title: "Other Note", pricePaise: 2_900 });
    const buyer = await owner(note);
    const free = await createProduct({ kind: "note", title: "Free Note", pricePaise: 0 });
    // Access granted by an admin: an enrolment, no order.
    const granted = await createUser({ name: "Granted Gita" });
    await db.insert(schema.enrolments).values({ userId: granted.id, productId: note.id, source: "grant" });
    // Bought the note with another item, then that line was refunded (its enrolment is left live
    // here so that the review is still shown: only the line's refund is under test).
    const refunded = await createUser({ name: "Refunded Ravi" });
    const order = await createOrder({ userId: refunded.id, products: [note, other], status: "fulfilled" });
    await db
      .update(schema.orderItems)
      .set({ refundedAt: new Date() })
      .where(and(eq(schema.orderItems.orderId, order.id), eq(schema.orderItems.productId, note.id)));
    // An order that never got paid does not verify either.
    const pending = await createUser({ name: "Pending Pia" });
    await createOrder({ userId: pending.id, products: [note], status: "pending" });
    await db.insert(schema.enrolments).values({ userId: pending.id, productId: note.id, source: "grant" });

    await createReview(db, buyer.user.id, note.id, input(5, "Bought it"));
    await createReview(db, granted.id, note.id, input(4, "Granted"));
    await createReview(db, refunded.id, note.id, input(4, "Refunded line"));
    await createReview(db, pending.id, note.id, input(3, "Pending"));
    const list = await listProductReviews(db, note.id, 1, 4);
    const byBody = Object.fromEntries(list.reviews.map((r) => [r.body, r.verified]));
    expect(byBody).toEqual({ "Bought it": true, Granted: false, "Refunded line": false, Pending: false });

    // A free (₹0) checkout is an order too.
    const taker = await owner(free);
    await createReview(db, taker.user.id, free.id, input(5, "Free one"));
    expect((await listProductReviews(db, free.id, 1, 1)).reviews[0]).toMatchObject({ verified: true, sample: false });
  });

  it("the seed's reviewers bought nothing: their reviews say Sample review, never Verified purchase", async () => {
    const [course] = await db.select().from(schema.products).where(eq(schema.products.title, "Accountancy Class 12"));
    const list = await listProductReviews(db, course!.id, 1, 10);
    expect(list.reviews).toHaveLength(5);
    for (const r of list.reviews) expect(r).toMatchObject({ verified: false, sample: true });
  });
});
