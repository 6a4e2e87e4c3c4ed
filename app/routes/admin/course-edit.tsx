import { ArrowLeft, ExternalLink, FileBarChart } from "lucide-react";
import { Link, redirect, useNavigation } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { PageHeader } from "~/features/admin/ui";
import { getAdminProduct, listInstructors } from "~/features/catalog/catalog.server";
import { KIND_BASE_ROUTE, KIND_SHORT_LABELS as KIND_LABELS, STATUS_LABELS } from "~/features/catalog/labels";
import { missingForItem } from "~/features/catalog/publishing.server";
import { CourseDetailsForm, CourseOutlineEditor, CourseStatusCard } from "~/features/learning/admin-course-editor";
import { applyCourseEditorForm, COURSE_FORM_FIELDS } from "~/features/learning/admin-course-forms.server";
import { getOutline, listLessonTests } from "~/features/learning/outline.server";
import { assertScopeKept } from "~/features/practice/tests.server";
import { lessonVideoStates } from "~/features/video/video.server";
import { asResponse, HttpError } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, formValues, readFormData } from "~/lib/form.server";
import { paramId } from "~/lib/id";
import { UPLOAD_FORM_MAX_BYTES } from "~/platform/files/upload.server";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/field";
import type { Route } from "./+types/course-edit";

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `${d?.product.title ?? "Edit"} | Admin | Commerce Academy` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = paramId(params.id, "Item not found.");
  try {
    const [product, instructors, outline, videos] = await Promise.all([
      getAdminProduct(db, id),
      listInstructors(db),
      getOutline(db, id),
      lessonVideoStates(db, id),
    ]);
    // A bundle has its own editor (issue 36).
    if (product.kind === "bundle") return redirect(`/admin/bundles/${id}`);
    // Only a course's outline offers tests as lessons.
    const tests = product.kind === "course" ? await listLessonTests(db) : [];
    return { product, instructors, outline, videos, tests, missing: await missingForItem(db, id, product) };
  } catch (error) {
    throw asResponse(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const id = paramId(params.id, "Item not found.");
  const form = await readFormData(request, { maxBytes: UPLOAD_FORM_MAX_BYTES });
  try {
    const outcome = await applyCourseEditorForm(db, admin.id, id, form, assertScopeKept);
    if (!outcome.ok) return formFailure(outcome);
    return redirectWithFlash(outcome.to, outcome.message);
  } catch (error) {
    // A sold item cannot be deleted: the page offers Archive instead.
    if (error instanceof HttpError && error.status === 409 && !error.field)
      return formFailure(
        { formError: error.message, values: formValues(form, COURSE_FORM_FIELDS), canArchive: true },
        409,
      );
    return failureFrom(error, formValues(form, COURSE_FORM_FIELDS));
  }
}

export default function CourseEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, instructors, outline, videos, tests, missing } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  // What was sent is shown again only in the form that sent it: a refused Publish (or module, lesson,
  // delete) leaves the details as stored. Without this, a refused Publish sent without JavaScript put
  // its status in the details form, and the next Save changes tried to publish again.
  const values = actionData?.values?.intent === "save" ? actionData.values : {};
  const busy = useNavigation().state !== "idle";
  const storeHref = `${KIND_BASE_ROUTE[product.kind]}/${product.id}`;
  return (
    <div className="space-y-6">
      <Link
        to={`/admin/courses?kind=${product.kind}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the list
      </Link>
      <PageHeader
        title={`Edit ${KIND_LABELS[product.kind].toLowerCase()}: ${product.title}`}
        subtitle={`Status: ${STATUS_LABELS[product.status]}`}
        actions={
          <>
            <Button asChild variant="secondary" size="sm">
              <Link to={`/admin/courses/${product.id}/report`}>
                <FileBarChart className="h-4 w-4" aria-hidden /> Report
              </Link>
            </Button>
            {product.status === "published" ? (
              <Button asChild variant="ghost" size="sm">
                <a href={storeHref} target="_blank" rel="noreferrer">
                  <ExternalLink className="h-4 w-4" aria-hidden /> View on the store
                </a>
              </Button>
            ) : null}
          </>
        }
      />
      {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
      <CourseStatusCard product={product} missing={missing} busy={busy} />
      <CourseDetailsForm product={product} instructors={instructors} errors={errors} values={values} busy={busy} />
      {product.kind === "course" ? (
        <CourseOutlineEditor outline={outline} errors={errors} busy={busy} videos={videos} tests={tests} />
      ) : null}
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
