/** Counts as people read them: en-IN grouping (1,00,000). The only place that makes number strings. */
const countFormat = new Intl.NumberFormat("en-IN");

export function formatCount(n: number): string {
  return countFormat.format(n);
}
