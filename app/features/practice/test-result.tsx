/** The explained result of a submitted attempt: score, time, each answer against the correct one, self-marking. */
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { formatCount } from "~/lib/numbers";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Markdown } from "~/ui/markdown";
import { AnswerFileList } from "./answer-files";
import { JournalTable } from "./journal-table";
import { isWritten, QUESTION_TYPE_LABELS } from "./labels";
import { PaperPlaceMarks } from "./paper-place";
import type { AttemptResult, ResultQuestion } from "./results.server";
import { formatMarks } from "./scoring";

function duration(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? `${m} min ${s} s` : `${s} s`;
}

export function TestResult({
  result,
  selfMarkError,
  questionFooter,
}: {
  result: AttemptResult;
  selfMarkError?: { questionId: number; message: string };
  /** What the route shows under each question's result (its doubts: the doubts domain is above practice). */
  questionFooter?: (questionId: number) => ReactNode;
}) {
  const objective = result.questions.filter((q) => !isWritten(q.type));
  const right = objective.filter((q) => q.correct === true).length;
  const wrong = objective.filter((q) => q.correct === false).length;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        Result{result.studentName ? ` · ${result.studentName}` : ""}
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{result.title}</h1>
      <section aria-label="Score" className="mt-5 grid gap-3 sm:grid-cols-3">
        <div className="rounded-2xl border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-600">Score</p>
          <p className="text-3xl font-extrabold text-slate-900" data-testid="score">
            {formatMarks(result.scoreCenti)} / {result.maxMarks}
          </p>
          <p className="text-sm text-slate-600">{result.percent}%</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-600">Time taken</p>
          <p className="text-2xl font-bold text-slate-900">{duration(result.secondsTaken)}</p>
          <p className="text-sm text-slate-600">
            {result.autoSubmitted ? "Submitted when time ran out" : `Submitted ${formatDateTime(result.submittedAt)}`}
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-600">Objective answers</p>
          <p className="text-2xl font-bold text-slate-900">
            {right} right · {wrong} wrong
          </p>
          <p className="text-sm text-slate-600">{objective.length - right - wrong} not answered</p>
        </div>
      </section>
      {result.unmarkedWritten > 0 && result.ownAttempt ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {result.unmarkedWritten} written answer{result.unmarkedWritten === 1 ? "" : "s"} to mark: compare yours with
          the marking points below and give yourself the marks. They count in your score and your chapter report.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild variant="secondary">
          <Link to="/my-courses/tests">My tests and weak chapters</Link>
        </Button>
        {result.ownAttempt ? (
          <Button asChild variant="secondary">
            <Link to={`/my-courses/tests/start/${result.productId}`}>Take it again</Link>
          </Button>
        ) : null}
      </div>
      <ol className="mt-8 space-y-5">
        {result.questions.map((q, i) => (
          <li key={q.id}>
            <ResultCard
              number={i + 1}
              q={q}
              canMark={result.ownAttempt}
              attemptId={result.attemptId}
              error={selfMarkError?.questionId === q.id ? selfMarkError.message : undefined}
              footer={questionFooter?.(q.id)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

function ResultCard({
  attemptId,
  number,
  q,
  canMark,
  error,
  footer,
}: {
  attemptId: number;
  number: number;
  q: ResultQuestion;
  canMark: boolean;
  error?: string;
  footer?: ReactNode;
}) {
  const written = isWritten(q.type);
  const busy = useNavigation().state !== "idle";
  const status = !q.counted
    ? "Not counted: you chose the other side of the choice"
    : written
      ? q.awardedCenti === null
        ? "To mark"
        : `${formatMarks(q.awardedCenti)} / ${q.marks} (${q.teacherMarked ? "marked by your teacher" : "self-marked"})`
      : q.journal && q.correct === false
        ? `${formatMarks(q.awardedCenti ?? 0)} / ${q.marks} · ${q.journal.given.filter((l) => l.right).length} of ${q.journal.expected.length} lines right`
        : q.correct === true
          ? `Right · +${formatMarks(q.awardedCenti ?? 0)}`
          : q.correct === false
            ? `Wrong · ${formatMarks(q.awardedCenti ?? 0)}`
            : "Not answered · 0";
  return (
    <article
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby={`rq-${q.id}`}
    >
      <PaperPlaceMarks place={q.place} />
      {q.passageHtml ? (
        <Markdown html={q.passageHtml} className="mb-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" />
      ) : null}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <span className="text-sm text-brand-700">Q{number}</span>
        <span>{QUESTION_TYPE_LABELS[q.type]}</span>
        <span>{q.chapter}</span>
        <span
          className={cn(
            "inline-flex items-center gap-1 normal-case",
            q.correct === true ? "text-emerald-700" : q.correct === false ? "text-red-700" : "text-slate-600",
          )}
        >
          {status}
        </span>
      </p>
      <h2 id={`rq-${q.id}`} className="sr-only">
        Question {number}
      </h2>
      <Markdown html={q.promptHtml} className="mt-2 font-medium text-slate-900" />
      {q.wordLimit ? <p className="mt-1 text-sm text-slate-600">{q.wordLimit}</p> : null}
      {written ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-700">Your answer</h3>
          <p className="mt-1 whitespace-pre-line rounded-lg border border-slate-200 p-3 text-slate-800">
            {q.text ?? <span className="text-slate-500">{q.files.length ? "On paper (below)" : "Not answered"}</span>}
          </p>
          <AnswerFileList attemptId={attemptId} files={q.files} />
          <h3 className="mt-3 text-sm font-semibold text-slate-700">Model answer</h3>
          <Markdown html={q.modelAnswerHtml ?? ""} className="mt-1 rounded-lg bg-emerald-50 p-3 text-slate-800" />
          <h3 className="mt-3 text-sm font-semibold text-slate-700">Marking points</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
            {q.markingPointsHtml.map((p) => (
              <li key={p}>
                <Markdown html={p} inline />
              </li>
            ))}
          </ul>
          {q.teacherMarked && q.teacherComment ? (
            <div className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
              <p className="font-semibold">Your teacher's comment</p>
              <p className="mt-1 whitespace-pre-line">{q.teacherComment}</p>
            </div>
          ) : null}
          {canMark && q.counted && !q.teacherMarked ? (
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="selfmark" />
              <input type="hidden" name="questionId" value={q.id} />
              <label className="text-sm font-medium text-slate-800">
                My marks (0–{q.marks})
                <select
                  name="marks"
                  defaultValue={q.awardedCenti === null ? "" : String(q.awardedCenti / 100)}
                  className="mt-1 block h-11 rounded-lg border border-slate-300 px-3"
                  aria-invalid={error ? true : undefined}
                  required
                >
                  <option value="" disabled>
                    Choose
                  </option>
                  {/* Board marking gives half marks: 0, 0.5, 1 … up to the question's marks. */}
                  {[...Array(q.marks * 2 + 1).keys()].map((halves) => (
                    <option key={halves} value={halves / 2}>
                      {formatMarks(halves * 50)}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" size="sm" disabled={busy}>
                Save my marks<span className="sr-only"> for question {number}</span>
              </Button>
              {error ? <p className="w-full text-sm text-red-700">{error}</p> : null}
            </Form>
          ) : null}
        </>
      ) : q.journal ? (
        <div className="mt-3 grid gap-3 lg:grid-cols-2">
          <div className="min-w-0 rounded-lg border border-slate-200 p-3">
            {q.journal.given.length ? (
              <JournalTable caption="Your entry" lines={q.journal.given} />
            ) : (
              <p className="text-sm text-slate-600">
                <span className="font-semibold text-slate-700">Your entry:</span> not answered
              </p>
            )}
          </div>
          <div className="min-w-0 rounded-lg border border-emerald-600 bg-emerald-50 p-3">
            <JournalTable caption="Correct entry" lines={q.journal.expected} />
          </div>
        </div>
      ) : q.type === "numeric" ? (
        <dl className="mt-3 grid gap-2 sm:grid-cols-2">
          <div
            className={cn(
              "rounded-lg border p-3",
              q.correct === true
                ? "border-emerald-600 bg-emerald-50"
                : q.text
                  ? "border-red-500 bg-red-50"
                  : "border-slate-200",
            )}
          >
            <dt className="text-sm font-semibold text-slate-700">Your answer</dt>
            <dd className="mt-1 text-slate-900 tabular-nums">
              {q.text ?? <span className="text-slate-500">Not answered</span>}
            </dd>
          </div>
          <div className="rounded-lg border border-emerald-600 bg-emerald-50 p-3">
            <dt className="text-sm font-semibold text-emerald-800">Correct answer</dt>
            <dd className="mt-1 text-slate-900 tabular-nums">
              {formatCount(q.answerNumber ?? 0)}
              {q.answerTolerance ? ` (± ${formatCount(q.answerTolerance)} accepted)` : ""}
            </dd>
          </div>
        </dl>
      ) : (
        <ul className="mt-3 space-y-2">
          {q.optionsHtml.map((option, i) => (
            <li
              key={option}
              className={cn(
                "rounded-lg border p-3 text-slate-800",
                i === q.correctOption
                  ? "border-emerald-600 bg-emerald-50"
                  : i === q.choice
                    ? "border-red-500 bg-red-50"
                    : "border-slate-200",
              )}
            >
              <span className="font-semibold">{String.fromCharCode(65 + i)}.</span> <Markdown html={option} inline />
              {i === q.correctOption ? (
                <span className="ml-2 text-sm font-semibold text-emerald-800">Correct answer</span>
              ) : null}
              {i === q.choice ? <span className="ml-2 text-sm font-semibold text-slate-700">Your answer</span> : null}
            </li>
          ))}
        </ul>
      )}
      {q.explanationHtml ? (
        <div className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-slate-800">
          <p className="font-semibold">Explanation</p>
          <Markdown html={q.explanationHtml} className="mt-1" />
        </div>
      ) : null}
      {q.source ? <p className="mt-2 text-xs text-slate-500">Source: {q.source}</p> : null}
      {footer}
    </article>
  );
}
