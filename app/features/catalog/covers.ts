import type { Subject } from "./labels";

/** An item's cover: one per subject and kind, written by `npm run art` (scripts/generate-art.ts). */
export function coverImage(subject: Subject, kind: "course" | "note" | "pyq" | "test" | "bundle") {
  // A bundle (issue 36) wears the course cover of its subject: it is sold as the subject's complete set.
  return `/images/covers/${subject.replace("_", "-")}-${kind === "bundle" ? "course" : kind}.svg`;
}
