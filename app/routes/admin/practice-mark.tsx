import { Form, Link, useNavigation } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { BackLink, Card, PageHeader } from "~/features/admin/ui";
import { AnswerFileList } from "~/features/practice/answer-files";
import { teacherMarkSchema } from "~/features/practice/schema";
import { formatMarks } from "~/features/practice/scoring";
import { getMarkingItem, markAnswer } from "~/features/practice/teacher-marking.server";
import { formatDateTime } from "~/lib/dates";
import { asResponse } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, parseForm } from "~/lib/form.server";
import { paramId } from "~/lib/id";
import { Button } from "~/ui/button";
import { FormAlert, SelectField, TextareaField } from "~/ui/field";
import { Markdown } from "~/ui/markdown";
import type { Route } from "./+types/practice-mark";

export function meta({ loaderData }: Route.MetaArgs) {
  const who = loaderData ? ` · ${loaderData.item.student.name}` : "";
  return [{ title: `Mark an answer${who} | Admin | Commerce Academy` }, { name: "robots", content: "noindex" }];
}

function ids(params: Route.LoaderArgs["params"]) {
  return {
    attemptId: paramId(params.attemptId, "There is no such answer to mark."),
    questionId: paramId(params.questionId, "There is no such answer to mark."),
  };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const { attemptId, questionId } = ids(params);
  try {
    return { item: await getMarkingItem(db, attemptId, questionId) };
  } catch (error) {
    throw asResponse(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const { attemptId, questionId } = ids(params);
  const v = await parseForm(request, teacherMarkSchema);
  if (!v.ok) return formFailure(v);
  try {
    await markAnswer(db, admin.id, { attemptId, questionId, ...v.data });
    return redirectWithFlash("/admin/practice/marking", "Marked. The student is told by email.");
  } catch (error) {
    return failureFrom(error, v.values);
  }
}

export default function PracticeMark({ loaderData, actionData }: Route.ComponentProps) {
  const { item } = loaderData;
  const busy = useNavigation().state !== "idle";
  const values = actionData?.values;
  const current = item.teacherCenti ?? item.selfCenti;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/practice/marking">Marking</BackLink>
      <PageHeader
        title={`${item.student.name} · ${item.test}`}
        subtitle={`${item.typeLabel}, ${item.marks} marks · submitted ${formatDateTime(item.submittedAt)}`}
        actions={
          <Button asChild size="sm" variant="secondary">
            <Link to={`/admin/users/${item.student.id}`}>The student's page</Link>
          </Button>
        }
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <Card title="The question and the answer">
          {item.passageHtml ? (
            <Markdown html={item.passageHtml} className="mb-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" />
          ) : null}
          <Markdown html={item.promptHtml} className="font-medium text-slate-900" />
          <h2 className="mt-4 text-sm font-semibold text-slate-700">{item.student.name}'s answer</h2>
          {item.answer ? (
            <p className="mt-1 whitespace-pre-line rounded-lg border border-slate-200 p-3 text-slate-900">
              {item.answer}
            </p>
          ) : null}
          {item.files.length ? (
            <>
              <h2 className="mt-4 text-sm font-semibold text-slate-700">
                On paper ({item.files.length} {item.files.length === 1 ? "file" : "files"})
              </h2>
              <AnswerFileList attemptId={item.attemptId} files={item.files} large />
            </>
          ) : null}
        </Card>
        <Card title="What it is marked against">
          <h2 className="text-sm font-semibold text-slate-700">Model answer</h2>
          <Markdown html={item.modelAnswerHtml} className="mt-1 rounded-lg bg-emerald-50 p-3 text-slate-800" />
          <h2 className="mt-4 text-sm font-semibold text-slate-700">Marking points</h2>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
            {item.markingPointsHtml.map((p) => (
              <li key={p}>
                <Markdown html={p} inline />
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <Card title={item.markedAt ? `Your marks (given ${formatDateTime(item.markedAt)})` : "Your marks"}>
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        {item.selfCenti !== null ? (
          <p className="mb-3 text-sm text-slate-600">
            The student gave themselves {formatMarks(item.selfCenti)} of {item.marks}.
          </p>
        ) : null}
        <Form method="post" className="grid gap-4 sm:max-w-xl">
          <SelectField
            label={`Marks (0–${item.marks}, halves allowed)`}
            name="marks"
            error={actionData?.fieldErrors?.marks}
            defaultValue={values?.marks ?? (current === null ? "" : String(current / 100))}
            required
          >
            <option value="" disabled>
              Choose
            </option>
            {[...Array(item.marks * 2 + 1).keys()].map((halves) => (
              <option key={halves} value={halves / 2}>
                {formatMarks(halves * 50)}
              </option>
            ))}
          </SelectField>
          <TextareaField
            label="Comment for the student (optional)"
            name="comment"
            rows={4}
            error={actionData?.fieldErrors?.comment}
            defaultValue={values?.comment ?? item.teacherComment ?? ""}
            hint="Sent by email with the marks and shown on their result."
          />
          <div>
            <Button type="submit" disabled={busy}>
              {item.markedAt ? "Change the marks" : "Save the marks"}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
