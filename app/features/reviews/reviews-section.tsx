/**
 * The detail page's "Ratings and reviews": the stored figures (average, count, 5-to-1 breakdown),
 * the shown reviews newest first (first name and last initial, class, "Verified purchase" where the reviewer holds a fulfilled order of
 * the item, "Sample review" for the seed's sample accounts), paged
 * with `?reviews=N`, and for a signed-in viewer their own review form or why they cannot review.
 * A visitor's page carries nothing of any viewer (`viewer` is undefined), so the page cache serves it.
 */
import { Form, Link } from "react-router";
import { formatDate } from "~/lib/dates";
import { ratingStars } from "~/lib/display";
import { countOf } from "~/lib/numbers";
import { Button } from "~/ui/button";
import { Field, FormAlert, SelectField, TextareaField } from "~/ui/field";
import { Pager } from "~/ui/pager";
import { Stars } from "~/ui/stars";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "./limits";
import type { PublicReview } from "./reviews.server";

export interface ReviewSummaryData {
  average: number;
  count: number;
  breakdown: { stars: number; count: number }[];
}
/** A shown review as the page receives it (its date a Date or, serialised, a string). */
export type ReviewItem = Omit<PublicReview, "createdAt"> & { createdAt: Date | string };
export interface OwnReviewData {
  id: number;
  rating: number;
  title: string | null;
  body: string | null;
  reviewerClass: string | null;
  status: "visible" | "hidden";
  hiddenReason: string | null;
  ownerActive: boolean;
}
export interface ReviewViewer {
  myReview: OwnReviewData | null;
  eligibility: { canReview: true } | { canReview: false; reason: string };
  reported: number[];
}
export interface ReviewActionData {
  intent?: string;
  fieldErrors?: Partial<Record<string, string>>;
  formError?: string;
  values?: Record<string, string>;
}

export function ReviewsSection({
  summary,
  list,
  path,
  viewer,
  actionData,
}: {
  summary: ReviewSummaryData;
  list: { reviews: ReviewItem[]; page: number; pages: number };
  /** The item's page, e.g. /courses/3. */
  path: string;
  viewer?: ReviewViewer;
  actionData?: ReviewActionData;
}) {
  return (
    <section aria-labelledby="reviews-heading" id="reviews" className="mt-10 scroll-mt-24">
      <h2 id="reviews-heading" className="text-2xl font-bold text-slate-900">
        Ratings and reviews
      </h2>
      {summary.count > 0 ? <Summary summary={summary} /> : <p className="mt-3 text-slate-700">No reviews yet.</p>}
      <YourReview path={path} viewer={viewer} actionData={actionData} />
      {list.reviews.length > 0 ? (
        <ol className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {list.reviews.map((r) => (
            <li key={r.id} className="p-4" data-testid="review">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Stars rating={r.rating} />
                {r.title ? <h3 className="font-semibold text-slate-900">{r.title}</h3> : null}
              </div>
              {r.body ? <p className="mt-2 whitespace-pre-line break-words text-slate-800">{r.body}</p> : null}
              <p className="mt-2 text-sm text-slate-600">
                <span className="font-medium text-slate-800">{r.reviewer}</span>
                {r.reviewerClass ? ` · Class ${r.reviewerClass}` : ""} · <ReviewBadge review={r} />
                {formatDate(r.createdAt)}
              </p>
              {/* Anyone signed in may report a review, except their own. */}
              {viewer && viewer.myReview?.id !== r.id ? (
                <ReportButton reviewId={r.id} reported={viewer.reported.includes(r.id)} />
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {list.pages > 1 ? (
        <Pager
          label="Review pages"
          previous={list.page > 1 ? `${path}?reviews=${list.page - 1}#reviews` : null}
          next={list.page < list.pages ? `${path}?reviews=${list.page + 1}#reviews` : null}
          status={`Page ${list.page} of ${list.pages}`}
          previousText="Newer reviews"
          nextText="Older reviews"
        />
      ) : null}
    </section>
  );
}

/** "Sample review" for the seed's sample accounts, "Verified purchase" for a buyer of the item, else nothing. */
function ReviewBadge({ review }: { review: ReviewItem }) {
  if (review.sample) return <span className="font-medium text-amber-800">Sample review · </span>;
  if (review.verified) return <span className="font-medium text-emerald-700">Verified purchase · </span>;
  return null;
}

function Summary({ summary }: { summary: ReviewSummaryData }) {
  const { label } = ratingStars(summary.average);
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-8" data-testid="rating-summary">
      <div>
        <p className="text-4xl font-extrabold text-slate-900">{label}</p>
        <p className="text-sm text-slate-600">out of 5 · {countOf(summary.count, "review")}</p>
      </div>
      <ul className="space-y-1" aria-label="Reviews by stars">
        {summary.breakdown.map((b) => {
          const share = summary.count ? Math.round((b.count / summary.count) * 100) : 0;
          return (
            <li key={b.stars} className="flex items-center gap-2 text-sm text-slate-700">
              <span className="w-14 shrink-0">{b.stars} star</span>
              <span aria-hidden className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="w-16 shrink-0 text-right">{countOf(b.count, "review")}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReportButton({ reviewId, reported }: { reviewId: number; reported: boolean }) {
  if (reported) return <p className="mt-2 text-xs text-slate-500">You reported this review.</p>;
  return (
    <Form method="post" preventScrollReset className="mt-2">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <button type="submit" className="min-h-11 text-xs font-medium text-slate-600 underline hover:text-slate-900">
        Report this review
      </button>
    </Form>
  );
}

function YourReview({
  path,
  viewer,
  actionData,
}: {
  path: string;
  viewer?: ReviewViewer;
  actionData?: ReviewActionData;
}) {
  if (!viewer) {
    return (
      <p className="mt-4 text-sm text-slate-700" data-anon-only>
        Own this item?{" "}
        <Link
          to={`/login?redirectTo=${encodeURIComponent(`${path}#reviews`)}`}
          className="font-medium text-brand-700 hover:underline"
        >
          Log in to write a review
        </Link>
        .
      </p>
    );
  }
  const mine = viewer.myReview;
  const failed = actionData && actionData.intent !== "report" ? actionData : undefined;
  const reportError = actionData?.intent === "report" ? actionData.formError : undefined;
  return (
    <div className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
      {reportError ? <FormAlert>{reportError}</FormAlert> : null}
      {mine ? (
        <>
          <h3 className="text-lg font-semibold text-slate-900">Your review</h3>
          {mine.status === "hidden" ? (
            <p className="mt-2 text-sm text-red-700" data-testid="review-hidden">
              Hidden by our team: {mine.hiddenReason}. It is not shown and does not count.
            </p>
          ) : !mine.ownerActive ? (
            <p className="mt-2 text-sm text-slate-700">Not shown: you no longer own this item.</p>
          ) : null}
          {viewer.eligibility.canReview ? (
            <ReviewForm intent="update" review={mine} failed={failed} />
          ) : (
            <p className="mt-2 text-sm text-slate-700">{viewer.eligibility.reason}</p>
          )}
          {/* Deleting asks first, without JavaScript too: the button that deletes is inside. */}
          <details className="mt-3">
            <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-5 text-sm font-semibold text-red-700 hover:bg-red-50">
              Delete my review…
            </summary>
            <div className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3">
              <p className="text-sm text-slate-800">Delete your review? It leaves this page for good.</p>
              <Form method="post" preventScrollReset className="mt-2">
                <input type="hidden" name="intent" value="delete" />
                <Button type="submit" size="sm" variant="danger">
                  Yes, delete it
                </Button>
              </Form>
            </div>
          </details>
        </>
      ) : viewer.eligibility.canReview ? (
        <>
          <h3 className="text-lg font-semibold text-slate-900">Write a review</h3>
          <ReviewForm intent="create" review={null} failed={failed} />
        </>
      ) : (
        <p className="text-sm text-slate-700" data-testid="cannot-review">
          {viewer.eligibility.reason}
        </p>
      )}
    </div>
  );
}

function ReviewForm({
  intent,
  review,
  failed,
}: {
  intent: "create" | "update";
  review: OwnReviewData | null;
  failed?: ReviewActionData;
}) {
  const values = failed?.values;
  const errors = failed?.fieldErrors ?? {};
  const rating = values?.rating ?? (review ? String(review.rating) : "");
  return (
    <Form method="post" preventScrollReset className="mt-3 space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {failed?.formError ? <FormAlert>{failed.formError}</FormAlert> : null}
      <fieldset aria-describedby={errors.rating ? "review-rating-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">Your rating</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((n) => (
            <label
              key={n}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name="rating" value={n} defaultChecked={rating === String(n)} required />
              {countOf(n, "star")}
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="review-rating-error" className="mt-1 text-sm text-red-700">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <Field
        label="Title (optional)"
        name="title"
        maxLength={REVIEW_TITLE_MAX}
        defaultValue={values?.title ?? review?.title ?? ""}
        error={errors.title}
      />
      <TextareaField
        label="Your review (optional)"
        name="body"
        error={errors.body}
        hint={`Plain text, up to ${REVIEW_BODY_MAX} characters.`}
        rows={4}
        maxLength={REVIEW_BODY_MAX}
        defaultValue={values?.body ?? review?.body ?? ""}
      />
      <SelectField
        label="Your class (optional)"
        name="reviewerClass"
        error={errors.reviewerClass}
        defaultValue={values?.reviewerClass ?? review?.reviewerClass ?? ""}
      >
        <option value="">Not said</option>
        <option value="11">Class 11</option>
        <option value="12">Class 12</option>
      </SelectField>
      <Button type="submit">{intent === "create" ? "Post review" : "Save changes"}</Button>
    </Form>
  );
}
