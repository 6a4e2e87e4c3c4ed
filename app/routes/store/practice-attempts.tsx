import { Link } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { requireUser } from "~/features/accounts/guards.server";
import { SUBJECT_LABELS } from "~/features/catalog/labels";
import { listAttempts } from "~/features/practice/results.server";
import { formatMarks, strengthOf } from "~/features/practice/scoring";
import { chapterStrengths } from "~/features/practice/strengths.server";
import { StoreErrorPage } from "~/features/site/not-found";
import { formatDateTime } from "~/lib/dates";
import { countOf } from "~/lib/numbers";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Container } from "~/ui/container";
import type { Route } from "./+types/practice-attempts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "My Tests | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request, context);
  const [attempts, strengths] = await Promise.all([listAttempts(db, user.id), chapterStrengths(db, user.id)]);
  return { attempts, strengths };
}

const STRENGTH_STYLE = {
  weak: "bg-red-50 text-red-800",
  fair: "bg-amber-50 text-amber-900",
  strong: "bg-emerald-50 text-emerald-800",
} as const;

export default function PracticeAttempts({ loaderData }: Route.ComponentProps) {
  const { attempts, strengths } = loaderData;
  return (
    <main id="main">
      <Container className="py-10">
        <p className="text-sm">
          <Link to="/my-courses" className="font-medium text-brand-700 hover:underline">
            ← My Courses
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">My Tests</h1>
        {attempts.length === 0 ? (
          <div className="mt-8 flex flex-col items-center gap-5 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <p className="text-lg font-semibold text-slate-800">You have not taken a test yet</p>
            <p className="text-slate-600">
              Every subject has a free sample test. Your weak chapters show here afterwards.
            </p>
            <Button asChild>
              <Link to="/tests">Go To Tests</Link>
            </Button>
          </div>
        ) : (
          <div className="mt-6 grid gap-8 lg:grid-cols-2">
            <section aria-labelledby="strengths">
              <h2 id="strengths" className="text-lg font-bold text-slate-900">
                Chapter-wise strength
              </h2>
              <p className="text-sm text-slate-600">Over all your submitted tests, weakest first.</p>
              {strengths.length === 0 ? (
                <p className="mt-3 text-slate-600">Submit a test to see your chapters.</p>
              ) : (
                <ul className="mt-3 space-y-2">
                  {strengths.map((s) => {
                    const level = strengthOf(s.percent);
                    return (
                      <li
                        key={s.chapterId}
                        className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-slate-200 bg-white p-3"
                      >
                        <span
                          className={cn("rounded-full px-2 py-0.5 text-xs font-bold uppercase", STRENGTH_STYLE[level])}
                        >
                          {level}
                        </span>
                        {/* At least 12rem for the name: on a phone "Practise again" takes the next line
                            rather than squeezing a long chapter name into it. */}
                        <span className="min-w-0 flex-[1_1_12rem] break-words">
                          <span className="font-medium text-slate-900">
                            {s.chapter}, {s.percent}%
                          </span>
                          <span className="block text-xs text-slate-600">
                            {SUBJECT_LABELS[s.subject as keyof typeof SUBJECT_LABELS]} · Class {s.classLevel} ·{" "}
                            {formatMarks(s.earnedCenti)} of {countOf(s.possible, "mark")}
                          </span>
                        </span>
                        {s.practiceProductId ? (
                          <Link
                            to={`/my-courses/tests/start/${s.practiceProductId}?chapter=${s.chapterId}`}
                            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
                          >
                            Practise again<span className="sr-only"> {s.chapter}</span>
                          </Link>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
            <section aria-labelledby="attempts">
              <h2 id="attempts" className="text-lg font-bold text-slate-900">
                Attempts
              </h2>
              <ul className="mt-3 space-y-2">
                {attempts.map((a) => (
                  <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-3">
                    <Link to={`/my-courses/tests/${a.id}`} className="font-medium text-brand-700 hover:underline">
                      {a.title}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {formatDateTime(a.startedAt)} ·{" "}
                      {a.submittedAt === null
                        ? "In progress: continue"
                        : `${formatMarks(a.scoreCenti ?? 0)} / ${a.maxMarks}`}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
