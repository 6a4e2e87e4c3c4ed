/**
 * The taking page: one question per screen below `lg` (with a question palette), the whole paper
 * from `lg` up; a timer by the server's clock that survives a refresh (the deadline comes from the
 * server, corrected for the browser's clock offset); every answer saved on the server as it is given,
 * kept and sent again after a dropped connection; mark for review; submit with a confirmation; and
 * automatic submission at 0 (the server submits anyway once the deadline passes).
 */
import { Flag, Plus, Trash2 } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, useRevalidator, useSubmit } from "react-router";
import { type ApiError, apiFetch } from "~/lib/api-client";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Markdown } from "~/ui/markdown";
import { AnswerFileUploader } from "./answer-files";
import { type JournalAnswerLine, MAX_JOURNAL_ACCOUNT, MAX_JOURNAL_LINES, savedJournalLines } from "./journal";
import { isWritten, QUESTION_TYPE_LABELS, wordCount } from "./labels";
import { paperProgress } from "./layout";
import { MAX_NUMERIC_ANSWER, MAX_WRITTEN_ANSWER } from "./limits";
import { PaperPlaceMarks } from "./paper-place";
import { parseNumericAnswer } from "./scoring";
import type { TakingPaper, TakingQuestion } from "./taking.server";

type Answer = Pick<TakingQuestion, "choice" | "text" | "markedForReview">;
type SaveState = "saved" | "saving" | "offline" | "error";

function clock(seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

function answered(a: Answer) {
  return a.choice !== null || Boolean(a.text?.trim());
}

/** Seconds left by the server's clock: the offset between the two clocks is taken once, at load. */
function useCountdown(deadline: string, serverNow: string) {
  const offset = useMemo(() => new Date(serverNow).getTime() - Date.now(), [serverNow]);
  const left = useCallback(
    () => Math.max(0, Math.ceil((new Date(deadline).getTime() - (Date.now() + offset)) / 1000)),
    [deadline, offset],
  );
  const [seconds, setSeconds] = useState(() =>
    Math.max(0, Math.ceil((Date.parse(deadline) - Date.parse(serverNow)) / 1000)),
  );
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return seconds;
}

export function TestTaker({ paper }: { paper: TakingPaper }) {
  const [answers, setAnswers] = useState<Record<number, Answer>>(() =>
    Object.fromEntries(
      paper.questions.map((q) => [q.id, { choice: q.choice, text: q.text, markedForReview: q.markedForReview }]),
    ),
  );
  // Photos of a handwritten answer answer the question too (the server counts them: paper.server.ts).
  const [withFiles, setWithFiles] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(paper.questions.map((q) => [q.id, q.files.length > 0])),
  );
  const isAnswered = (id: number) => answered(answers[id]!) || Boolean(withFiles[id]);
  const [current, setCurrent] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>("saved");
  const [confirming, setConfirming] = useState(false);
  const pending = useRef(new Map<number, Answer>());
  const flushing = useRef<Promise<void> | null>(null);
  const submitForm = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const seconds = useCountdown(paper.deadline, paper.serverNow);
  const autoSubmitted = useRef(false);

  /** Sends every answer not yet saved, one request each; what fails stays queued for the next try. */
  const flush = useCallback(async () => {
    if (flushing.current) return flushing.current;
    const run = async () => {
      while (pending.current.size) {
        const [questionId, answer] = pending.current.entries().next().value as [number, Answer];
        const body = new FormData();
        body.set("questionId", String(questionId));
        body.set("choice", answer.choice === null ? "" : String(answer.choice));
        if (answer.text !== null) body.set("text", answer.text);
        body.set("markedForReview", answer.markedForReview ? "on" : "");
        setSaveState("saving");
        let status = 200;
        try {
          await apiFetch(`/api/practice/attempts/${paper.attemptId}/answers`, { method: "POST", body });
        } catch (error) {
          status = (error as ApiError).status;
        }
        if (status === 0) {
          setSaveState("offline");
          return;
        }
        if (pending.current.get(questionId) === answer) pending.current.delete(questionId);
        if (status === 409 || status === 404) {
          // Submitted elsewhere or time is up: the page shows the result.
          pending.current.clear();
          revalidator.revalidate();
          return;
        }
        if (status >= 300) {
          setSaveState("error");
        }
      }
      setSaveState("saved");
    };
    flushing.current = run().finally(() => {
      flushing.current = null;
    });
    return flushing.current;
  }, [paper.attemptId, revalidator]);

  // A dropped connection: try again when the browser is back online, and every 5 seconds meanwhile.
  useEffect(() => {
    const retry = () => {
      if (pending.current.size) void flush();
    };
    window.addEventListener("online", retry);
    const timer = setInterval(retry, 5000);
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(timer);
    };
  }, [flush]);

  const update = (questionId: number, change: Partial<Answer>, save = true) => {
    setAnswers((all) => {
      const next = { ...all[questionId]!, ...change };
      if (save) {
        pending.current.set(questionId, next);
        queueMicrotask(() => void flush());
      }
      return { ...all, [questionId]: next };
    });
  };

  const finish = useCallback(async () => {
    await flush();
    if (submitForm.current) submit(submitForm.current, { method: "post" });
  }, [flush, submit]);

  // Time up: submit what is saved (the server refuses later saves whatever this clock says).
  useEffect(() => {
    if (seconds === 0 && !autoSubmitted.current) {
      autoSubmitted.current = true;
      void finish();
    }
  }, [seconds, finish]);

  const onFilesChange = useCallback(
    (questionId: number, count: number) => setWithFiles((all) => ({ ...all, [questionId]: count > 0 })),
    [],
  );
  // A board paper counts one option of a part and one alternative of a choice (layout.ts).
  const { answered: answeredCount, total } = paperProgress(
    paper.layout,
    paper.questions,
    new Set(paper.questions.filter((q) => isAnswered(q.id)).map((q) => q.id)),
  );
  const reviewCount = paper.questions.filter((q) => answers[q.id]!.markedForReview).length;
  const low = seconds <= 60;

  return (
    <div>
      <div className="sticky top-16 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
          <p
            className={cn("font-mono text-xl font-bold tabular-nums", low ? "text-red-700" : "text-slate-900")}
            role="timer"
            aria-label={`Time left ${clock(seconds)}`}
            data-testid="timer"
          >
            {clock(seconds)}
          </p>
          <p className="text-sm text-slate-600">
            {answeredCount}/{total} answered
            {reviewCount ? ` · ${reviewCount} for review` : ""}
          </p>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="save-state">
            {saveState === "saving"
              ? "Saving…"
              : saveState === "offline"
                ? "Offline: answers kept, saving when back online"
                : saveState === "error"
                  ? "An answer could not be saved"
                  : "All answers saved"}
          </p>
          <Button type="button" size="sm" className="ml-auto" onClick={() => setConfirming(true)}>
            Submit
          </Button>
        </div>
        {confirming ? (
          <div
            className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 pb-3"
            role="alertdialog"
            aria-label="Submit the test?"
          >
            <p className="text-sm font-medium text-slate-900">
              Submit the test? {total - answeredCount} unanswered
              {reviewCount ? `, ${reviewCount} marked for review` : ""}. You cannot change answers afterwards.
            </p>
            <Button type="button" size="sm" onClick={() => void finish()} data-main-action>
              Yes, submit
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={() => setConfirming(false)}>
              Keep going
            </Button>
          </div>
        ) : null}
      </div>

      <Form method="post" ref={submitForm} className="hidden">
        <input type="hidden" name="intent" value="submit" />
      </Form>

      <div className="mx-auto max-w-5xl px-4 py-4">
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{paper.title}</h1>
        <p className="text-sm text-slate-600">
          {paper.maxMarks} marks
          {paper.negativePercent
            ? ` · −${paper.negativePercent}% of its marks for a wrong choice`
            : " · no negative marking"}
        </p>
        <nav aria-label="Questions" className="mt-3 lg:hidden">
          <ol className="flex flex-wrap gap-2">
            {paper.questions.map((q, i) => {
              const a = answers[q.id]!;
              return (
                <li key={q.id}>
                  <button
                    type="button"
                    onClick={() => setCurrent(i)}
                    aria-current={i === current ? "step" : undefined}
                    aria-label={`Question ${i + 1}${isAnswered(q.id) ? ", answered" : ""}${a.markedForReview ? ", marked for review" : ""}`}
                    className={cn(
                      "h-10 w-10 rounded-lg border text-sm font-semibold",
                      i === current ? "ring-2 ring-brand-600 ring-offset-1" : "",
                      a.markedForReview
                        ? "border-amber-500 bg-amber-50 text-amber-900"
                        : isAnswered(q.id)
                          ? "border-emerald-600 bg-emerald-50 text-emerald-900"
                          : "border-slate-300 bg-white text-slate-700",
                    )}
                  >
                    {i + 1}
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        <ol className="mt-4 space-y-5">
          {paper.questions.map((q, i) => (
            <li key={q.id} className={cn(i === current ? "" : "max-lg:hidden")} data-question={i + 1}>
              <QuestionCard
                attemptId={paper.attemptId}
                number={i + 1}
                question={q}
                answer={answers[q.id]!}
                onChange={(change, save) => update(q.id, change, save)}
                onFilesChange={onFilesChange}
              />
              <div className="mt-3 flex justify-between gap-3 lg:hidden">
                {i > 0 ? (
                  <Button type="button" variant="secondary" onClick={() => setCurrent(i - 1)}>
                    Previous
                  </Button>
                ) : (
                  <span />
                )}
                {i < paper.questions.length - 1 ? (
                  <Button type="button" onClick={() => setCurrent(i + 1)}>
                    Next
                  </Button>
                ) : (
                  <Button type="button" onClick={() => setConfirming(true)}>
                    Finish
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

function QuestionCard({
  attemptId,
  number,
  question: q,
  answer,
  onChange,
  onFilesChange,
}: {
  attemptId: number;
  number: number;
  question: TakingQuestion;
  answer: Answer;
  onChange: (change: Partial<Answer>, save?: boolean) => void;
  onFilesChange: (questionId: number, count: number) => void;
}) {
  const name = `q-${q.id}`;
  const textTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  return (
    <fieldset className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <PaperPlaceMarks place={q.place} />
      {q.passageHtml ? (
        <Markdown html={q.passageHtml} className="mb-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" />
      ) : null}
      <legend className="sr-only">Question {number}</legend>
      <p className="flex flex-wrap items-baseline gap-x-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <span className="text-sm text-brand-700">Q{number}</span>
        <span>{QUESTION_TYPE_LABELS[q.type]}</span>
        <span>
          {q.marks} mark{q.marks === 1 ? "" : "s"}
        </span>
      </p>
      <Markdown html={q.promptHtml} className="mt-2 font-medium text-slate-900" />
      {q.type === "numeric" ? (
        <NumericAnswer name={name} value={answer.text ?? ""} onChange={onChange} />
      ) : q.type === "journal" ? (
        <JournalAnswer name={name} number={number} value={answer.text} onChange={onChange} />
      ) : isWritten(q.type) ? (
        <label className="mt-3 block">
          <span className="text-sm text-slate-700">
            Your answer (you mark it against the marking points after submitting)
          </span>
          {q.wordLimit ? (
            <span className="mt-1 flex justify-between gap-2 text-sm">
              <span className="font-medium text-slate-800">{q.wordLimit}</span>
              <span className="text-slate-600" aria-live="polite">
                {wordCount(answer.text ?? "")} words
              </span>
            </span>
          ) : null}
          <textarea
            name={name}
            rows={q.type === "long_answer" ? 8 : 4}
            maxLength={MAX_WRITTEN_ANSWER}
            defaultValue={answer.text ?? ""}
            className="mt-1 block w-full rounded-lg border border-slate-300 p-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
            onChange={(e) => {
              const text = e.currentTarget.value;
              onChange({ text }, false);
              if (textTimer.current) clearTimeout(textTimer.current);
              textTimer.current = setTimeout(() => onChange({ text }), 800);
            }}
            onBlur={(e) => {
              if (textTimer.current) clearTimeout(textTimer.current);
              onChange({ text: e.currentTarget.value });
            }}
          />
        </label>
      ) : null}
      {isWritten(q.type) ? (
        <AnswerFileUploader
          attemptId={attemptId}
          questionId={q.id}
          initial={q.files}
          onCountChange={(count) => onFilesChange(q.id, count)}
        />
      ) : null}
      {isWritten(q.type) || q.type === "numeric" || q.type === "journal" ? null : (
        <div className="mt-3 space-y-2" role="radiogroup" aria-label={`Options of question ${number}`}>
          {q.optionsHtml.map((option, i) => (
            <label
              key={option}
              className={cn(
                "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 text-slate-800",
                answer.choice === i ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                name={name}
                value={i}
                checked={answer.choice === i}
                onChange={() => onChange({ choice: i })}
                className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
              />
              <span>
                <span className="font-semibold">{String.fromCharCode(65 + i)}.</span> <Markdown html={option} inline />
              </span>
            </label>
          ))}
          {answer.choice !== null ? (
            <button
              type="button"
              className="min-h-11 text-sm font-medium text-slate-600 underline"
              onClick={() => onChange({ choice: null })}
            >
              Clear my choice
            </button>
          ) : null}
        </div>
      )}
      <label className="mt-3 inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-amber-900">
        <input
          type="checkbox"
          checked={answer.markedForReview}
          onChange={(e) => onChange({ markedForReview: e.currentTarget.checked })}
          className="h-4 w-4 accent-amber-600"
        />
        <Flag className="h-4 w-4" aria-hidden /> Mark for review
      </label>
    </fieldset>
  );
}

/** A numerical answer: typed as a student writes it ("₹ 1,20,000", "2:1"), saved after a pause, marked at submission. */
function NumericAnswer({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (change: Partial<Answer>, save?: boolean) => void;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hintId = `${name}-hint`;
  const notANumber = value.trim() !== "" && parseNumericAnswer(value) === null;
  return (
    <label className="mt-3 block">
      <span className="text-sm text-slate-700">
        Your answer (a number: an amount, a ratio such as 2:1, a percentage)
      </span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        name={name}
        maxLength={MAX_NUMERIC_ANSWER}
        defaultValue={value}
        aria-describedby={hintId}
        aria-invalid={notANumber || undefined}
        className="mt-1 block h-11 w-full max-w-xs rounded-lg border border-slate-300 px-3 text-base tabular-nums focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
        onChange={(e) => {
          const text = e.currentTarget.value;
          onChange({ text }, false);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => onChange({ text }), 800);
        }}
        onBlur={(e) => {
          if (timer.current) clearTimeout(timer.current);
          onChange({ text: e.currentTarget.value });
        }}
      />
      <span id={hintId} className={cn("mt-1 block text-sm", notANumber ? "text-red-700" : "text-slate-600")}>
        {notANumber ? "This is not a number yet: write digits, e.g. 1,20,000 or 2.5." : "Commas and ₹ are fine."}
      </span>
    </label>
  );
}

const inputClass =
  "h-11 w-full min-w-0 rounded-lg border border-slate-300 px-3 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";

/**
 * A journal entry: a line per account (Dr or Cr, the account, the amount), lines added and removed
 * freely (the number of lines gives nothing away), saved after a pause, marked line by line at submission.
 */
function JournalAnswer({
  name,
  number,
  value,
  onChange,
}: {
  name: string;
  number: number;
  value: string | null;
  onChange: (change: Partial<Answer>, save?: boolean) => void;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const nextKey = useRef(0);
  const [lines, setLines] = useState(() => {
    const saved: JournalAnswerLine[] = savedJournalLines(value);
    const blank = (side: JournalAnswerLine["side"]): JournalAnswerLine => ({ side, account: "", amount: "" });
    const start = saved.length >= 2 ? saved : [...saved, ...[blank("dr"), blank("cr")].slice(saved.length)];
    return start.map((line) => ({ ...line, key: nextKey.current++ }));
  });
  const publish = (next: typeof lines, save: boolean) => {
    setLines(next);
    const typed = next.some((l) => l.account.trim() || l.amount.trim());
    const text = typed ? JSON.stringify(next.map(({ side, account, amount }) => ({ side, account, amount }))) : "";
    onChange({ text }, false);
    if (timer.current) clearTimeout(timer.current);
    if (save) onChange({ text });
    else timer.current = setTimeout(() => onChange({ text }), 800);
  };
  const edit = (i: number, change: Partial<JournalAnswerLine>, save = false) =>
    publish(
      lines.map((l, j) => (j === i ? { ...l, ...change } : l)),
      save,
    );
  return (
    <fieldset className="mt-3 min-w-0">
      <legend className="text-sm text-slate-700">
        Your entry: a line for each account, debits first (narration is not needed)
      </legend>
      <ol className="mt-2 space-y-2">
        {lines.map((l, i) => (
          <li
            key={l.key}
            className="grid grid-cols-[5.5rem_minmax(0,1fr)_2.75rem] gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[5.5rem_minmax(0,1fr)_9rem_2.75rem]"
          >
            <input
              type="text"
              name={`${name}-account-${i}`}
              aria-label={`Question ${number}, line ${i + 1}: account`}
              placeholder={l.side === "dr" ? "e.g. Cash A/c" : "e.g. Capital A/c"}
              autoComplete="off"
              maxLength={MAX_JOURNAL_ACCOUNT}
              value={l.account}
              onChange={(e) => edit(i, { account: e.currentTarget.value })}
              onBlur={() => publish(lines, true)}
              className={cn(inputClass, "col-span-3 sm:order-2 sm:col-span-1")}
            />
            <select
              name={`${name}-side-${i}`}
              aria-label={`Question ${number}, line ${i + 1}: debit or credit`}
              value={l.side}
              onChange={(e) => edit(i, { side: e.currentTarget.value === "cr" ? "cr" : "dr" }, true)}
              className={cn(inputClass, "px-2 sm:order-1")}
            >
              <option value="dr">Dr</option>
              <option value="cr">Cr</option>
            </select>
            <input
              type="text"
              inputMode="decimal"
              name={`${name}-amount-${i}`}
              aria-label={`Question ${number}, line ${i + 1}: amount in rupees`}
              placeholder="₹ amount"
              autoComplete="off"
              maxLength={24}
              value={l.amount}
              onChange={(e) => edit(i, { amount: e.currentTarget.value })}
              onBlur={() => publish(lines, true)}
              className={cn(inputClass, "text-right tabular-nums sm:order-3")}
            />
            <button
              type="button"
              className="flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40 sm:order-4"
              aria-label={`Remove line ${i + 1} of question ${number}`}
              disabled={lines.length <= 1}
              onClick={() =>
                publish(
                  lines.filter((_, j) => j !== i),
                  true,
                )
              }
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </button>
          </li>
        ))}
      </ol>
      {lines.length < MAX_JOURNAL_LINES ? (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => publish([...lines, { side: "cr", account: "", amount: "", key: nextKey.current++ }], false)}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add a line
        </Button>
      ) : null}
    </fieldset>
  );
}
