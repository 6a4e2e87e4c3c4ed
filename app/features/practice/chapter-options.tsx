import { SUBJECT_LABELS, type Subject } from "~/features/catalog/labels";

export interface ChapterOption {
  id: number;
  title: string;
  subject: Subject;
  classLevel: string;
}

/**
 * The `<option>`s of a chapter select, grouped by class and subject ("Class 12 · Accountancy"), in
 * the order given: a closed select then shows the chapter's own title, which fits a phone, where
 * "Class 12 · Accountancy · Partnership — Fundamentals" was cut off.
 */
export function ChapterOptions({ chapters }: { chapters: ChapterOption[] }) {
  const groups = new Map<string, ChapterOption[]>();
  for (const chapter of chapters) {
    const label = `Class ${chapter.classLevel} · ${SUBJECT_LABELS[chapter.subject]}`;
    const group = groups.get(label);
    if (group) group.push(chapter);
    else groups.set(label, [chapter]);
  }
  return [...groups].map(([label, inGroup]) => (
    <optgroup key={label} label={label}>
      {inGroup.map((c) => (
        <option key={c.id} value={c.id}>
          {c.title}
        </option>
      ))}
    </optgroup>
  ));
}
