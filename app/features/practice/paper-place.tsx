/** A sectioned paper's marks on the page: a section's heading before its first question, an "OR" before an alternative. */
import type { PaperPlace } from "./layout";

export function PaperPlaceMarks({ place }: { place: PaperPlace | null }) {
  if (!place) return null;
  return (
    <>
      {place.section ? (
        <div className="mb-3 rounded-lg border-l-4 border-brand-600 bg-brand-50 px-3 py-2">
          <h2 className="font-semibold text-slate-900">{place.section.title}</h2>
          {place.section.instructions ? <p className="text-sm text-slate-700">{place.section.instructions}</p> : null}
          {place.section.group ? (
            <p className="text-sm text-slate-700">
              Attempt one option of {place.section.group}: only the option you answer more of counts.
            </p>
          ) : null}
        </div>
      ) : null}
      {place.alternative ? (
        <p className="mb-3 flex items-center gap-3 text-sm font-semibold text-slate-700">
          <span aria-hidden className="h-px flex-1 bg-slate-300" />
          OR (answer this or the question before it; one counts)
          <span aria-hidden className="h-px flex-1 bg-slate-300" />
        </p>
      ) : null}
    </>
  );
}
