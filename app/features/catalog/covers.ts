import type { Subject } from "./labels";

/** An item's cover: one per subject and kind, written by `npm run art` (scripts/generate-art.ts). */
export function coverImage(subject: Subject, kind: "course" | "note" | "pyq" | "test" | "bundle") {
  return `/images/covers/${subject.replace("_", "-")}-${kind}.svg`;
}
