import { Form, Link } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { AdminTable } from "~/features/admin/table";
import { BackLink, Card, PageHeader } from "~/features/admin/ui";
import { QUESTION_TYPE_LABELS } from "~/features/practice/labels";
import { markingQueueQuery } from "~/features/practice/schema";
import { formatMarks } from "~/features/practice/scoring";
import { listMarkingQueue } from "~/features/practice/teacher-marking.server";
import { formatDateTime } from "~/lib/dates";
import { countOf } from "~/lib/numbers";
import { Button } from "~/ui/button";
import { inputClass } from "~/ui/field";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/practice-marking";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Marking | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const query = markingQueueQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listMarkingQueue(db, { productId: query.test, page: query.page });
  return { ...list, query };
}

export default function PracticeMarking({ loaderData }: Route.ComponentProps) {
  const { rows, hasMore, total, tests, query } = loaderData;
  const url = (page: number) =>
    `/admin/practice/marking?${new URLSearchParams({ ...(query.test ? { test: String(query.test) } : {}), page: String(page) })}`;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/practice">Question Bank</BackLink>
      <PageHeader
        title="Marking"
        subtitle={`Written answers waiting for your marks, oldest first: ${countOf(total, "answer")}.`}
      />
      <Card>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
          <label className="text-sm font-medium text-slate-800">
            Test
            <select name="test" defaultValue={query.test ?? ""} className={`${inputClass} mt-1 w-auto`}>
              <option value="">Every test</option>
              {tests.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title} ({t.n})
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" size="sm" variant="secondary">
            Show
          </Button>
        </Form>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">
            Nothing to mark{query.test ? " for this test" : ""}: every written answer submitted is marked.
          </p>
        ) : (
          <AdminTable
            label="Written answers to mark"
            rows={rows}
            rowKey={(r) => `${r.attemptId}-${r.questionId}`}
            columns={[
              {
                header: "Question",
                role: "title",
                className: "md:max-w-md",
                cell: (r) => (
                  <Link
                    to={`/admin/practice/marking/${r.attemptId}/${r.questionId}`}
                    className="line-clamp-2 text-brand-700 hover:underline"
                    data-preview=""
                  >
                    {r.prompt}
                  </Link>
                ),
              },
              { header: "Student", cell: (r) => r.student },
              { header: "Test", cell: (r) => r.test },
              { header: "Type", cell: (r) => `${QUESTION_TYPE_LABELS[r.type]} · ${r.marks} marks` },
              {
                header: "Self-marks",
                role: "number",
                cell: (r) => (r.selfCenti === null ? "—" : `${formatMarks(r.selfCenti)} / ${r.marks}`),
              },
              { header: "Submitted", cell: (r) => formatDateTime(r.submittedAt) },
              {
                header: "Action",
                role: "actions",
                cell: (r) => (
                  <Button asChild size="sm">
                    <Link to={`/admin/practice/marking/${r.attemptId}/${r.questionId}`}>
                      Mark<span className="sr-only"> {r.student}'s answer</span>
                    </Link>
                  </Button>
                ),
              },
            ]}
          />
        )}
        {query.page > 1 || hasMore ? (
          <Pager
            previous={query.page > 1 ? url(query.page - 1) : null}
            next={hasMore ? url(query.page + 1) : null}
            status={`Page ${query.page}`}
          />
        ) : null}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
