import { progressTone } from "~/lib/display";
import { cn } from "~/ui/cn";

const TONE_CLASSES = { red: "bg-red-500", yellow: "bg-yellow-400", green: "bg-green-500" } as const;

/** Progress bar of spec §9: clamped to 0–100, red under 40, yellow under 70, green otherwise. */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const { value: v, tone } = progressTone(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v}
      data-tone={tone}
      className={cn("h-2.5 w-full overflow-hidden rounded-full bg-slate-200", className)}
    >
      <div className={cn("h-full rounded-full transition-[width]", TONE_CLASSES[tone])} style={{ width: `${v}%` }} />
    </div>
  );
}
