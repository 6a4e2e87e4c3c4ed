/**
 * The detail page's description preview (seed-spec §9: 150 characters). Its own module, so only the
 * detail page's JavaScript carries it, not every page's that shows a card.
 */
import { DESCRIPTION_PREVIEW } from "./display";

/**
 * The description preview: at most 150 characters, ending at a word boundary (a word is never cut
 * in half; only a single word longer than the preview is), with `cut` saying whether text follows.
 */
export function descriptionPreview(text: string): { text: string; cut: boolean } {
  const chars = Array.from(text.trim());
  if (chars.length <= DESCRIPTION_PREVIEW) return { text: chars.join(""), cut: false };
  const head = chars.slice(0, DESCRIPTION_PREVIEW + 1).join("");
  // The last whitespace within the first 151 characters ends the preview (the 151st may be one).
  const boundary = head.search(/\s\S*$/);
  const kept = boundary > 0 ? head.slice(0, boundary) : chars.slice(0, DESCRIPTION_PREVIEW).join("");
  // No dangling comma or dash before the ellipsis.
  return { text: kept.replace(/[\s,;:–—-]+$/u, ""), cut: true };
}
