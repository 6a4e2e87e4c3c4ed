import { ClipboardList, Clock, FileQuestion, MinusCircle } from "lucide-react";
import { countOf } from "~/lib/numbers";
import { questionCountLabel } from "./labels";
import type { TestFacts } from "./tests.server";

/** The detail page's "This includes" list of a test. */
export const TEST_FEATURES = ["Board-pattern questions", "Timed paper", "Explained answers"];

/** A test's pattern, time, questions, marks and negative marking (its detail page and start page). */
export function TestFactsList({ facts }: { facts: TestFacts }) {
  return (
    <ul className="mt-5 space-y-2 text-sm text-slate-800" aria-label="About this test">
      {facts.pattern ? (
        <li className="flex items-start gap-2">
          <ClipboardList className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
          <span>Pattern: {facts.pattern}</span>
        </li>
      ) : null}
      <li className="flex items-center gap-2">
        <Clock className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        {facts.timeLimitMinutes} minutes
      </li>
      <li className="flex items-center gap-2">
        <FileQuestion className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        {`${questionCountLabel(facts)}${facts.totalMarks !== null ? ` · ${countOf(facts.totalMarks, "mark")}` : ""}`}
      </li>
      <li className="flex items-center gap-2">
        <MinusCircle className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        {facts.negativePercent > 0
          ? `Negative marking: −${facts.negativePercent}% of a question's marks for a wrong answer`
          : "No negative marking"}
      </li>
    </ul>
  );
}
