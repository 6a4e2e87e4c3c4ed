import { Archive, FileBarChart, Pencil, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { readFlash, redirectWithFlash } from "~/features/admin/flash.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { fieldErrors } from "~/features/admin/schema";
import { Badge, Card, ConfirmDialog, Field, inputClass, MessageBox, PageHeader } from "~/features/admin/ui";
import {
  CatalogError,
  createAdminProduct,
  deleteAdminProduct,
  listAdminProducts,
  listInstructors,
  setProductStatus,
} from "~/features/catalog/catalog.server";
import { KIND_SHORT_LABELS as KIND_LABELS, STATUS_LABELS, SUBJECT_LABELS } from "~/features/catalog/labels";
import {
  instructorInput,
  KINDS,
  NEW_INSTRUCTOR,
  newProductSchema,
  STATUSES,
  SUBJECTS,
} from "~/features/catalog/schema";
import { formatDate } from "~/lib/dates";
import { noNul, readForm } from "~/lib/form.server";
import { formatCount } from "~/lib/numbers";
import { Button } from "~/ui/button";
import type { Route } from "./+types/courses";

export const NO_COURSES_IN_CATEGORY = "No courses found in the selected category";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Course Management | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

const querySchema = z.object({
  kind: z.enum(KINDS).catch("course"),
  category: z.enum([...SUBJECTS, "all"]).catch("all"),
  q: z.string().max(200).refine(noNul).catch(""),
});

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  await requireAdmin(db, request);
  const url = new URL(request.url);
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  const [rows, instructors, { flash, headers }] = await Promise.all([
    listAdminProducts(db, {
      kind: query.kind,
      subject: query.category === "all" ? undefined : query.category,
      q: query.q,
    }),
    listInstructors(db),
    readFlash(request),
  ]);
  return data({ rows, instructors, query, flash, openForm: url.searchParams.get("new") === "1" }, { headers });
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }).passthrough(),
  z.object({
    intent: z.literal("status"),
    id: z.coerce.number().int().positive().max(2_147_483_647),
    status: z.enum(STATUSES),
  }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive().max(2_147_483_647) }),
]);

export async function action({ request }: Route.ActionArgs) {
  const db = await getDb();
  const admin = await requireAdmin(db, request);
  const form = await readForm(request);
  const parsed = intentSchema.safeParse(form);
  if (!parsed.success) throw data({ message: "Unknown action." }, { status: 400 });
  const back = new URL(request.url);
  back.searchParams.delete("new");
  const backTo = `${back.pathname}${back.search}`;
  const input = parsed.data;
  try {
    if (input.intent === "create") {
      const result = newProductSchema.safeParse(form);
      if (!result.success) return data({ errors: fieldErrors(result.error), values: form }, { status: 400 });
      const v = result.data;
      const row = await createAdminProduct(db, admin.id, {
        kind: v.kind,
        title: v.name,
        ...instructorInput(v),
        subject: v.category,
        status: v.status,
        description: v.description,
      });
      return redirectWithFlash(backTo, {
        kind: "success",
        message: `"${row.title}" was created as ${STATUS_LABELS[row.status]}.`,
      });
    }
    if (input.intent === "status") {
      const row = await setProductStatus(db, admin.id, input.id, input.status);
      return redirectWithFlash(backTo, {
        kind: "success",
        message: `"${row.title}" is now ${STATUS_LABELS[row.status]}.`,
      });
    }
    const row = await deleteAdminProduct(db, admin.id, input.id);
    return redirectWithFlash(backTo, { kind: "success", message: `"${row.title}" was deleted.` });
  } catch (error) {
    if (error instanceof CatalogError) {
      if (error.field)
        return data({ errors: { [error.field]: error.message }, values: form }, { status: error.status });
      return data(
        { errors: { form: error.message }, values: form, archiveId: input.intent === "delete" ? input.id : undefined },
        { status: error.status },
      );
    }
    throw error;
  }
}

function AddCourseForm({
  kind,
  instructors,
  errors,
  values,
}: {
  kind: (typeof KINDS)[number];
  instructors: { id: number; name: string }[];
  errors: Record<string, string>;
  values: Record<string, unknown>;
}) {
  const [instructor, setInstructor] = useState(String(values.instructor ?? instructors[0]?.id ?? NEW_INSTRUCTOR));
  const busy = useNavigation().state === "submitting";
  const v = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  return (
    <Card title={`Add New ${kind === "course" ? "Course" : KIND_LABELS[kind]}`} className="scroll-mt-20">
      <Form method="post" className="grid gap-4 sm:grid-cols-2" id="add-course" noValidate>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="kind" value={kind} />
        <Field label="Name" name="name" error={errors.name}>
          {(p) => <input {...p} className={inputClass} defaultValue={v("name")} required maxLength={200} />}
        </Field>
        <Field label="Instructor" name="instructor" error={errors.instructor}>
          {(p) => (
            <select {...p} className={inputClass} value={instructor} onChange={(e) => setInstructor(e.target.value)}>
              {instructors.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
              <option value={NEW_INSTRUCTOR}>New Instructor</option>
            </select>
          )}
        </Field>
        <Field
          label="New instructor's name"
          name="newInstructor"
          error={errors.newInstructor}
          hint="Only used when “New Instructor” is chosen."
        >
          {(p) => (
            <input
              {...p}
              className={inputClass}
              defaultValue={v("newInstructor")}
              disabled={instructor !== NEW_INSTRUCTOR}
            />
          )}
        </Field>
        <Field label="Category" name="category" error={errors.category}>
          {(p) => (
            <select {...p} className={inputClass} defaultValue={v("category") ?? "accountancy"}>
              {SUBJECTS.map((s) => (
                <option key={s} value={s}>
                  {SUBJECT_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Status" name="status" error={errors.status}>
          {(p) => (
            <select {...p} className={inputClass} defaultValue={v("status") ?? "draft"}>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <Field label="Description" name="description" error={errors.description}>
            {(p) => (
              <textarea {...p} rows={3} className={`${inputClass} h-auto py-2`} defaultValue={v("description")} />
            )}
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            Save
          </Button>
        </div>
      </Form>
    </Card>
  );
}

export default function Courses({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, instructors, query, flash, openForm } = loaderData;
  const errors: Record<string, string> =
    actionData && "errors" in actionData ? (actionData.errors as Record<string, string>) : {};
  const values: Record<string, unknown> =
    actionData && "values" in actionData ? (actionData.values as Record<string, unknown>) : {};
  const archiveId = actionData && "archiveId" in actionData ? actionData.archiveId : undefined;
  const [formOpen, setFormOpen] = useState(openForm || Object.keys(errors).some((k) => k !== "form"));
  const submit = useSubmit();
  const filterForm = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state !== "idle";
  const kindLabel = query.kind === "course" ? "Courses" : query.kind === "note" ? "Notes" : "PYQ";
  return (
    <div className="space-y-6">
      <PageHeader
        title="Course Management"
        subtitle="Courses, notes and previous-year papers. Changes show on the store at once."
        actions={
          <Button
            type="button"
            onClick={() => setFormOpen((o) => !o)}
            aria-expanded={formOpen}
            aria-controls="add-course"
          >
            <Plus className="h-4 w-4" aria-hidden />{" "}
            {query.kind === "course" ? "Add New Course" : `Add New ${KIND_LABELS[query.kind]}`}
          </Button>
        }
      />
      {flash ? <MessageBox message={flash.message} kind={flash.kind} /> : null}
      {errors.form ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p>{errors.form}</p>
          {archiveId ? (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="id" value={archiveId} />
              <input type="hidden" name="status" value="archived" />
              <Button type="submit" size="sm" variant="secondary">
                <Archive className="h-4 w-4" aria-hidden /> Archive instead
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {formOpen ? <AddCourseForm kind={query.kind} instructors={instructors} errors={errors} values={values} /> : null}
      <nav aria-label="Item type" className="flex gap-2">
        {KINDS.map((k) => (
          <Link
            key={k}
            to={`?kind=${k}`}
            aria-current={k === query.kind ? "page" : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ${k === query.kind ? "bg-brand-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300"}`}
          >
            {k === "course" ? "Courses" : k === "note" ? "Notes" : "PYQ"}
          </Link>
        ))}
      </nav>
      <Card>
        <Form method="get" action="/admin/courses" ref={filterForm} className="mb-4 flex flex-col gap-3 sm:flex-row">
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
            {SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {SUBJECT_LABELS[s]}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="course-search">
            Search {kindLabel.toLowerCase()}
          </label>
          <input
            id="course-search"
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder={`Search ${kindLabel.toLowerCase()}…`}
            className={inputClass}
          />
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </Form>
        {rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600">{NO_COURSES_IN_CATEGORY}</p>
        ) : (
          <div className="-mx-4 overflow-x-auto sm:mx-0">
            <table className="w-full min-w-[720px] text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                <tr>
                  <th className="px-3 py-2">Title</th>
                  <th className="px-3 py-2">Instructor</th>
                  <th className="px-3 py-2 text-right">Enrolments</th>
                  <th className="px-3 py-2">Status</th>
                  <th className="px-3 py-2">Last updated</th>
                  <th className="px-3 py-2 text-right">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td className="px-3 py-2">
                      <Link to={`/admin/courses/${r.id}`} className="font-medium text-slate-900 hover:underline">
                        {r.title}
                      </Link>
                      <span className="block text-xs text-slate-500">{SUBJECT_LABELS[r.subject]}</span>
                    </td>
                    <td className="px-3 py-2">{r.instructor}</td>
                    <td className="px-3 py-2 text-right">{formatCount(r.enrolments)}</td>
                    <td className="px-3 py-2">
                      <Badge tone={r.status}>{STATUS_LABELS[r.status]}</Badge>
                    </td>
                    <td className="px-3 py-2 text-slate-600">{formatDate(r.updatedAt)}</td>
                    <td className="px-3 py-2">
                      <div className="flex justify-end gap-1">
                        <Link
                          to={`/admin/courses/${r.id}`}
                          className="rounded p-2 hover:bg-slate-100"
                          aria-label={`Edit ${r.title}`}
                        >
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
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
