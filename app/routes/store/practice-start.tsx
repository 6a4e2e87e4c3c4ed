import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/features/accounts/context.server";
import { requireUser } from "~/features/accounts/guards.server";
import { KIND_BASE_ROUTE } from "~/features/catalog/labels";
import { accessEndedMessage, getEndedAccess } from "~/features/learning/access.server";
import { getTakeableTest } from "~/features/practice/access.server";
import { getChapterPractice } from "~/features/practice/chapter-practice.server";
import { startQuery } from "~/features/practice/schema";
import { startAttempt } from "~/features/practice/taking.server";
import { TestFactsList } from "~/features/practice/test-facts";
import { getTestFacts } from "~/features/practice/tests.server";
import { StoreErrorPage } from "~/features/site/not-found";
import { asResponse, HttpError } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { paramId } from "~/lib/id";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import type { Route } from "./+types/practice-start";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.test.title ?? "Practice test"} | Commerce Academy` },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * A paid test not bought goes back to its store page to be bought (one whose access ended says so:
 * buying it again renews it); anything unknown is the 404 page.
 */
async function refusal(error: unknown, productId: number, db: Db, userId: string) {
  if (error instanceof HttpError && error.status === 403) {
    const ended = await getEndedAccess(db, userId, productId, ["test"]);
    const message = ended ? accessEndedMessage(ended) : error.message;
    return redirectWithFlash(`${KIND_BASE_ROUTE.test}/${productId}`, { kind: "error", message });
  }
  throw asResponse(error);
}

/** The test, and the chapter to practise when `?chapter=` names one (a bad value is the 404 page). */
function parse(params: Route.LoaderArgs["params"], request: Request) {
  const productId = paramId(params.productId, "Test not found.");
  const query = startQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(null, { status: 404 });
  return { productId, chapterId: query.data.chapter ?? null };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request, context);
  const { productId, chapterId } = parse(params, request);
  try {
    if (chapterId !== null) {
      const { test, practice } = await getChapterPractice(db, user, productId, chapterId);
      return { test, practice, facts: null };
    }
    const test = await getTakeableTest(db, user, productId);
    const facts = await getTestFacts(db, productId);
    return { test, practice: null, facts };
  } catch (error) {
    throw await refusal(error, productId, db, user.id);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request, context);
  const { productId, chapterId } = parse(params, request);
  try {
    const attemptId = await startAttempt(db, user, productId, new Date(), chapterId);
    return redirect(`/my-courses/tests/${attemptId}`);
  } catch (error) {
    return refusal(error, productId, db, user.id);
  }
}

export default function PracticeStart({ loaderData }: Route.ComponentProps) {
  const { test, practice, facts } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main">
      <Container className="max-w-2xl py-8 sm:py-12">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          {practice ? "Chapter practice" : "Practice test"}
        </p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{practice?.chapter ?? test.title}</h1>
        {practice ? (
          <>
            <p className="mt-2 text-slate-700">
              The questions of <strong>{test.title}</strong> from this chapter, on their own.
            </p>
            <TestFactsList facts={practice.facts} />
          </>
        ) : null}
        {facts ? <TestFactsList facts={facts} /> : null}
        {/* The paper's instructions speak of the whole paper's time and questions: not shown for one chapter. */}
        {test.instructions && !practice ? (
          <section aria-labelledby="instructions" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="instructions" className="font-semibold text-slate-900">
              Instructions
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{test.instructions}</p>
          </section>
        ) : null}
        <p className="mt-6 text-sm text-slate-600">
          The clock starts when you press Start and keeps running if you close the page. Your answers are saved as you
          give them; when time runs out the test is submitted with them.
        </p>
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={busy} data-main-action>
            {`${test.openAttemptId ? "Continue" : "Start"} the ${practice ? "practice" : "test"}`}
          </Button>
          <Button asChild variant="secondary" size="lg">
            <Link to="/my-courses/tests">My tests</Link>
          </Button>
        </Form>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
