/** Counts as people read them: en-IN grouping (1,00,000). The only place that makes number strings. */
const countFormat = new Intl.NumberFormat("en-IN");

export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** "1 paid order", "2 paid orders" (the plural adds an s unless given). */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
