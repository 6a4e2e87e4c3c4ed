/** Course completion in whole percent (0 when a course has no lessons yet). */
export function coursePercent(completed: number, total: number): number {
  if (!total || total < 0) return 0;
  return Math.round((Math.min(completed, total) / total) * 100);
}
