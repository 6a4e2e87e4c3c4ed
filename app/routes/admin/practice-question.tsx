import { Link } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { BackLink, Card, PageHeader } from "~/features/admin/ui";
import { QuestionForm } from "~/features/practice/admin-question-form";
import { getQuestion, listChapters, saveQuestion } from "~/features/practice/bank.server";
import { journalText } from "~/features/practice/journal";
import { QUESTION_TYPE_LABELS } from "~/features/practice/labels";
import { questionFormSchema } from "~/features/practice/schema";
import { HttpError, invariantResponse } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { FORM_MAX_BYTES, failureFrom, formFailure, readFormData, validate } from "~/lib/form.server";
import { paramId, parseId } from "~/lib/id";
import { imageUrlForKey, storeUpload, UPLOAD_LIMITS } from "~/platform/files/upload.server";
import { Button } from "~/ui/button";
import type { Route } from "./+types/practice-question";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.question ? `Question #${loaderData.question.id}` : "New question";
  return [{ title: `${title} | Admin | Commerce Academy` }, { name: "robots", content: "noindex" }];
}

/** `new` or a question's id; `?parent=<set id>` writes a new part of a case-based set. */
function questionId(raw: string | undefined): number | null {
  return raw === "new" ? null : paramId(raw, "Question not found.");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = questionId(params.id);
  const parent = parseId(new URL(request.url).searchParams.get("parent"));
  const [chapters, question, parentQuestion] = await Promise.all([
    listChapters(db),
    id === null ? null : getQuestion(db, id).catch(() => null),
    parent === null ? null : getQuestion(db, parent).catch(() => null),
  ]);
  invariantResponse(id === null || question, "Question not found.", 404);
  return { chapters, question, parent: parentQuestion?.type === "case_based" ? parentQuestion : null };
}

/** The question's Markdown with an uploaded diagram below it (a refused file is an error on its field). */
async function withImage(prompt: string, file: File) {
  try {
    const key = await storeUpload(file, "image");
    return `${prompt}\n\n![Figure](${imageUrlForKey(key)})`;
  } catch (error) {
    if (error instanceof HttpError) throw new HttpError(error.status, error.message, { field: "image" });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const id = questionId(params.id);
  const form = Object.fromEntries(await readFormData(request, { maxBytes: UPLOAD_LIMITS.image + FORM_MAX_BYTES }));
  const v = validate(questionFormSchema, form);
  if (!v.ok) return formFailure(v);
  try {
    const image = form.image instanceof File && form.image.size > 0 ? form.image : null;
    const input = image ? { ...v.data, prompt: await withImage(v.data.prompt, image) } : v.data;
    const row = await saveQuestion(db, admin.id, id, input);
    const to = row.parentId ? `/admin/practice/questions/${row.parentId}` : `/admin/practice/questions/${row.id}`;
    return redirectWithFlash(to, `Question #${row.id} saved.`);
  } catch (error) {
    return failureFrom(error, v.values);
  }
}

export default function PracticeQuestion({ loaderData, actionData }: Route.ComponentProps) {
  const { chapters, question: q, parent } = loaderData;
  const initial = actionData?.values ?? {
    chapterId: String(q?.chapterId ?? parent?.chapterId ?? ""),
    parentId: String(q?.parentId ?? parent?.id ?? ""),
    type: q?.type ?? "mcq",
    prompt: q?.prompt ?? "",
    optionA: q?.options[0] ?? "",
    optionB: q?.options[1] ?? "",
    optionC: q?.options[2] ?? "",
    optionD: q?.options[3] ?? "",
    correct: q?.correctOption === null || q?.correctOption === undefined ? "" : "ABCD"[q.correctOption]!,
    modelAnswer: q?.modelAnswer ?? "",
    markingPoints: (q?.markingPoints ?? []).join("\n"),
    answerNumber: q?.answerNumber == null ? "" : String(q.answerNumber),
    answerTolerance: q?.type === "numeric" ? String(q.answerTolerance) : "",
    minWords: q?.minWords == null ? "" : String(q.minWords),
    maxWords: q?.maxWords == null ? "" : String(q.maxWords),
    journal: journalText(q?.journalLines ?? []),
    marks: String(q?.marks ?? 1),
    difficulty: q?.difficulty ?? "medium",
    explanation: q?.explanation ?? "",
    source: q?.source ?? "",
  };
  const title = q ? `Question #${q.id}` : parent ? `New part of set #${parent.id}` : "New question";
  return (
    <div className="space-y-6">
      <BackLink to={q?.parentId ? `/admin/practice/questions/${q.parentId}` : "/admin/practice"}>
        {q?.parentId ? `Set #${q.parentId}` : "Question Bank"}
      </BackLink>
      <PageHeader
        title={title}
        subtitle={q ? QUESTION_TYPE_LABELS[q.type] : "Write a question; the preview shows it as students will."}
      />
      <QuestionForm
        key={q?.id ?? "new"}
        initial={initial}
        chapters={chapters}
        errors={actionData?.fieldErrors}
        formError={actionData?.formError}
      />
      {q?.type === "case_based" ? (
        <Card title={`Questions of this set (${q.parts.length})`}>
          {q.parts.length ? (
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {q.parts.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/practice/questions/${p.id}`} className="text-brand-700 hover:underline">
                    {p.prompt}
                  </Link>{" "}
                  <span className="text-slate-500">
                    · {QUESTION_TYPE_LABELS[p.type]} · {p.marks} marks
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-600">No questions yet.</p>
          )}
          <Button asChild size="sm" className="mt-3">
            <Link to={`/admin/practice/questions/new?parent=${q.id}`}>Add a question to this set</Link>
          </Button>
        </Card>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
