import { Star } from "lucide-react";
import { ratingStars } from "~/lib/display";

/** Five stars, the whole part filled (fraction floored), and the rating with one decimal. */
export function Stars({ rating }: { rating: number }) {
  const { filled, label } = ratingStars(rating);
  return (
    <div className="flex items-center gap-1" role="img" aria-label={`Rated ${label} out of 5`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star
          key={i}
          aria-hidden
          className={i < filled ? "h-4 w-4 fill-amber-400 text-amber-400" : "h-4 w-4 text-slate-300"}
        />
      ))}
      <span className="ml-1 text-sm font-medium text-slate-700" aria-hidden>
        {label}
      </span>
    </div>
  );
}
