import { Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { AdminTable } from "~/features/admin/table";
import { Badge, Card, ConfirmDialog, PageHeader } from "~/features/admin/ui";
import { SUBJECT_LABELS, SUBJECTS } from "~/features/catalog/labels";
import { deleteQuestion, listChapters, listQuestionPage } from "~/features/practice/bank.server";
import { ChapterOptions } from "~/features/practice/chapter-options";
import { importQuestionsCsv } from "~/features/practice/csv.server";
import {
  DIFFICULTY_LABELS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  questionCountLabel,
} from "~/features/practice/labels";
import { markingQueueCount } from "~/features/practice/teacher-marking.server";
import { listTests } from "~/features/practice/tests.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readFormData } from "~/lib/form.server";
import { idSchema } from "~/lib/id";
import { formatCount } from "~/lib/numbers";
import { pageRequestSchema } from "~/platform/search/keyset.server";
import { Button } from "~/ui/button";
import { FormAlert, inputClass, LabelledOptions } from "~/ui/field";
import { KeysetPager } from "~/ui/pager";
import type { Route } from "./+types/practice";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Question Bank | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

const filtersSchema = z.object({
  classLevel: z.enum(["11", "12"]).optional().catch(undefined),
  subject: z.enum(SUBJECTS).optional().catch(undefined),
  chapterId: idSchema.optional().catch(undefined),
  type: z.enum(QUESTION_TYPES).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const filters = filtersSchema.parse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== "")));
  const paging = pageRequestSchema.parse(raw);
  const [list, chapters, tests, toMark] = await Promise.all([
    listQuestionPage(db, { ...filters, ...paging }),
    listChapters(db),
    listTests(db),
    markingQueueCount(db),
  ]);
  return { list, chapters, tests, filters, toMark };
}

const MAX_CSV_BYTES = 5 * 1024 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  // Room for a CSV somewhat over its limit, so that one gets the message about the file.
  const form = await readFormData(request, { maxBytes: 2 * MAX_CSV_BYTES });
  const intent = form.get("intent");
  try {
    if (intent === "import") {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0)
        return formFailure({ fieldErrors: { file: "Choose a CSV file." } });
      if (file.size > MAX_CSV_BYTES) return formFailure({ fieldErrors: { file: "The file is over 5 MB." } }, 413);
      const added = await importQuestionsCsv(db, admin.id, await file.text());
      return redirectWithFlash("/admin/practice", `Imported ${added} question${added === 1 ? "" : "s"}.`);
    }
    if (intent === "delete") {
      const id = idSchema.safeParse(form.get("id"));
      if (!id.success) return formFailure({ formError: "Question not found." }, 404);
      await deleteQuestion(db, admin.id, id.data);
      return redirectWithFlash("/admin/practice", `Question #${id.data} deleted.`);
    }
    return formFailure({ formError: "Unknown action." });
  } catch (error) {
    return failureFrom(error);
  }
}

export default function PracticeBank({ loaderData, actionData }: Route.ComponentProps) {
  const { list, chapters, tests, filters, toMark } = loaderData;
  const { questions } = list;
  const busy = useNavigation().state !== "idle";
  const submit = useSubmit();
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="space-y-6">
      <PageHeader
        title="Question Bank"
        subtitle="Practice-test questions by class, subject and chapter, and the tests built from them."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to="/admin/practice/questions/new">New question</Link>
            </Button>
            <Button asChild size="sm" variant="secondary">
              <Link to="/admin/practice/marking">Marking ({formatCount(toMark)} to mark)</Link>
            </Button>
            <Button asChild size="sm" variant="secondary">
              <Link to="/admin/practice/chapters">Chapters</Link>
            </Button>
            <Button asChild size="sm" variant="secondary">
              <a href="/admin/practice/questions.csv" download>
                Export CSV
              </a>
            </Button>
          </div>
        }
      />
      {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
      <Card title="Tests">
        {tests.length === 0 ? (
          <p className="text-sm text-slate-600">
            No tests yet. Create one in Course Management (kind “Test”), then build it here.
          </p>
        ) : (
          <AdminTable
            label="Tests"
            rows={tests}
            rowKey={(t) => t.id}
            columns={[
              { header: "Test", role: "title", cell: (t) => t.title },
              { header: "Status", cell: (t) => <Badge>{t.status}</Badge> },
              { header: "Chosen questions", cell: (t) => questionCountLabel(t) },
              { header: "Attempts", role: "number", cell: (t) => t.attempts },
              {
                header: "Actions",
                role: "actions",
                cell: (t) => (
                  <Link className="font-medium text-brand-700 hover:underline" to={`/admin/practice/tests/${t.id}`}>
                    Build and report<span className="sr-only"> {t.title}</span>
                  </Link>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Card title="Import questions (CSV)">
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="import" />
          <label className="text-sm font-medium text-slate-800">
            CSV file (the columns of "Export CSV" above; a bad row stops the whole file)
            <input
              type="file"
              name="file"
              accept=".csv,text/csv"
              className="mt-1 block text-sm"
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? "file-error" : undefined}
            />
          </label>
          <Button type="submit" size="sm" disabled={busy}>
            Import
          </Button>
          {errors.file ? (
            <p id="file-error" role="alert" className="w-full text-sm text-red-700">
              {errors.file}
            </p>
          ) : null}
        </Form>
      </Card>
      <Card title={`Questions (${formatCount(list.total)}, newest first)`}>
        <Form
          method="get"
          className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          onChange={(e) => submit(e.currentTarget)}
        >
          <select name="classLevel" defaultValue={filters.classLevel ?? ""} className={inputClass} aria-label="Class">
            <option value="">All classes</option>
            <option value="11">Class 11</option>
            <option value="12">Class 12</option>
          </select>
          <select name="subject" defaultValue={filters.subject ?? ""} className={inputClass} aria-label="Subject">
            <option value="">All subjects</option>
            <LabelledOptions values={SUBJECTS} labels={SUBJECT_LABELS} />
          </select>
          <select name="chapterId" defaultValue={filters.chapterId ?? ""} className={inputClass} aria-label="Chapter">
            <option value="">All chapters</option>
            <ChapterOptions
              chapters={chapters.filter(
                (c) =>
                  (!filters.classLevel || c.classLevel === filters.classLevel) &&
                  (!filters.subject || c.subject === filters.subject),
              )}
            />
          </select>
          <select name="type" defaultValue={filters.type ?? ""} className={inputClass} aria-label="Type">
            <option value="">All types</option>
            {QUESTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {QUESTION_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
          <noscript>
            <Button type="submit" size="sm">
              Filter
            </Button>
          </noscript>
        </Form>
        {questions.length === 0 ? (
          <p className="text-sm text-slate-600">No questions match. Write one or import a CSV.</p>
        ) : (
          <AdminTable
            label="Questions"
            rows={questions}
            rowKey={(q) => q.id}
            columns={[
              { header: "#", cell: (q) => `#${q.id}` },
              {
                header: "Question",
                role: "title",
                className: "md:max-w-md",
                cell: (q) => (
                  <Link
                    to={`/admin/practice/questions/${q.id}`}
                    className="line-clamp-2 text-brand-700 hover:underline"
                    data-preview=""
                  >
                    {q.prompt}
                  </Link>
                ),
              },
              { header: "Chapter", cell: (q) => `${q.classLevel} · ${SUBJECT_LABELS[q.subject]} · ${q.chapter}` },
              { header: "Type", cell: (q) => `${QUESTION_TYPE_LABELS[q.type]}${q.parts ? ` (${q.parts} parts)` : ""}` },
              { header: "Marks", role: "number", cell: (q) => q.marks },
              { header: "Difficulty", cell: (q) => DIFFICULTY_LABELS[q.difficulty] },
              {
                header: "Actions",
                role: "actions",
                cell: (q) => (
                  <ConfirmDialog
                    trigger={
                      <Button type="button" size="sm" variant="ghost">
                        Delete<span className="sr-only"> question #{q.id}</span>
                      </Button>
                    }
                    title={`Delete question #${q.id}?`}
                    description="A question in a test or already answered cannot be deleted."
                    confirmLabel="Delete"
                    onConfirm={() => submit({ intent: "delete", id: String(q.id) }, { method: "post" })}
                  />
                ),
              },
            ]}
          />
        )}
        <KeysetPager list={list} path="/admin/practice" params={filters} />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
