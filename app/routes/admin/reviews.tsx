import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { Card, PageHeader } from "~/features/admin/ui";
import { ReviewFilters, ReviewTable } from "~/features/reviews/admin-reviews";
import { hideReview, listAdminReviews, listReviewedProducts, restoreReview } from "~/features/reviews/reviews.server";
import { adminReviewFiltersSchema, hideSchema, restoreSchema, reviewModerationSchema } from "~/features/reviews/schema";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { FormAlert } from "~/ui/field";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/reviews";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Reviews | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const filters = adminReviewFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [list, products] = await Promise.all([listAdminReviews(db, filters), listReviewedProducts(db)]);
  return { filters, products, ...list };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const form = await readForm(request);
  const intent = validate(reviewModerationSchema, form);
  if (!intent.ok) return formFailure(intent);
  const back = `/admin/reviews${new URL(request.url).search}`;
  try {
    if (intent.data.intent === "hide") {
      const v = validate(hideSchema, form);
      if (!v.ok)
        return formFailure({ ...v, formError: v.fieldErrors.reason ?? v.formError ?? "Say why the review is hidden." });
      await hideReview(db, admin.id, v.data.reviewId, v.data.reason);
      return redirectWithFlash(back, "Review hidden. The author is told why.");
    }
    const v = validate(restoreSchema, form);
    if (!v.ok) return formFailure(v);
    await restoreReview(db, admin.id, v.data.reviewId);
    return redirectWithFlash(back, "Review shown again.");
  } catch (error) {
    return failureFrom(error, intent.values);
  }
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, products, rows, hasMore } = loaderData;
  const query = (page: number) => {
    const q = new URLSearchParams();
    if (filters.product) q.set("product", String(filters.product));
    if (filters.rating) q.set("rating", String(filters.rating));
    if (filters.status) q.set("status", filters.status);
    q.set("page", String(page));
    return `/admin/reviews?${q}`;
  };
  const error = actionData?.formError ?? Object.values(actionData?.fieldErrors ?? {})[0];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Reviews"
        subtitle="Students' reviews of the items they own. Hidden reviews are not shown and do not count in the ratings."
      />
      <Card>
        <ReviewFilters filters={filters} products={products} />
      </Card>
      <Card>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <ReviewTable rows={rows} />
        {filters.page > 1 || hasMore ? (
          <Pager
            previous={filters.page > 1 ? query(filters.page - 1) : null}
            next={hasMore ? query(filters.page + 1) : null}
            status={`Page ${filters.page}`}
            reloadDocument
          />
        ) : null}
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
