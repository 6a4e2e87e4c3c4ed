/** The admin's Reviews screen: filters (item, rating, status) and the table with hide (with a reason) and restore. */
import { Form, Link } from "react-router";
import { AdminTable } from "~/features/admin/table";
import { Badge } from "~/features/admin/ui";
import { formatDateTime } from "~/lib/dates";
import { Button } from "~/ui/button";
import { inputClass, SelectField } from "~/ui/field";
import { HIDE_REASON_MAX } from "./limits";

export interface AdminReviewRowData {
  id: number;
  rating: number;
  title: string | null;
  body: string | null;
  status: "visible" | "hidden";
  hiddenReason: string | null;
  ownerActive: boolean;
  createdAt: Date | string;
  productId: number;
  productTitle: string;
  author: string;
  authorId: string;
  reports: number;
}

export interface AdminReviewFiltersData {
  product?: number;
  rating?: number;
  status?: "visible" | "hidden" | "reported";
  page: number;
}

export function ReviewFilters({
  filters,
  products,
}: {
  filters: AdminReviewFiltersData;
  products: { id: number; title: string; reviews: number }[];
}) {
  return (
    <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end">
      <SelectField
        label="Item"
        name="product"
        id="filter-product"
        defaultValue={filters.product ? String(filters.product) : ""}
      >
        <option value="">All items</option>
        {products.map((item) => (
          <option key={item.id} value={item.id}>
            {item.title} ({item.reviews})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Rating"
        name="rating"
        id="filter-rating"
        defaultValue={filters.rating ? String(filters.rating) : ""}
      >
        <option value="">All ratings</option>
        {[5, 4, 3, 2, 1].map((n) => (
          <option key={n} value={n}>
            {n} {n === 1 ? "star" : "stars"}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" name="status" id="filter-status" defaultValue={filters.status ?? ""}>
        <option value="">All</option>
        <option value="visible">Shown</option>
        <option value="hidden">Hidden</option>
        <option value="reported">Reported</option>
      </SelectField>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </Form>
  );
}

export function ReviewTable({ rows }: { rows: AdminReviewRowData[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No reviews match.</p>;
  return (
    <AdminTable
      label="Reviews"
      rows={rows}
      rowKey={(r) => r.id}
      columns={[
        {
          header: "Review",
          role: "title",
          className: "max-w-xs lg:max-w-md",
          cell: (r) => (
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {"★".repeat(r.rating)}
                <span className="sr-only"> {r.rating} out of 5</span> {r.title}
              </p>
              {r.body ? <p className="mt-1 whitespace-pre-line break-words text-slate-700">{r.body}</p> : null}
            </div>
          ),
        },
        {
          header: "Item",
          cell: (r) => (
            <Link to={`/admin/courses/${r.productId}`} className="text-brand-700 hover:underline">
              {r.productTitle}
            </Link>
          ),
        },
        {
          header: "Author",
          cell: (r) => (
            <div>
              <Link to={`/admin/users/${r.authorId}`} className="text-brand-700 hover:underline">
                {r.author}
              </Link>
              <p className="text-xs text-slate-500">{formatDateTime(r.createdAt)}</p>
            </div>
          ),
        },
        {
          header: "Status",
          cell: (r) => (
            <div className="flex flex-wrap gap-1">
              {r.status === "hidden" ? <Badge tone="failed">Hidden</Badge> : <Badge tone="success">Shown</Badge>}
              {r.reports > 0 ? (
                <Badge tone="pending">{r.reports === 1 ? "Reported once" : `Reported ${r.reports} times`}</Badge>
              ) : null}
              {r.ownerActive ? null : <Badge>Refunded: not counted</Badge>}
              {r.hiddenReason ? <span className="w-full text-xs text-slate-600">Reason: {r.hiddenReason}</span> : null}
            </div>
          ),
        },
        {
          header: "Actions",
          role: "actions",
          cell: (r) =>
            r.status === "visible" ? (
              // The reason form opens on demand, so the closed row stays narrow on a tablet.
              <details className="group">
                <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50">
                  Hide…<span className="sr-only"> the review by {r.author}</span>
                </summary>
                <Form method="post" className="mt-2 flex flex-col gap-2 text-left">
                  <input type="hidden" name="intent" value="hide" />
                  <input type="hidden" name="reviewId" value={r.id} />
                  <label className="text-xs font-medium text-slate-700" htmlFor={`reason-${r.id}`}>
                    Reason (the author is told)
                  </label>
                  <textarea
                    id={`reason-${r.id}`}
                    name="reason"
                    required
                    rows={2}
                    maxLength={HIDE_REASON_MAX}
                    className={`${inputClass} h-auto w-full min-w-0 py-2`}
                  />
                  <Button type="submit" size="sm" variant="danger">
                    Hide review
                  </Button>
                </Form>
              </details>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="reviewId" value={r.id} />
                <Button type="submit" size="sm" variant="secondary">
                  Restore<span className="sr-only"> the review by {r.author}</span>
                </Button>
              </Form>
            ),
        },
      ]}
    />
  );
}
