import { Archive, Plus } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { Card, PageHeader } from "~/features/admin/ui";
import { CourseFilters, CourseKindTabs, CourseTable } from "~/features/catalog/admin-course-table";
import { listAdminProducts, listInstructors } from "~/features/catalog/catalog.server";
import { KIND_SHORT_LABELS as KIND_LABELS } from "~/features/catalog/labels";
import { NewCourseForm } from "~/features/learning/admin-course-editor";
import {
  applyCourseListForm,
  COURSE_FORM_FIELDS,
  courseListQuery,
  deleteTarget,
} from "~/features/learning/admin-course-forms.server";
import { HttpError } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, formValues, readForm } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/field";
import type { Route } from "./+types/courses";

export { NO_COURSES_IN_CATEGORY } from "~/features/catalog/admin-course-table";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Course Management | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const url = new URL(request.url);
  const query = courseListQuery.parse(Object.fromEntries(url.searchParams));
  const [rows, instructors] = await Promise.all([
    listAdminProducts(db, {
      kind: query.kind,
      subject: query.category === "all" ? undefined : query.category,
      q: query.q,
    }),
    listInstructors(db),
  ]);
  return { rows, instructors, query, openForm: url.searchParams.get("new") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const form = await readForm(request);
  const back = new URL(request.url);
  back.searchParams.delete("new");
  try {
    const outcome = await applyCourseListForm(db, admin.id, form, `${back.pathname}${back.search}`);
    if (!outcome.ok) return formFailure(outcome);
    return redirectWithFlash(outcome.to, outcome.message);
  } catch (error) {
    // A sold item cannot be deleted: the refusal offers to archive it instead.
    const archiveId = deleteTarget(form);
    if (error instanceof HttpError && error.status === 409 && archiveId)
      return formFailure({ formError: error.message, values: formValues(form, COURSE_FORM_FIELDS), archiveId }, 409);
    return failureFrom(error, formValues(form, COURSE_FORM_FIELDS));
  }
}

export default function Courses({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, instructors, query, openForm } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const archiveId = actionData && "archiveId" in actionData ? Number(actionData.archiveId) : undefined;
  const [formOpen, setFormOpen] = useState(openForm || Object.keys(errors).length > 0);
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <PageHeader
        title="Course Management"
        subtitle="Courses, notes, previous-year papers, tests and bundles. Changes show on the store at once."
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <Link to="/admin/reviews" className="text-sm font-semibold text-brand-700 hover:underline">
              Reviews
            </Link>
            {query.kind === "bundle" ? (
              // A bundle is made from existing items in its own editor (issue 36).
              <Button asChild>
                <Link to="/admin/bundles/new">
                  <Plus className="h-4 w-4" aria-hidden /> Add New Bundle
                </Link>
              </Button>
            ) : (
              <Button
                type="button"
                onClick={() => setFormOpen((o) => !o)}
                aria-expanded={formOpen}
                aria-controls="add-course"
              >
                <Plus className="h-4 w-4" aria-hidden />{" "}
                {query.kind === "course" ? "Add New Course" : `Add New ${KIND_LABELS[query.kind]}`}
              </Button>
            )}
          </div>
        }
      />
      {actionData?.formError ? (
        <FormAlert>
          <p>{actionData.formError}</p>
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
        </FormAlert>
      ) : null}
      {formOpen && query.kind !== "bundle" ? (
        <NewCourseForm kind={query.kind} instructors={instructors} errors={errors} values={values} />
      ) : null}
      <CourseKindTabs query={query} />
      <Card>
        <CourseFilters query={query} />
        <CourseTable rows={rows} busy={busy} kind={query.kind} />
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
