/** The list of Course Management (/admin/courses): item-type tabs, filters and the table of items. */
import { FileBarChart, Pencil, Trash2 } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { type AdminColumn, AdminTable } from "~/features/admin/table";
import { Badge, ConfirmDialog, ListSearch } from "~/features/admin/ui";
import { formatDate } from "~/lib/dates";
import { formatCount } from "~/lib/numbers";
import { Button } from "~/ui/button";
import { inputClass, LabelledOptions } from "~/ui/field";
import { KINDS, STATUS_LABELS, type STATUSES, SUBJECT_LABELS, SUBJECTS } from "./labels";

export const NO_COURSES_IN_CATEGORY = "No courses found in the selected category";

type Kind = (typeof KINDS)[number];

export interface CourseListQuery {
  kind: Kind;
  category: (typeof SUBJECTS)[number] | "all";
  q: string;
}

export interface CourseRow {
  id: number;
  title: string;
  subject: (typeof SUBJECTS)[number];
  instructor: string;
  enrolments: number;
  status: (typeof STATUSES)[number];
  updatedAt: Date | string;
}

export function kindPlural(kind: Kind) {
  return kind === "course"
    ? "Courses"
    : kind === "note"
      ? "Notes"
      : kind === "test"
        ? "Tests"
        : kind === "bundle"
          ? "Bundles"
          : "PYQ";
}

/** Courses / Notes / PYQ / Tests / Bundles. */
export function CourseKindTabs({ query }: { query: CourseListQuery }) {
  return (
    <nav aria-label="Item type" className="flex flex-wrap gap-2">
      {KINDS.map((k) => (
        <Link
          key={k}
          to={`?kind=${k}`}
          aria-current={k === query.kind ? "page" : undefined}
          className={`rounded-full px-4 py-1.5 text-sm font-semibold ${k === query.kind ? "bg-brand-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300"}`}
        >
          {kindPlural(k)}
        </Link>
      ))}
    </nav>
  );
}

/** Category (applies at once) and search. */
export function CourseFilters({ query }: { query: CourseListQuery }) {
  const submit = useSubmit();
  const kindLabel = kindPlural(query.kind);
  return (
    <Form method="get" action="/admin/courses" className="mb-4 flex flex-col gap-3 sm:flex-row">
      <input type="hidden" name="kind" value={query.kind} />
      <label className="sr-only" htmlFor="category-filter">
        Category
      </label>
      <select
        id="category-filter"
        name="category"
        defaultValue={query.category}
        className={`${inputClass} sm:w-56`}
        onChange={(e) => submit(e.currentTarget.form)}
      >
        <option value="all">All Categories</option>
        <LabelledOptions values={SUBJECTS} labels={SUBJECT_LABELS} />
      </select>
      <ListSearch
        id="course-search"
        label={`Search ${kindLabel.toLowerCase()}`}
        placeholder={`Search ${kindLabel.toLowerCase()}…`}
        defaultValue={query.q}
      />
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </Form>
  );
}

/** The items with their instructor, enrolments, status and actions (edit, report, delete). */
export function CourseTable({ rows, busy, kind }: { rows: CourseRow[]; busy: boolean; kind?: Kind }) {
  const submit = useSubmit();
  // A bundle has its own editor (issue 36).
  const editBase = kind === "bundle" ? "/admin/bundles" : "/admin/courses";
  const columns: AdminColumn<CourseRow>[] = [
    {
      header: "Title",
      role: "title",
      cell: (r) => (
        <>
          <Link to={`${editBase}/${r.id}`} className="font-medium text-slate-900 hover:underline">
            {r.title}
          </Link>
          <span className="block text-xs font-normal text-slate-500">{SUBJECT_LABELS[r.subject]}</span>
        </>
      ),
    },
    { header: "Instructor", cell: (r) => r.instructor },
    { header: "Enrolments", role: "number", cell: (r) => formatCount(r.enrolments) },
    { header: "Status", cell: (r) => <Badge tone={r.status}>{STATUS_LABELS[r.status]}</Badge> },
    { header: "Last updated", cell: (r) => <span className="text-slate-600">{formatDate(r.updatedAt)}</span> },
    {
      header: "Actions",
      role: "actions",
      cell: (r) => (
        <>
          <Link to={`${editBase}/${r.id}`} className="rounded p-2 hover:bg-slate-100" aria-label={`Edit ${r.title}`}>
            <Pencil className="h-4 w-4" aria-hidden />
          </Link>
          <Link
            to={`/admin/courses/${r.id}/report`}
            className="rounded p-2 hover:bg-slate-100"
            aria-label={`Report for ${r.title}`}
          >
            <FileBarChart className="h-4 w-4" aria-hidden />
          </Link>
          <ConfirmDialog
            title={`Delete "${r.title}"?`}
            description="Items that were never sold are deleted for good. Sold items cannot be deleted; you will be offered to archive them instead."
            confirmLabel="Delete"
            disabled={busy}
            onConfirm={() => submit({ intent: "delete", id: String(r.id) }, { method: "post" })}
            trigger={
              <button
                type="button"
                className="rounded p-2 text-red-700 hover:bg-red-50"
                aria-label={`Delete ${r.title}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            }
          />
        </>
      ),
    },
  ];
  return rows.length === 0 ? (
    <p className="py-8 text-center text-sm text-slate-600">{NO_COURSES_IN_CATEGORY}</p>
  ) : (
    <AdminTable label="Items" columns={columns} rows={rows} rowKey={(r) => r.id} />
  );
}
