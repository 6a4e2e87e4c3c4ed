/**
 * A board paper's layout (issue 35): sections with their instructions ("Part A", then "Part B" as two
 * options of which the student attempts one), and internal choices ("Q 23 … OR Q 23 …": the student
 * answers one, its marks count once). Pure: the builder parses the owner's text, the attempt keeps
 * the layout it was dealt, and marking decides what counts from the answers given.
 *
 * The owner writes it as text in the test builder:
 *
 *   ## Part A: Attempt all questions.
 *   12, 15, 31 or 32, 40
 *   ## Part B, Option I: Analysis of Financial Statements
 *   50, 51
 *   ## Part B, Option II: Computerised Accounting
 *   60, 61
 */

import type { PaperLayout, PaperSection } from "~/db/schema";

/**
 * A section: its title and instructions; `group` names the part it is an option of (sections with the
 * same group: the student attempts one); `items` are top-level question ids in order, an item of two or
 * more ids an internal choice (answer one).
 */
export type { PaperLayout, PaperSection };

export const MAX_SECTIONS = 12;
const OPTION_TITLE = /^(.+?),\s*option\s+([ivx]+|\d+)$/i;

/** The owner's layout text as a layout, or the first thing wrong with it (by its line). */
export function parseLayout(text: string): { layout: PaperLayout | null } | { error: string } {
  const lines = text.split(/\r?\n/);
  const sections: PaperSection[] = [];
  const seen = new Set<number>();
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    const at = `Line ${index + 1}`;
    if (!line) continue;
    if (line.startsWith("##")) {
      const [titlePart, ...rest] = line.slice(2).split(":");
      const title = (titlePart ?? "").trim();
      if (!title) return { error: `${at}: name the section after ##, e.g. "## Part A: Attempt all questions."` };
      if (title.length > 120) return { error: `${at}: keep a section's title under 120 characters.` };
      const instructions = rest.join(":").trim();
      if (instructions.length > 1000) return { error: `${at}: keep a section's instructions under 1,000 characters.` };
      const option = OPTION_TITLE.exec(title);
      sections.push({ title, instructions, group: option ? option[1]!.trim() : null, items: [] });
      if (sections.length > MAX_SECTIONS) return { error: `${at}: a paper has at most ${MAX_SECTIONS} sections.` };
      continue;
    }
    const section = sections.at(-1);
    if (!section) return { error: `${at}: start with a section line, e.g. "## Part A: Attempt all questions."` };
    for (const cell of line.split(",")) {
      if (!cell.trim()) continue;
      const alternatives = cell.split(/\s+or\s+|\s*\/\s*/i).map((s) => s.trim());
      const ids: number[] = [];
      for (const alt of alternatives) {
        const id = Number(alt.replace(/^(#|q)/i, ""));
        if (!/^(#|q)?\d{1,10}$/i.test(alt) || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
          return { error: `${at}: "${alt}" is not a question number (write 12, or "31 or 32" for a choice).` };
        }
        if (seen.has(id)) return { error: `${at}: question #${id} is in the paper twice.` };
        seen.add(id);
        ids.push(id);
      }
      if (ids.length > 4) return { error: `${at}: an internal choice has at most 4 alternatives.` };
      section.items.push(ids);
    }
  }
  if (!sections.length) return { layout: null };
  const empty = sections.find((s) => s.items.length === 0);
  if (empty) return { error: `Section "${empty.title}" has no questions.` };
  for (const group of new Set(sections.flatMap((s) => (s.group ? [s.group] : [])))) {
    if (sections.filter((s) => s.group === group).length < 2) {
      return { error: `"${group}" has one option: give it a second ("${group}, Option II") or drop "Option".` };
    }
  }
  return { layout: { sections } };
}

/** The layout as the owner writes it (the builder's text box). */
export function layoutText(layout: PaperLayout | null): string {
  if (!layout) return "";
  return layout.sections
    .map((s) => {
      const head = `## ${s.title}${s.instructions ? `: ${s.instructions}` : ""}`;
      return `${head}\n${s.items.map((ids) => ids.join(" or ")).join(", ")}`;
    })
    .join("\n");
}

/** Every question id of the layout in paper order. */
export function layoutQuestionIds(layout: PaperLayout): number[] {
  return layout.sections.flatMap((s) => s.items.flat());
}

/**
 * What counts in a submitted paper, given which top-level questions were answered: of each part's
 * options, the one with the most answers (the first on a tie or none); of each internal choice, the
 * first alternative answered (the first when none was). Questions outside the layout always count.
 */
export function countedQuestions(
  layout: PaperLayout | null,
  questionIds: number[],
  answered: Set<number>,
): Set<number> {
  if (!layout) return new Set(questionIds);
  const inLayout = new Set(layoutQuestionIds(layout));
  const counted = new Set(questionIds.filter((id) => !inLayout.has(id)));
  for (const section of chosenSections(layout, answered)) {
    for (const ids of section.items) counted.add(ids.find((id) => answered.has(id)) ?? ids[0]!);
  }
  return counted;
}

/**
 * How much of a paper a student has answered, counted as it will be marked: the answerable questions
 * (`topId`: the top-level question each belongs to, a case set's part its set) of the options and
 * alternatives that count given what is answered so far (a plain paper: every one).
 */
export function paperProgress(
  layout: PaperLayout | null,
  questions: { id: number; topId: number }[],
  answeredIds: Set<number>,
): { answered: number; total: number } {
  const answeredTop = new Set(questions.filter((q) => answeredIds.has(q.id)).map((q) => q.topId));
  const counted = countedQuestions(layout, [...new Set(questions.map((q) => q.topId))], answeredTop);
  const units = questions.filter((q) => counted.has(q.topId));
  return { answered: units.filter((q) => answeredIds.has(q.id)).length, total: units.length };
}

/** The sections that count: every section not in a group, and the chosen option of each group. */
export function chosenSections(layout: PaperLayout, answered: Set<number>): PaperSection[] {
  const chosen: PaperSection[] = [];
  const groups = new Map<string, PaperSection>();
  const score = (s: PaperSection) => s.items.filter((ids) => ids.some((id) => answered.has(id))).length;
  for (const section of layout.sections) {
    if (!section.group) {
      chosen.push(section);
      continue;
    }
    const best = groups.get(section.group);
    if (!best) {
      groups.set(section.group, section);
      chosen.push(section);
    } else if (score(section) > score(best)) {
      groups.set(section.group, section);
      chosen[chosen.indexOf(best)] = section;
    }
  }
  return chosen;
}

/** The marks a paper is out of: each item once (its first alternative) in every section that counts with nothing answered. */
export function layoutMaxMarks(layout: PaperLayout, marksOf: (id: number) => number): number {
  return chosenSections(layout, new Set()).reduce(
    (sum, section) => sum + section.items.reduce((n, ids) => n + marksOf(ids[0]!), 0),
    0,
  );
}

/**
 * Problems with the marks of a layout: the options of a part must carry the same marks, and the
 * alternatives of an internal choice the same marks, or a student's choice would change what the paper
 * is out of.
 */
export function layoutMarkProblems(layout: PaperLayout, marksOf: (id: number) => number): string[] {
  const problems: string[] = [];
  for (const section of layout.sections) {
    for (const ids of section.items) {
      const marks = new Set(ids.map(marksOf));
      if (marks.size > 1) problems.push(`the choice ${ids.map((id) => `#${id}`).join(" or ")} carries different marks`);
    }
  }
  const totals = new Map<string, Set<number>>();
  for (const section of layout.sections) {
    if (!section.group) continue;
    const total = section.items.reduce((n, ids) => n + marksOf(ids[0]!), 0);
    totals.set(section.group, (totals.get(section.group) ?? new Set()).add(total));
  }
  for (const [group, set] of totals) {
    if (set.size > 1) problems.push(`the options of ${group} carry different marks (${[...set].join(" and ")})`);
  }
  return problems;
}

/** Where a question sits in a sectioned paper, for the taking page and the result. */
export interface PaperPlace {
  /** On the first question of a section: the section's heading. */
  section: { title: string; instructions: string; group: string | null } | null;
  /** The first question of the second (third…) alternative of an internal choice: shown after an "OR". */
  alternative: boolean;
}

/**
 * The place of each answerable question (by id) in the layout; `topOf` gives a question's top-level
 * id (a case set's part: its set). Questions outside the layout have no place.
 */
export function placesOf(
  layout: PaperLayout | null,
  questions: { id: number; parentId: number | null }[],
): Map<number, PaperPlace> {
  const places = new Map<number, PaperPlace>();
  if (!layout) return places;
  const where = new Map<number, { section: number; first: boolean }>();
  for (const [section, s] of layout.sections.entries()) {
    for (const ids of s.items) {
      for (const [i, id] of ids.entries()) where.set(id, { section, first: i === 0 });
    }
  }
  const headed = new Set<number>();
  const started = new Set<number>();
  for (const q of questions) {
    const top = q.parentId ?? q.id;
    const at = where.get(top);
    if (!at) continue;
    const s = layout.sections[at.section]!;
    const section = headed.has(at.section) ? null : { title: s.title, instructions: s.instructions, group: s.group };
    headed.add(at.section);
    places.set(q.id, { section, alternative: !at.first && !started.has(top) });
    started.add(top);
  }
  return places;
}
