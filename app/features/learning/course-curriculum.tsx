import { ChevronDown } from "lucide-react";
import { formatDuration } from "~/lib/numbers";
import { type CurriculumModule, lessonsSummary } from "./curriculum";

/** Past this many lessons only the first module starts open, so a long course does not bury the page. */
const ALL_OPEN_UP_TO = 24;

/** A course page's curriculum: its modules with their lesson titles and lengths (from the course outline). */
export function CourseCurriculum({ modules }: { modules: CurriculumModule[] }) {
  const all = modules.flatMap((m) => m.lessons);
  return (
    <section aria-labelledby="curriculum-heading" className="mt-8">
      <h2 id="curriculum-heading" className="text-2xl font-bold text-slate-900">
        Course curriculum
      </h2>
      <p className="mt-1 text-slate-600" data-testid="curriculum-summary">
        {modules.length} {modules.length === 1 ? "module" : "modules"} · {lessonsSummary(all)}
      </p>
      <ol className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {modules.map((m, i) => (
          <li key={m.id}>
            <details open={i === 0 || all.length <= ALL_OPEN_UP_TO} className="group">
              <summary className="flex cursor-pointer items-start gap-3 px-4 py-3 hover:bg-slate-50">
                <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:justify-between sm:gap-3">
                  <span className="font-semibold text-slate-900">{m.title}</span>
                  <span className="shrink-0 text-sm text-slate-600">{lessonsSummary(m.lessons)}</span>
                </span>
                <ChevronDown
                  className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                  aria-hidden
                />
              </summary>
              <ol className="space-y-2 px-4 pb-4">
                {m.lessons.map((lesson) => (
                  <li key={lesson.id} className="flex items-start justify-between gap-3 text-slate-700">
                    <span className="min-w-0">{lesson.title}</span>
                    {lesson.durationSeconds === null ? null : (
                      <span className="shrink-0 text-sm tabular-nums text-slate-500">
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
