import { data, redirect } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { requireUser } from "~/features/accounts/guards.server";
import { type DoubtView, QuestionDoubts } from "~/features/doubts/doubt-section";
import { askDoubt, doubtFormLimits, doubtsLeftToday, questionDoubts } from "~/features/doubts/doubts.server";
import { questionDoubtSchema } from "~/features/doubts/schema";
import { getResult, selfMark } from "~/features/practice/results.server";
import { attemptIntentSchema } from "~/features/practice/schema";
import { attemptOwner, loadPaper, submitAttempt } from "~/features/practice/taking.server";
import { TestResult } from "~/features/practice/test-result";
import { TestTaker } from "~/features/practice/test-taker";
import { StoreErrorPage } from "~/features/site/not-found";
import { asResponse, invariantResponse } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { paramId } from "~/lib/id";
import type { Route } from "./+types/practice-attempt";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.paper?.title ?? loaderData?.result?.title ?? "Practice test";
  return [{ title: `${title} | Commerce Academy` }, { name: "robots", content: "noindex" }];
}

/**
 * The attempt's one page: the paper while it is open (nothing in it gives an answer away), the
 * explained result once it is submitted. Only its student (and admins, for the result) get it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request, context);
  const id = paramId(params.attemptId, "Attempt not found.");
  try {
    if ((await attemptOwner(db, id)) === user.id) {
      const paper = await loadPaper(db, user.id, id);
      if (!("submitted" in paper)) return { paper, result: null, doubts: null };
    }
    const result = await getResult(db, user, id);
    if ("open" in result) throw data(null, { status: 404 });
    // The doubts under each question (issue 36), on the student's own result.
    if (!result.ownAttempt) return { paper: null, result, doubts: null };
    const ids = result.questions.map((q) => q.id);
    const [list, left] = await Promise.all([
      questionDoubts(db, user, result.productId, ids),
      doubtsLeftToday(db, user.id),
    ]);
    return { paper: null, result, doubts: { list, left } };
  } catch (error) {
    throw asResponse(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request, context);
  const id = paramId(params.attemptId, "Attempt not found.");
  const form = await readForm(request, doubtFormLimits(request));
  const back = `/my-courses/tests/${id}`;
  if (form.intent === "ask") {
    // A doubt about one question of the result (issue 36): text and an optional photo.
    const questionId = Number(form.questionId) || 0;
    const ask = validate(questionDoubtSchema, form);
    if (!ask.ok) return formFailure({ ...ask, intent: "ask" as const, questionId });
    try {
      await askDoubt(db, user, {
        place: { attemptId: id, questionId: ask.data.questionId },
        body: ask.data.body,
        photo: form.photo instanceof File ? form.photo : null,
      });
    } catch (error) {
      return failureFrom(error, ask.values, { intent: "ask" as const, questionId });
    }
    return redirectWithFlash(
      `${back}#rq-${ask.data.questionId}`,
      "Your doubt is sent. You will get an email when the teacher answers.",
    );
  }
  const v = validate(attemptIntentSchema, form);
  invariantResponse(v.ok || form.intent === "selfmark", "Send intent=submit or intent=selfmark.");
  if (!v.ok) return formFailure({ ...v, questionId: Number(form.questionId) || 0 });
  try {
    if (v.data.intent === "submit") {
      await submitAttempt(db, user.id, id);
      return redirect(back);
    }
    await selfMark(db, user.id, id, v.data.questionId, v.data.marks);
    return redirectWithFlash(`${back}#rq-${v.data.questionId}`, "Your marks are saved.");
  } catch (error) {
    return failureFrom(error, v.values, { questionId: v.data.intent === "selfmark" ? v.data.questionId : 0 });
  }
}

function doubtsOf(list: DoubtView[], questionId: number) {
  return list.filter((d) => d.questionId === questionId);
}

export default function PracticeAttempt({ loaderData, actionData }: Route.ComponentProps) {
  const askFailure = actionData && "intent" in actionData ? actionData : undefined;
  const failure =
    actionData && "questionId" in actionData && !askFailure
      ? {
          questionId: actionData.questionId,
          message: actionData.fieldErrors?.marks ?? actionData.formError ?? "Please check the marks.",
        }
      : undefined;
  return (
    <main id="main">
      {loaderData.paper ? (
        <TestTaker key={loaderData.paper.attemptId} paper={loaderData.paper} />
      ) : loaderData.result ? (
        <TestResult
          result={loaderData.result}
          selfMarkError={failure}
          questionFooter={
            loaderData.doubts
              ? (questionId) => (
                  <QuestionDoubts
                    questionId={questionId}
                    doubts={doubtsOf(loaderData.doubts?.list ?? [], questionId)}
                    left={loaderData.doubts?.left ?? 0}
                    failure={askFailure?.questionId === questionId ? askFailure : undefined}
                  />
                )
              : undefined
          }
        />
      ) : null}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
