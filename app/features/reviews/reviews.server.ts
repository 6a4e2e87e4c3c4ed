/**
 * Reviews of students who own an item (issue 22): who may review, writing, editing, deleting and
 * reporting a review, the public list, and the admin's moderation (hide with a reason, restore).
 *
 * The figures per item (count, sum, 5-to-1 breakdown) live in `product_ratings`, kept exact by row
 * triggers in the same transaction as every write to `reviews`; a refund flips the author's
 * `owner_active` through a trigger on `enrolments` (drizzle/*_reviews.sql, hand-written part). A
 * review counts, and is shown, while it is visible and its author still owns the item. App code never
 * writes `product_ratings`; every write to `reviews` bumps the content version (page cache).
 */
import { and, desc, eq, exists, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  enrolments,
  lessonCompletions,
  orderItems,
  orders,
  productRatings,
  products,
  reviewReports,
  reviews,
  users,
} from "~/db/schema";
import { REPORTS_PER_ACCOUNT, rateKey, reserve, tooManyMessage } from "~/features/accounts/rate-limit.server";
import { HttpError } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";
import { sendEmail } from "~/platform/email/email.server";
import { averageOf, reviewerDisplayName } from "./names";
import type { AdminReviewFilters, ReviewInput } from "./schema";

export const REVIEWS_PAGE_SIZE = 5;
export const ADMIN_REVIEWS_PAGE_SIZE = 50;

type Kind = "course" | "note" | "pyq" | "test" | "bundle";
const KIND_WORD: Record<Kind, string> = {
  course: "course",
  note: "note",
  pyq: "paper",
  test: "test",
  bundle: "bundle",
};

export const NOT_OWNED = (kind: Kind) => `Only students who own this ${KIND_WORD[kind]} can review it.`;
export const NO_LESSON_DONE = "Complete at least one lesson of this course to review it.";
export const ALREADY_REVIEWED = "You have already reviewed this item. Edit your review instead.";
export const NO_REVIEW_YET = "You have not reviewed this item yet.";
export const ALREADY_REPORTED = "You have already reported this review.";

/** Whether the user may review the item now, and if not, why (shown in place of the form). */
export async function reviewEligibility(
  db: DbOrTx,
  userId: string,
  product: { id: number; kind: Kind },
): Promise<{ canReview: true } | { canReview: false; reason: string }> {
  const [owned] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.productId, product.id), isNull(enrolments.revokedAt)))
    .limit(1);
  if (!owned) return { canReview: false, reason: NOT_OWNED(product.kind) };
  if (product.kind === "course") {
    const [done] = await db
      .select({ one: sql`1` })
      .from(lessonCompletions)
      .where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.productId, product.id)))
      .limit(1);
    if (!done) return { canReview: false, reason: NO_LESSON_DONE };
  }
  return { canReview: true };
}

/**
 * Refuses unless the user may review: the live enrolment is locked (FOR SHARE) until the review is
 * written, so a refund committing meanwhile waits and then marks the new review as not counted.
 */
async function assertMayReview(tx: DbOrTx, userId: string, product: { id: number; kind: Kind }) {
  const [owned] = await tx
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.productId, product.id), isNull(enrolments.revokedAt)))
    .for("share");
  if (!owned) throw new HttpError(403, NOT_OWNED(product.kind));
  const eligibility = await reviewEligibility(tx, userId, product);
  if (!eligibility.canReview) throw new HttpError(403, eligibility.reason);
}

async function productOf(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ id: products.id, kind: products.kind, title: products.title, status: products.status })
    .from(products)
    .where(eq(products.id, productId));
  if (!row || row.status === "draft") throw new HttpError(404, "Item not found.");
  return row;
}

/** What every reading of a review shows: its id, stars, title and text. */
const reviewText = { id: reviews.id, rating: reviews.rating, title: reviews.title, body: reviews.body };

/** The user's own review of the item (whatever its status), or null. */
export async function getOwnReview(db: DbOrTx, userId: string, productId: number) {
  const [row] = await db
    .select({
      ...reviewText,
      reviewerClass: reviews.reviewerClass,
      status: reviews.status,
      hiddenReason: reviews.hiddenReason,
      ownerActive: reviews.ownerActive,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  return row ?? null;
}
export type OwnReview = NonNullable<Awaited<ReturnType<typeof getOwnReview>>>;

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error as its cause). */
function pgCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 3 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs a review write again when PostgreSQL aborted it as a deadlock victim: a refund of an order
 * with several reviewed items, at the same moment as its buyer writes a review of one of them, can
 * lock the same enrolment and the content version in the opposite order. Rare; a second try wins.
 */
async function retryingDeadlock<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 3 || pgCode(error) !== "40P01") throw error;
    }
  }
}

export async function createReview(db: Db, userId: string, productId: number, input: ReviewInput) {
  try {
    return await retryingDeadlock(() =>
      db.transaction(async (tx) => {
        const product = await productOf(tx, productId);
        await assertMayReview(tx, userId, product);
        if (await getOwnReview(tx, userId, productId)) throw new HttpError(409, ALREADY_REVIEWED);
        const [row] = await tx
          .insert(reviews)
          .values({ productId, userId, ...input })
          .returning({ id: reviews.id });
        return row!;
      }),
    );
  } catch (error) {
    if (pgCode(error) === "23505") throw new HttpError(409, ALREADY_REVIEWED);
    throw error;
  }
}

/** Edits the user's review (a hidden one stays hidden; an admin restores it). */
export async function updateReview(db: Db, userId: string, productId: number, input: ReviewInput) {
  return retryingDeadlock(() =>
    db.transaction(async (tx) => {
      const product = await productOf(tx, productId);
      await assertMayReview(tx, userId, product);
      const [row] = await tx
        .update(reviews)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
        .returning({ id: reviews.id });
      if (!row) throw new HttpError(404, NO_REVIEW_YET);
      return row;
    }),
  );
}

/** Deletes the user's own review (an author may always take theirs back, owner or not). */
export async function deleteReview(db: DbOrTx, userId: string, productId: number) {
  const [row] = await db
    .delete(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
    .returning({ id: reviews.id });
  if (!row) throw new HttpError(404, NO_REVIEW_YET);
  return row;
}

const counted = and(eq(reviews.status, "visible"), eq(reviews.ownerActive, true));

/**
 * A student reports a shown review once (the report's primary key is review and account); the admins
 * see it flagged, and the reports of one review fold into one notification. Their own review cannot
 * be reported. An account reports at most REPORTS_PER_ACCOUNT in its window (429), reserved in the
 * same transaction as the report, so a refused or repeated report counts nothing.
 */
export async function reportReview(db: Db, userId: string, productId: number, reviewId: number) {
  return db.transaction(async (tx) => {
    const wait = await reserve(tx, [[rateKey("report-account", userId), REPORTS_PER_ACCOUNT]]);
    if (wait) throw new HttpError(429, tooManyMessage(wait, "reports"));
    const [review] = await tx
      .select({ id: reviews.id, userId: reviews.userId, title: products.title, author: users.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.id, reviewId), eq(reviews.productId, productId), counted));
    if (!review) throw new HttpError(404, "That review is not shown here.");
    if (review.userId === userId) throw new HttpError(400, "You cannot report your own review.");
    const inserted = await tx
      .insert(reviewReports)
      .values({ reviewId, userId })
      .onConflictDoNothing()
      .returning({ reviewId: reviewReports.reviewId });
    if (inserted.length === 0) throw new HttpError(409, ALREADY_REPORTED);
    await recordEvent(tx, {
      actorId: userId,
      type: "Review",
      description: `Review by ${review.author} of "${review.title}" reported by a student`,
      status: "New",
      entityType: "review",
      entityId: reviewId,
    });
  });
}

export interface RatingSummary {
  average: number;
  count: number;
  /** Reviews with 5, 4, 3, 2 and 1 stars, in that order. */
  breakdown: { stars: number; count: number }[];
}

/** The stored figures of one item (no aggregate per request). */
export async function getRatingSummary(db: DbOrTx, productId: number): Promise<RatingSummary> {
  const [row] = await db.select().from(productRatings).where(eq(productRatings.productId, productId));
  const r = row ?? { reviewCount: 0, ratingSum: 0, stars1: 0, stars2: 0, stars3: 0, stars4: 0, stars5: 0 };
  return {
    average: averageOf(r.ratingSum, r.reviewCount),
    count: r.reviewCount,
    breakdown: [
      { stars: 5, count: r.stars5 },
      { stars: 4, count: r.stars4 },
      { stars: 3, count: r.stars3 },
      { stars: 2, count: r.stars2 },
      { stars: 1, count: r.stars1 },
    ],
  };
}

export interface PublicReview {
  id: number;
  rating: number;
  title: string | null;
  body: string | null;
  reviewer: string;
  reviewerClass: string | null;
  createdAt: Date;
  /**
   * The reviewer holds a fulfilled order (paid or free) of the item whose line is not refunded: the
   * only reviews that say "Verified purchase".
   */
  verified: boolean;
  /** Written by a sample account of the seed (users.is_sample): shown as "Sample review". */
  sample: boolean;
}

/**
 * Whether the review's author holds a fulfilled order (paid or a free ₹0 checkout) containing the
 * reviewed item, that line not refunded: a correlated subquery of the list's one query (no N+1).
 */
const verifiedPurchase = sql<boolean>`exists (
  select 1 from ${orderItems} oi join ${orders} o on o.id = oi.order_id
  where oi.product_id = ${reviews.productId} and o.user_id = ${reviews.userId}
    and o.status = 'fulfilled' and oi.refunded_at is null
)`;

/** One page of the item's shown reviews, newest first; the page number is clamped to the pages there are. */
export async function listProductReviews(db: DbOrTx, productId: number, page: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  if (total === 0) return { reviews: [] as PublicReview[], page: 1, pages: 1 };
  const rows = await db
    .select({
      ...reviewText,
      name: users.name,
      reviewerClass: reviews.reviewerClass,
      createdAt: reviews.createdAt,
      verified: verifiedPurchase,
      sample: users.isSample,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), counted))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((current - 1) * REVIEWS_PAGE_SIZE);
  const list: PublicReview[] = rows.map(({ name, ...r }) => ({ ...r, reviewer: reviewerDisplayName(name) }));
  return { reviews: list, page: current, pages };
}

/** The ids among `reviewIds` the user has reported (so the button says "Reported"). */
export async function reportedByUser(db: DbOrTx, userId: string, reviewIds: number[]) {
  if (reviewIds.length === 0) return [];
  const rows = await db
    .select({ reviewId: reviewReports.reviewId })
    .from(reviewReports)
    .where(and(eq(reviewReports.userId, userId), sql`${reviewReports.reviewId} = any(${sql.param(reviewIds)})`));
  return rows.map((r) => r.reviewId);
}

// Moderation (admin)

const reportCount = sql<number>`(select count(*) from ${reviewReports} rr where rr.review_id = ${reviews.id})::int`;

export async function listAdminReviews(db: DbOrTx, filters: AdminReviewFilters) {
  const where = [];
  if (filters.product) where.push(eq(reviews.productId, filters.product));
  if (filters.rating) where.push(eq(reviews.rating, filters.rating));
  if (filters.status === "visible" || filters.status === "hidden") where.push(eq(reviews.status, filters.status));
  if (filters.status === "reported")
    where.push(exists(db.select({ one: sql`1` }).from(reviewReports).where(eq(reviewReports.reviewId, reviews.id))));
  const rows = await db
    .select({
      ...reviewText,
      status: reviews.status,
      hiddenReason: reviews.hiddenReason,
      ownerActive: reviews.ownerActive,
      createdAt: reviews.createdAt,
      productId: products.id,
      productTitle: products.title,
      author: users.name,
      authorId: users.id,
      reports: reportCount,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(...where))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(ADMIN_REVIEWS_PAGE_SIZE + 1)
    .offset((filters.page - 1) * ADMIN_REVIEWS_PAGE_SIZE);
  return { rows: rows.slice(0, ADMIN_REVIEWS_PAGE_SIZE), hasMore: rows.length > ADMIN_REVIEWS_PAGE_SIZE };
}
export type AdminReviewRow = Awaited<ReturnType<typeof listAdminReviews>>["rows"][number];

/** The items that have reviews (hidden ones included), with their counted reviews, for the admin screen's item filter. */
export async function listReviewedProducts(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      title: products.title,
      reviews: sql<number>`coalesce(${productRatings.reviewCount}, 0)`.mapWith(Number),
    })
    .from(products)
    .leftJoin(productRatings, eq(productRatings.productId, products.id))
    .where(exists(db.select({ one: sql`1` }).from(reviews).where(eq(reviews.productId, products.id))))
    .orderBy(products.title);
}

async function moderated(tx: DbOrTx, reviewId: number) {
  const [row] = await tx
    .select({
      id: reviews.id,
      status: reviews.status,
      title: products.title,
      productId: products.id,
      kind: products.kind,
      author: users.name,
      email: users.email,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, reviewId))
    .for("update", { of: reviews });
  if (!row) throw new HttpError(404, "Review not found.");
  return row;
}

/** Hides a review with a reason (it stops counting); the author is told by email and on their review. */
export async function hideReview(db: Db, actorId: string, reviewId: number, reason: string) {
  const review = await db.transaction(async (tx) => {
    const review = await moderated(tx, reviewId);
    if (review.status === "hidden") throw new HttpError(409, "This review is already hidden.");
    await tx
      .update(reviews)
      .set({ status: "hidden", hiddenReason: reason, hiddenAt: new Date() })
      .where(eq(reviews.id, reviewId));
    await recordEvent(tx, {
      actorId,
      type: "Review",
      description: `Review by ${review.author} of "${review.title}" hidden: ${reason}`,
      status: "Success",
      entityType: "review",
      entityId: reviewId,
    });
    return review;
  });
  await sendEmail(db, {
    to: review.email,
    subject: `Your review of "${review.title}" is hidden`,
    text: [
      `Hello ${review.author},`,
      "",
      `Your review of "${review.title}" is no longer shown on Commerce Academy.`,
      `Reason: ${reason}`,
      "",
      "You can edit or delete it on the item's page. If you think this is a mistake, reply through the contact page.",
    ].join("\n"),
  });
}

/** Shows a hidden review again (it counts again while its author owns the item). */
export async function restoreReview(db: Db, actorId: string, reviewId: number) {
  await db.transaction(async (tx) => {
    const review = await moderated(tx, reviewId);
    if (review.status === "visible") throw new HttpError(409, "This review is already shown.");
    await tx
      .update(reviews)
      .set({ status: "visible", hiddenReason: null, hiddenAt: null })
      .where(eq(reviews.id, reviewId));
    await recordEvent(tx, {
      actorId,
      type: "Review",
      description: `Review by ${review.author} of "${review.title}" restored`,
      status: "Success",
      entityType: "review",
      entityId: reviewId,
    });
  });
}

/**
 * What a signed-in viewer of an item's page sees of the reviews: their own review, whether they may
 * write one (and why not), and which of `reviewIds` (the page's reviews; every review of the item
 * when omitted) they reported. The detail page's loader and GET /api/me (for the shared page,
 * ADR 0012) both use it.
 */
export async function reviewViewer(
  db: DbOrTx,
  userId: string,
  product: { id: number; kind: Kind },
  reviewIds?: number[],
) {
  const [myReview, eligibility, reported] = await Promise.all([
    getOwnReview(db, userId, product.id),
    reviewEligibility(db, userId, product),
    reviewIds ? reportedByUser(db, userId, reviewIds) : reportedOnItem(db, userId, product.id),
  ]);
  return { myReview, eligibility, reported };
}

async function reportedOnItem(db: DbOrTx, userId: string, productId: number) {
  const rows = await db
    .select({ reviewId: reviewReports.reviewId })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .where(and(eq(reviewReports.userId, userId), eq(reviews.productId, productId)));
  return rows.map((r) => r.reviewId);
}
