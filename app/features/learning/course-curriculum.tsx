import { Link } from "react-router";
import { formatDuration } from "~/lib/numbers";
import { type CurriculumModule, lessonsSummary, previewHref } from "./curriculum";

/** Past this many lessons only the first module starts open, so a long course does not bury the page. */
const ALL_OPEN_UP_TO = 24;

/**
 * A course page's curriculum: its modules with their lesson titles and lengths (from the course
 * outline). Lean markup: a course of a hundred lessons is a hundred rows on a cached page. A free
 * preview lesson says "Preview" and links to its page: the same for every visitor (the page is shared).
 */
export function CourseCurriculum({ courseId, modules }: { courseId: number; modules: CurriculumModule[] }) {
  const all = modules.flatMap((m) => m.lessons);
  return (
    <section aria-labelledby="curriculum-heading" className="mt-8">
      <h2 id="curriculum-heading" className="text-2xl font-bold text-slate-900">
        Course curriculum
      </h2>
      <p className="mt-1 text-slate-600">
        {`${modules.length} ${modules.length === 1 ? "module" : "modules"} · ${lessonsSummary(all)}`}
      </p>
      <ol className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {modules.map((m, i) => (
          <li key={m.id}>
            <details open={i === 0 || all.length <= ALL_OPEN_UP_TO}>
              <summary className="cursor-pointer px-4 py-3 hover:bg-slate-50">
                <span className="font-semibold text-slate-900">{m.title}</span>
                <span className="text-sm text-slate-600">{` · ${lessonsSummary(m.lessons)}`}</span>
              </summary>
              <ol className="space-y-2 px-4 pb-4 text-slate-700">
                {m.lessons.map((lesson) => (
                  // A phone puts "Watch preview" under the title (the title keeps its width); wider
                  // screens put it beside the duration.
                  <li
                    key={lesson.id}
                    className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 sm:grid-cols-[1fr_auto_auto]"
                  >
                    <span className="col-start-1 row-start-1">
                      {lesson.title}
                      {lesson.test ? (
                        <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700">
                          Practice test
                        </span>
                      ) : null}
                      {lesson.preview ? (
                        <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800">
                          Preview
                        </span>
                      ) : null}
                    </span>
                    {lesson.preview ? (
                      <Link
                        to={previewHref(courseId, lesson.id)}
                        className="col-start-1 row-start-2 justify-self-start text-sm font-semibold text-brand-700 hover:underline sm:col-start-2 sm:row-start-1"
                      >
                        Watch preview<span className="sr-only">: {lesson.title}</span>
                      </Link>
                    ) : null}
                    {lesson.durationSeconds === null ? null : (
                      <span className="col-start-2 row-start-1 text-sm text-slate-500 sm:col-start-3">
                        {formatDuration(lesson.durationSeconds)}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
