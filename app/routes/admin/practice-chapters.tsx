import { Form, useNavigation } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { AdminTable } from "~/features/admin/table";
import { BackLink, Card, PageHeader } from "~/features/admin/ui";
import { SUBJECT_LABELS, SUBJECTS } from "~/features/catalog/labels";
import { addChapter, listChapters, renameChapter } from "~/features/practice/bank.server";
import { chapterFormSchema } from "~/features/practice/schema";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { idSchema } from "~/lib/id";
import { Button } from "~/ui/button";
import { Field, FormAlert, inputClass, LabelledOptions, SelectField } from "~/ui/field";
import type { Route } from "./+types/practice-chapters";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Chapters | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  return { chapters: await listChapters(db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const form = await readForm(request);
  try {
    if (form.intent === "rename") {
      const id = idSchema.safeParse(form.id);
      const title = typeof form.title === "string" ? form.title.trim() : "";
      if (!id.success) return formFailure({ formError: "Chapter not found." }, 404);
      if (!title || title.length > 200) return formFailure({ formError: "A chapter's name is 1 to 200 characters." });
      await renameChapter(db, admin.id, id.data, title);
      return redirectWithFlash("/admin/practice/chapters", "Chapter renamed.");
    }
    const v = validate(chapterFormSchema, form);
    if (!v.ok) return formFailure(v);
    const row = await addChapter(db, admin.id, v.data);
    return redirectWithFlash("/admin/practice/chapters", `Chapter "${row.title}" added.`);
  } catch (error) {
    return failureFrom(error);
  }
}

export default function PracticeChapters({ loaderData, actionData }: Route.ComponentProps) {
  const { chapters } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <BackLink to="/admin/practice">Question Bank</BackLink>
      <PageHeader title="Chapters" subtitle="The syllabus chapters questions are filed under, per class and subject." />
      {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
      <Card title="Add a chapter">
        <Form method="post" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <input type="hidden" name="intent" value="add" />
          <SelectField label="Class" name="classLevel" error={errors.classLevel} defaultValue="12">
            <option value="11">Class 11</option>
            <option value="12">Class 12</option>
          </SelectField>
          <SelectField label="Subject" name="subject" error={errors.subject} defaultValue="accountancy">
            <LabelledOptions values={SUBJECTS} labels={SUBJECT_LABELS} />
          </SelectField>
          <Field label="Chapter" name="title" error={errors.title} maxLength={200} />
          <div className="flex items-end">
            <Button type="submit" disabled={busy}>
              Add chapter
            </Button>
          </div>
        </Form>
      </Card>
      <Card title={`All chapters (${chapters.length})`}>
        <AdminTable
          label="Chapters"
          rows={chapters}
          rowKey={(c) => c.id}
          columns={[
            { header: "Chapter", role: "title", cell: (c) => c.title },
            { header: "Class", cell: (c) => `Class ${c.classLevel}` },
            { header: "Subject", cell: (c) => SUBJECT_LABELS[c.subject] },
            {
              header: "Rename",
              role: "actions",
              cell: (c) => (
                <Form method="post" className="flex flex-wrap justify-end gap-2">
                  <input type="hidden" name="intent" value="rename" />
                  <input type="hidden" name="id" value={c.id} />
                  <input
                    name="title"
                    defaultValue={c.title}
                    aria-label={`New name of ${c.title}`}
                    className={`${inputClass} max-w-60`}
                    maxLength={200}
                    required
                  />
                  <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                    Rename
                  </Button>
                </Form>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
