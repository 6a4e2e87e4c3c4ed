import { BookOpen, Download, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { KIND_BASE_ROUTE, SUBJECT_LABELS } from "~/features/catalog/labels";
import { enrolmentAccessLabel } from "~/lib/access-period";
import { isTitleShortened, shortenTitle } from "~/lib/display";
import { Button } from "~/ui/button";
import { ProgressBar } from "~/ui/progress-bar";
import { Tooltip } from "~/ui/tooltip";
import type { OwnedProduct } from "./access.server";
import { RenewButton } from "./access-ended";
import { coursePercent } from "./progress";

const KIND_LABELS = { course: "Course", note: "Notes", pyq: "PYQ", test: "Test", bundle: "Bundle" } as const;

/**
 * A card of My Courses: courses show progress and open the player; notes and PYQ download their PDF.
 * An item with an access period says until when; one whose access ended says so and offers "Renew".
 */
export function OwnedCard({ item }: { item: OwnedProduct }) {
  const percent = coursePercent(item.completedLessons, item.totalLessons);
  const shortened = isTitleShortened(item.title);
  const title = shortened ? (
    <span>
      <span aria-hidden>{shortenTitle(item.title)}</span>
      <span className="sr-only">{item.title}</span>
    </span>
  ) : (
    <span>{item.title}</span>
  );
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="aspect-[16/10] overflow-hidden bg-slate-100">
        <img
          src={item.image}
          alt=""
          width={640}
          height={400}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-2">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
            {SUBJECT_LABELS[item.subject]}
          </span>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
            {KIND_LABELS[item.kind]}
          </span>
          {item.status === "archived" ? (
            <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
              {item.expired ? "No longer sold" : "No longer sold · yours to keep"}
            </span>
          ) : null}
        </div>
        <h2 className="text-base font-semibold leading-snug text-slate-900">
          {shortened ? <Tooltip content={item.title}>{title}</Tooltip> : title}
        </h2>
        <p className="text-sm text-slate-600">{item.instructor}</p>
        {item.expiresAt ? (
          <p className={item.expired ? "text-sm font-semibold text-amber-800" : "text-sm font-medium text-slate-700"}>
            {enrolmentAccessLabel(item.expiresAt, item.expired)}
          </p>
        ) : null}
        {item.expired ? (
          <div className="mt-auto pt-1">
            {item.status === "published" ? (
              <RenewButton productId={item.id} title={item.title} className="w-full" />
            ) : (
              <p className="text-sm text-slate-600">No longer sold, so it cannot be renewed.</p>
            )}
          </div>
        ) : item.kind === "course" ? (
          <div className="mt-auto flex flex-col gap-3 pt-1">
            <div>
              <div className="mb-1 flex justify-between text-sm text-slate-600">
                <span>
                  {item.completedLessons} of {item.totalLessons} lessons
                </span>
                <span className="font-semibold text-slate-900">{percent}%</span>
              </div>
              <ProgressBar value={percent} label={`${item.title} progress`} />
            </div>
            <Button asChild>
              <Link to={`/my-courses/${item.id}`}>
                <PlayCircle className="h-4 w-4" aria-hidden />
                {item.completedLessons > 0 ? "Continue" : "Start"}
                <span className="sr-only"> {item.title}</span>
              </Link>
            </Button>
          </div>
        ) : (
          <div className="mt-auto pt-1">
            {item.kind === "test" ? (
              <Button asChild variant="secondary" className="w-full">
                <Link to={`/my-courses/tests/start/${item.id}`}>
                  <PlayCircle className="h-4 w-4" aria-hidden />
                  Take the test<span className="sr-only"> {item.title}</span>
                </Link>
              </Button>
            ) : item.hasFile ? (
              <Button asChild variant="secondary" className="w-full">
                <a href={`/downloads/${item.id}`} download>
                  <Download className="h-4 w-4" aria-hidden />
                  Download PDF<span className="sr-only"> of {item.title}</span>
                </a>
              </Button>
            ) : (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <BookOpen className="h-4 w-4" aria-hidden /> The PDF is being prepared.
              </p>
            )}
          </div>
        )}
        {item.status === "published" ? (
          // The review form is on the item's page (features/reviews): write, edit or delete it there.
          <Link
            to={`${KIND_BASE_ROUTE[item.kind]}/${item.id}#reviews`}
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
          >
            Rate and review<span className="sr-only"> {item.title}</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
