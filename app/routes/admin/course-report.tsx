import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { AdminTable } from "~/features/admin/table";
import { Badge, Card, PageHeader } from "~/features/admin/ui";
import { productReport } from "~/features/catalog/catalog.server";
import { KIND_SHORT_LABELS as KIND_LABELS, STATUS_LABELS } from "~/features/catalog/labels";
import { formatDateTime } from "~/lib/dates";
import { asResponse } from "~/lib/errors";
import { paramId } from "~/lib/id";
import { formatPaise } from "~/lib/money";
import { formatCount } from "~/lib/numbers";
import type { Route } from "./+types/course-report";

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `Report: ${d?.product.title ?? ""} | Admin | Commerce Academy` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = paramId(params.id, "Item not found.");
  try {
    return await productReport(db, id);
  } catch (error) {
    throw asResponse(error);
  }
}

export default function CourseReport({ loaderData }: Route.ComponentProps) {
  const { product, sales, enrolments, recent } = loaderData;
  const cards = [
    ["Units sold", formatCount(sales.sold)],
    ["Revenue (before GST)", formatPaise(sales.revenuePaise)],
    ["Refunded", formatCount(sales.refunded)],
    ["Live enrolments", formatCount(enrolments.active)],
  ] as const;
  return (
    <div className="space-y-6">
      <Link
        to={`/admin/courses/${product.id}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the editor
      </Link>
      <PageHeader
        title={`Report: ${product.title}`}
        subtitle={`${KIND_LABELS[product.kind]} · ${STATUS_LABELS[product.status]} · by ${product.instructor}`}
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(([label, value]) => (
          <Card key={label}>
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-2xl font-bold">{value}</p>
          </Card>
        ))}
      </div>
      <Card title="Enrolments by source">
        <ul className="flex flex-wrap gap-6 text-sm">
          <li>Purchased: {enrolments.purchase}</li>
          <li>Free: {enrolments.free}</li>
          <li>Granted by hand: {enrolments.grant}</li>
          <li>Revoked: {enrolments.revoked}</li>
        </ul>
      </Card>
      <Card title="Recent sales">
        {recent.length === 0 ? (
          <p className="text-sm text-slate-600">No sales yet.</p>
        ) : (
          <AdminTable
            label="Recent sales"
            rows={recent}
            rowKey={(r) => r.number}
            columns={[
              { header: "Order", role: "title", cell: (r) => r.number },
              { header: "Paid", cell: (r) => formatDateTime(r.paidAt) },
              { header: "Status", cell: (r) => <Badge>{r.status}</Badge> },
              { header: "Price", role: "number", cell: (r) => formatPaise(r.pricePaise) },
            ]}
          />
        )}
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
