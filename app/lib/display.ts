/** Display rules of seed-spec §9. */

export const TITLE_LIMIT = 45;
export const TITLE_CHUNK = 42;
export const DESCRIPTION_PREVIEW = 150;
export const FEATURED_NOTES = 4;

/** Titles over 45 characters: the first 42-character chunk followed by an ellipsis. */
export function shortenTitle(title: string): string {
  const chars = Array.from(title);
  if (chars.length <= TITLE_LIMIT) return title;
  return `${chars.slice(0, TITLE_CHUNK).join("")}…`;
}

export function isTitleShortened(title: string): boolean {
  return Array.from(title).length > TITLE_LIMIT;
}

/** Five stars: the whole part of the rating filled (fractional part floored), one decimal shown. */
export function ratingStars(rating: number): { filled: number; label: string } {
  const clamped = Math.min(5, Math.max(0, rating));
  return { filled: Math.floor(clamped), label: clamped.toFixed(1) };
}

/** Progress bar value clamped to 0–100; red under 40, yellow under 70, green otherwise. */
export function progressTone(value: number): { value: number; tone: "red" | "yellow" | "green" } {
  const v = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
  return { value: v, tone: v < 40 ? "red" : v < 70 ? "yellow" : "green" };
}
