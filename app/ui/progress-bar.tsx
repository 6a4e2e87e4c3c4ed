import { progressTone } from "~/lib/display";
import { cn } from "./cn";

const TONE_CLASSES = {
  red: "bg-red-500",
  yellow: "bg-yellow-400",
  green: "bg-green-500",
  neutral: "bg-brand-600",
} as const;

/**
 * The one progress bar: `role="progressbar"` with `aria-valuemin`/`aria-valuemax`/`aria-valuenow`
 * and a label, the value clamped to 0–100. `tone="score"` (a course's progress, a rate against its
 * target; spec §9) is red under 40, yellow under 70 and green otherwise; `tone="neutral"` is one
 * colour (an upload or a transcode under way).
 */
export function ProgressBar({
  value,
  label,
  className,
  tone = "score",
}: {
  value: number;
  label: string;
  className?: string;
  tone?: "score" | "neutral";
}) {
  const { value: v, tone: scoreTone } = progressTone(value);
  const shade = tone === "neutral" ? "neutral" : scoreTone;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v}
      data-tone={shade}
      className={cn("h-2.5 w-full overflow-hidden rounded-full bg-slate-200", className)}
    >
      <div className={cn("h-full rounded-full transition-[width]", TONE_CLASSES[shade])} style={{ width: `${v}%` }} />
    </div>
  );
}
