/** Counts as people read them: en-IN grouping (1,00,000). The only place that makes number strings. */
const countFormat = new Intl.NumberFormat("en-IN");

export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** "1 paid order", "2 paid orders", "1,200 lessons" (the plural adds an s unless given). */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

/**
 * A length of video as people read it, to the nearest minute: "45 min", "2 h", "3 h 20 min".
 * Anything above zero is at least "1 min".
 */
export function formatDuration(seconds: number): string {
  const minutes = seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${formatCount(hours)} h` : `${formatCount(hours)} h ${rest} min`;
}
