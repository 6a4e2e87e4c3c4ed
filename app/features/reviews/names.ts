/** How a reviewer is named in public: first name and last initial ("Riya S."), never the full name. */
export function reviewerDisplayName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "A student";
  const first = parts[0]!;
  if (parts.length === 1) return first;
  const last = Array.from(parts[parts.length - 1]!)[0]!.toUpperCase();
  return `${first} ${last}.`;
}

/** "4.8" for an average; the stars themselves follow lib/display's rule. */
export function averageOf(sum: number, count: number): number {
  return count > 0 ? sum / count : 0;
}
