/** The admin's Doubts queue (issue 36): filters (course, status) and the table with answer, hide and unhide. */
import { EyeOff, ImageIcon } from "lucide-react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { AdminTable } from "~/features/admin/table";
import { Badge, ConfirmDialog } from "~/features/admin/ui";
import { formatDateTime } from "~/lib/dates";
import { Button } from "~/ui/button";
import { inputClass, SelectField } from "~/ui/field";
import { doubtPhotoHref } from "./doubt-section";
import { type AdminDoubtFilters, ANSWER_MAX, ANSWER_MIN } from "./schema";

export interface AdminDoubtRowData {
  id: number;
  body: string;
  hasPhoto: boolean;
  status: "open" | "answered";
  hiddenAt: Date | string | null;
  answer: string | null;
  answeredAt: Date | string | null;
  createdAt: Date | string;
  productId: number;
  productTitle: string;
  lessonId: number | null;
  lessonTitle: string | null;
  questionId: number | null;
  questionPrompt: string | null;
  attemptId: number | null;
  studentId: string;
  studentName: string;
}

export function DoubtFilters({
  filters,
  products,
}: {
  filters: AdminDoubtFilters;
  products: { id: number; title: string; open: number }[];
}) {
  return (
    <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_auto] lg:items-end">
      <SelectField
        label="Course or test"
        name="product"
        id="filter-product"
        defaultValue={filters.product ? String(filters.product) : ""}
      >
        <option value="">All courses and tests</option>
        {products.map((item) => (
          <option key={item.id} value={item.id}>
            {item.title}
            {item.open > 0 ? ` (${item.open} open)` : ""}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" name="status" id="filter-status" defaultValue={filters.status ?? ""}>
        <option value="">All, unanswered first</option>
        <option value="open">Unanswered</option>
        <option value="answered">Answered</option>
        <option value="hidden">Hidden</option>
      </SelectField>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </Form>
  );
}

/** Where the doubt was asked: its lesson in the course player, or the question in the student's result. */
function Place({ row }: { row: AdminDoubtRowData }) {
  if (row.lessonId) {
    return (
      <div className="min-w-0">
        <Link to={`/admin/courses/${row.productId}`} className="text-brand-700 hover:underline">
          {row.productTitle}
        </Link>
        <p className="text-xs text-slate-600">Lesson: {row.lessonTitle}</p>
      </div>
    );
  }
  return (
    <div className="min-w-0">
      <span className="text-slate-900">{row.productTitle}</span>
      {row.attemptId ? (
        <Link
          to={`/my-courses/tests/${row.attemptId}#rq-${row.questionId}`}
          className="block text-xs text-brand-700 hover:underline"
        >
          Question: {row.questionPrompt}
        </Link>
      ) : (
        <p className="text-xs text-slate-600">Question: {row.questionPrompt}</p>
      )}
    </div>
  );
}

function AnswerForm({ row, error, value }: { row: AdminDoubtRowData; error?: string; value?: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="mt-2 flex w-full flex-col gap-2 text-left">
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="doubtId" value={row.id} />
      <label className="text-xs font-medium text-slate-700" htmlFor={`answer-${row.id}`}>
        {row.answer ? "Change the answer" : "Answer (the student is emailed)"}
      </label>
      <textarea
        id={`answer-${row.id}`}
        name="answer"
        required
        rows={4}
        minLength={ANSWER_MIN}
        maxLength={ANSWER_MAX}
        defaultValue={value ?? row.answer ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `answer-${row.id}-error` : undefined}
        className={`${inputClass} h-auto w-full min-w-0 py-2`}
      />
      {error ? (
        <p id={`answer-${row.id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={busy} className="self-start">
        {row.answer ? "Save the answer" : "Send the answer"}
      </Button>
    </Form>
  );
}

export function DoubtQueue({
  rows,
  failure,
}: {
  rows: AdminDoubtRowData[];
  failure?: { doubtId?: number; error?: string; value?: string };
}) {
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  if (rows.length === 0)
    return <p className="text-sm text-slate-600">No doubts match. Students' doubts appear here.</p>;
  return (
    <AdminTable
      label="Doubts"
      rows={rows}
      rowKey={(r) => r.id}
      columns={[
        {
          header: "Doubt",
          role: "title",
          className: "md:w-2/5",
          cell: (r) => (
            <div className="min-w-0 font-normal">
              <p className="whitespace-pre-line break-words text-slate-900">{r.body}</p>
              {r.hasPhoto ? (
                <a href={doubtPhotoHref(r.id)} target="_blank" rel="noreferrer" className="mt-2 block w-fit">
                  <img
                    src={doubtPhotoHref(r.id)}
                    alt={`Sent by ${r.studentName} with the doubt`}
                    loading="lazy"
                    className="max-h-40 max-w-full rounded-lg border border-slate-200 object-contain"
                  />
                  <span className="mt-1 inline-flex items-center gap-1 text-xs text-brand-700">
                    <ImageIcon className="h-3 w-3" aria-hidden /> Open the photo
                  </span>
                </a>
              ) : null}
              {r.answer ? (
                <div className="mt-2 rounded-lg bg-brand-50 p-2 text-sm text-slate-800">
                  <span className="font-semibold">Answer: </span>
                  <span className="whitespace-pre-line break-words">{r.answer}</span>
                </div>
              ) : null}
            </div>
          ),
        },
        { header: "Where", className: "lg:min-w-44", cell: (r) => <Place row={r} /> },
        {
          header: "Student",
          cell: (r) => (
            <div>
              <Link to={`/admin/users/${r.studentId}`} className="text-brand-700 hover:underline">
                {r.studentName}
              </Link>
              <p className="text-xs text-slate-500">{formatDateTime(r.createdAt)}</p>
            </div>
          ),
        },
        {
          header: "Status",
          cell: (r) => (
            <div className="flex flex-wrap gap-1">
              {r.status === "open" ? <Badge tone="pending">Unanswered</Badge> : <Badge tone="success">Answered</Badge>}
              {r.hiddenAt ? <Badge tone="failed">Hidden</Badge> : null}
            </div>
          ),
        },
        {
          header: "Actions",
          role: "actions",
          cell: (r) => (
            <div className="flex w-full flex-col items-start gap-2 md:items-end lg:w-64">
              <details className="group" open={failure?.doubtId === r.id}>
                <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                  {r.answer ? "Edit the answer…" : "Answer…"}
                  <span className="sr-only"> the doubt of {r.studentName}</span>
                </summary>
                <AnswerForm
                  row={r}
                  error={failure?.doubtId === r.id ? failure.error : undefined}
                  value={failure?.doubtId === r.id ? failure.value : undefined}
                />
              </details>
              {r.hiddenAt ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="unhide" />
                  <input type="hidden" name="doubtId" value={r.id} />
                  <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                    Unhide<span className="sr-only"> the doubt of {r.studentName}</span>
                  </Button>
                </Form>
              ) : (
                <ConfirmDialog
                  title="Hide this doubt?"
                  description="No student sees it any more, its asker included. You can unhide it later."
                  confirmLabel="Hide"
                  disabled={busy}
                  onConfirm={() => submit({ intent: "hide", doubtId: String(r.id) }, { method: "post" })}
                  trigger={
                    <Button type="button" size="sm" variant="dangerGhost">
                      <EyeOff className="h-4 w-4" aria-hidden />
                      Hide<span className="sr-only"> the doubt of {r.studentName}</span>
                    </Button>
                  }
                />
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
