import { ratingStars } from "~/lib/display";
import { countOf, formatCount } from "~/lib/numbers";

/** Width of the filled stars: n × 20 px less the last 4 px gap (literal classes for Tailwind). */
const FILLED_WIDTH = ["w-0", "w-4", "w-9", "w-14", "w-19", "w-24"] as const;

/**
 * Five stars, the whole part filled (fraction floored), and the rating with one decimal.
 * The stars are two masked spans (see `.stars-track` in app.css), not five inline SVGs.
 * An item without reviews (rating 0: every review gives 1 to 5 stars) shows "New", not a fake zero.
 */
export function Stars({ rating, count }: { rating: number; count?: number }) {
  if (!(rating > 0)) return <span className="text-sm font-semibold text-emerald-700">New</span>;
  const { filled, label } = ratingStars(rating);
  const from = count === undefined ? "" : ` from ${countOf(count, "review")}`;
  return (
    <div className="flex items-center gap-1" role="img" aria-label={`Rated ${label} out of 5${from}`}>
      <span aria-hidden className="relative block h-4 w-24 shrink-0">
        <span className="stars-track" />
        <span className={`stars-fill ${FILLED_WIDTH[filled]}`} />
      </span>
      <span className="ml-1 text-sm font-medium text-slate-700" aria-hidden>
        {label}
      </span>
      {count === undefined ? null : (
        <span className="text-sm text-slate-600" aria-hidden>
          ({formatCount(count)})
        </span>
      )}
    </div>
  );
}
