import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names (strings, conditionals, arrays). It does NOT resolve Tailwind conflicts (no
 * tailwind-merge: 8.5 KB gzip on every page): never pass a class that fights a component's own
 * (another colour, padding or max-width); give the component a variant or option instead.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
