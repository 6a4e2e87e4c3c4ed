/**
 * Doubts on the student's screens (issue 36): the list under a lesson (with its search box) and
 * under each practice question's result, and the form to ask one (text and an optional photo).
 */
import { ImageIcon, MessageCircleQuestion, Search } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { formatCount } from "~/lib/numbers";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Field, FormAlert, inputClass, TextareaField } from "~/ui/field";
import { DOUBT_MAX, DOUBT_MIN, PHOTO_MAX_BYTES, SEARCH_MAX } from "./schema";

export interface DoubtView {
  id: number;
  body: string;
  hasPhoto: boolean;
  status: "open" | "answered";
  answer: string | null;
  answeredAt: Date | string | null;
  createdAt: Date | string;
  askedBy: string;
  mine: boolean;
  questionId: number | null;
}

/** A refused doubt form: its field errors, its message, and what was typed. */
export interface DoubtFailure {
  fieldErrors?: Partial<Record<string, string>>;
  formError?: string;
  values?: Record<string, string>;
}

export function doubtPhotoHref(id: number) {
  return `/doubts/${id}/photo`;
}

function DoubtItem({ doubt }: { doubt: DoubtView }) {
  return (
    <li id={`doubt-${doubt.id}`} className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
        <span className="font-semibold text-slate-800">{doubt.mine ? "You" : doubt.askedBy}</span>
        <span>asked {formatDateTime(doubt.createdAt)}</span>
        {doubt.status === "open" ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
            Waiting for an answer
          </span>
        ) : null}
      </p>
      <p className="mt-1 whitespace-pre-line break-words text-slate-900">{doubt.body}</p>
      {doubt.hasPhoto ? (
        <a
          href={doubtPhotoHref(doubt.id)}
          target="_blank"
          rel="noreferrer"
          className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ImageIcon className="h-4 w-4" aria-hidden /> See the photo
        </a>
      ) : null}
      {doubt.answer ? (
        <div className="mt-3 rounded-lg bg-brand-50 p-3 text-slate-800">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
            Teacher's answer
            {doubt.answeredAt ? (
              <span className="font-normal normal-case text-slate-500"> · {formatDateTime(doubt.answeredAt)}</span>
            ) : null}
          </p>
          <p className="mt-1 whitespace-pre-line break-words">{doubt.answer}</p>
        </div>
      ) : null}
    </li>
  );
}

export function DoubtList({ doubts, empty }: { doubts: DoubtView[]; empty: string }) {
  if (doubts.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="space-y-3">
      {doubts.map((d) => (
        <DoubtItem key={d.id} doubt={d} />
      ))}
    </ul>
  );
}

/** The form to ask: where (hidden fields), the text and the optional photo. */
function AskForm({
  place,
  failure,
  left,
  idPrefix,
}: {
  place: { name: "lessonId" | "questionId"; value: number };
  failure?: DoubtFailure;
  left: number;
  idPrefix: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (left === 0) {
    return (
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        You have asked the most doubts for today. You can ask again tomorrow.
      </p>
    );
  }
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3" aria-label="Ask a doubt">
      {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
      <input type="hidden" name="intent" value="ask" />
      <input type="hidden" name={place.name} value={place.value} />
      <TextareaField
        label="Your doubt"
        name="body"
        id={`${idPrefix}-body`}
        rows={3}
        required
        minLength={DOUBT_MIN}
        maxLength={DOUBT_MAX}
        defaultValue={failure?.values?.body}
        error={failure?.fieldErrors?.body}
        hint={`${DOUBT_MIN} to ${formatCount(DOUBT_MAX)} characters. You can ask ${left} more today.`}
      />
      <Field
        label="Photo (optional)"
        name="photo"
        id={`${idPrefix}-photo`}
        error={failure?.fieldErrors?.photo}
        hint="One image (PNG, JPEG, WebP), at most 5 MB: a page of your notebook, say."
      >
        {(p) => (
          <input
            {...p}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            onChange={(event) => {
              // Said before sending: the server refuses a body this big without reading it.
              const file = event.currentTarget.files?.[0];
              event.currentTarget.setCustomValidity(
                file && file.size > PHOTO_MAX_BYTES ? "The photo is too large: the limit is 5 MB." : "",
              );
            }}
            className={cn(p.className, "h-auto py-2 text-sm")}
          />
        )}
      </Field>
      <Button type="submit" disabled={busy}>
        <MessageCircleQuestion className="h-4 w-4" aria-hidden />
        Ask the teacher
      </Button>
    </Form>
  );
}

/** Under a lesson: ask, search, and the doubts (answered ones of every student, and the viewer's own). */
export function LessonDoubts({
  courseId,
  lessonId,
  doubts,
  search,
  left,
  failure,
}: {
  courseId: number;
  lessonId: number;
  doubts: DoubtView[];
  search: string;
  left: number;
  failure?: DoubtFailure;
}) {
  return (
    <section aria-labelledby="doubts-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="doubts-heading" className="text-lg font-semibold text-slate-900">
        Doubts about this lesson
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Ask the teacher anything you did not follow. Answered doubts are shown to the course's students with your first
        name only.
      </p>
      {/* Keyed by the doubts left today: a doubt sent closes and empties the form, a refused one keeps it. */}
      <details key={left} className="group mt-4" open={Boolean(failure)}>
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700 [&::-webkit-details-marker]:hidden">
          <MessageCircleQuestion className="h-4 w-4" aria-hidden /> Ask a doubt
        </summary>
        <div className="mt-4">
          <AskForm place={{ name: "lessonId", value: lessonId }} failure={failure} left={left} idPrefix="doubt" />
        </div>
      </details>
      <div id="doubt-list" className="mt-6 scroll-mt-20">
        <Form method="get" action={`/my-courses/${courseId}`} role="search" className="mb-4 flex gap-2">
          <input type="hidden" name="lesson" value={lessonId} />
          <label htmlFor="doubt-search" className="sr-only">
            Search the doubts of this lesson
          </label>
          <input
            id="doubt-search"
            type="search"
            name="dq"
            defaultValue={search}
            maxLength={SEARCH_MAX}
            placeholder="Search doubts"
            className={cn(inputClass, "min-w-0 flex-1")}
          />
          <Button type="submit" variant="secondary" aria-label="Search doubts">
            <Search className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">Search</span>
          </Button>
        </Form>
        {search ? (
          <p className="mb-3 text-sm text-slate-600">
            {doubts.length === 0 ? "No doubts match" : `Doubts matching`} “{search}” ·{" "}
            <Link to={`/my-courses/${courseId}?lesson=${lessonId}#doubt-list`} className="text-brand-700 underline">
              Show all
            </Link>
          </p>
        ) : null}
        <DoubtList
          doubts={doubts}
          empty={search ? "Try other words." : "No doubts yet. Be the first to ask about this lesson."}
        />
      </div>
    </section>
  );
}

/** Under one practice question's result: its doubts, and a folded form to ask one. */
export function QuestionDoubts({
  questionId,
  doubts,
  left,
  failure,
}: {
  questionId: number;
  doubts: DoubtView[];
  left: number;
  failure?: DoubtFailure;
}) {
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      {doubts.length > 0 ? (
        <div className="mb-3">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Doubts about this question</h3>
          <DoubtList doubts={doubts} empty="" />
        </div>
      ) : null}
      <details key={left} open={Boolean(failure)}>
        <summary className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          <MessageCircleQuestion className="h-4 w-4" aria-hidden /> Ask a doubt about this question
        </summary>
        <div className="mt-3">
          <AskForm
            place={{ name: "questionId", value: questionId }}
            failure={failure}
            left={left}
            idPrefix={`doubt-q${questionId}`}
          />
        </div>
      </details>
    </div>
  );
}
