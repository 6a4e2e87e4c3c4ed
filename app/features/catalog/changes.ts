/** What an edit of a course, note or PYQ changed, in words for the audit log (never a field name). */
import type { products } from "~/db/schema";
import { accessLabel } from "~/lib/access-period";
import { formatPaise } from "~/lib/money";
import { CLASS_LABELS } from "./class-levels";
import { KIND_SHORT_LABELS, STATUS_LABELS, SUBJECT_LABELS } from "./labels";

/** The columns of a product row an edit is described by. */
export type ProductValues = Pick<
  typeof products.$inferSelect,
  | "kind"
  | "title"
  | "subject"
  | "classLevel"
  | "status"
  | "pricePaise"
  | "isFree"
  | "instructorId"
  | "description"
  | "modules"
  | "image"
  | "fileKey"
  | "accessUntil"
  | "accessMonths"
>;

function priceWords(v: Pick<ProductValues, "pricePaise" | "isFree">) {
  return v.isFree ? "Free" : v.pricePaise > 0 ? formatPaise(v.pricePaise) : "no price";
}

/**
 * `Course "Accountancy Class 12" updated: Draft → Published, price ₹999.99 → ₹1,299.00`;
 * a new title reads `Course "Old" renamed to "New"`; a save that changed nothing says so.
 */
export function describeProductChanges(before: ProductValues, after: ProductValues): string {
  const changes: string[] = [];
  if (before.status !== after.status) changes.push(`${STATUS_LABELS[before.status]} → ${STATUS_LABELS[after.status]}`);
  if (before.pricePaise !== after.pricePaise || before.isFree !== after.isFree)
    changes.push(after.isFree ? "now free" : `price ${priceWords(before)} → ${priceWords(after)}`);
  if (before.subject !== after.subject)
    changes.push(`subject ${SUBJECT_LABELS[before.subject]} → ${SUBJECT_LABELS[after.subject]}`);
  if (before.classLevel !== after.classLevel)
    changes.push(`for ${CLASS_LABELS[after.classLevel]} (was ${CLASS_LABELS[before.classLevel]})`);
  if (before.instructorId !== after.instructorId) changes.push("instructor changed");
  if (before.description !== after.description) changes.push("description changed");
  if (before.modules.join("\n") !== after.modules.join("\n")) changes.push("topics changed");
  if (before.image !== after.image) changes.push("new cover image");
  if (before.fileKey !== after.fileKey) changes.push("new PDF");
  if (before.accessUntil !== after.accessUntil || before.accessMonths !== after.accessMonths)
    changes.push(`access ${accessLabel(before)} → ${accessLabel(after)}`);
  const kind = KIND_SHORT_LABELS[before.kind];
  const what =
    before.title === after.title ? `${kind} "${after.title}"` : `${kind} "${before.title}" renamed to "${after.title}"`;
  if (!changes.length) return before.title === after.title ? `${what} saved (no changes)` : what;
  return `${what}${before.title === after.title ? " updated" : ""}: ${changes.join(", ")}`;
}
