/**
 * The question bank as CSV: export, and an import checked row by row before anything is stored
 * (column layout in docs/practice-tests.md). The import is written to the audit log in the same
 * transaction.
 */
import { parse } from "csv-parse/sync";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { practiceChapters, practiceQuestions } from "~/db/schema";
import { SUBJECTS, type Subject } from "~/features/catalog/labels";
import { csvLine } from "~/lib/csv";
import { HttpError } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";
import { listChapters, normalise, type QuestionInput, questionProblems } from "./bank.server";
import { journalText, parseJournalText } from "./journal";
import { ASSERTION_REASON_OPTIONS, DIFFICULTIES, QUESTION_TYPES, type QuestionType } from "./labels";
import { parseNumericAnswer } from "./scoring";

/* --------------------------------------------------------------------- CSV */

/**
 * The CSV layout of import and export (docs/practice-tests.md). `ref` names a row within the file
 * (export writes `Q<id>`); a part of a case set gives its set's ref in `parent_ref`. Options A–D
 * (an assertion–reason row may leave them empty for the standard four); `correct` is a letter;
 * marking points are separated by ` | `.
 */
export const CSV_COLUMNS = [
  "ref",
  "parent_ref",
  "class",
  "subject",
  "chapter",
  "type",
  "prompt",
  "option_a",
  "option_b",
  "option_c",
  "option_d",
  "correct",
  "model_answer",
  "marking_points",
  "marks",
  "difficulty",
  "explanation",
  "source",
] as const;
/**
 * Columns a file may leave out (files written before numerical questions and word limits still
 * import): `answer` and `tolerance` of a numeric row, `word_limit` of a written one ("50-75", "75"),
 * `journal` of a journal entry (its lines, one per line of the cell: "Dr | Cash A/c | 50,000"; journal.ts).
 * Export writes them.
 */
export const OPTIONAL_CSV_COLUMNS = ["answer", "tolerance", "word_limit", "journal"] as const;

/** "50-75" / "50–75" → 50 and 75; "75" → up to 75; "" → none. Null when it is not a limit. */
function parseWordLimit(raw: string): { minWords: number | null; maxWords: number | null } | null {
  const text = raw.trim();
  if (!text) return { minWords: null, maxWords: null };
  const range = /^(\d{1,4})\s*[-–]\s*(\d{1,4})$/.exec(text);
  if (range) return { minWords: Number(range[1]), maxWords: Number(range[2]) };
  if (/^\d{1,4}$/.test(text)) return { minWords: null, maxWords: Number(text) };
  return null;
}

const LETTERS = ["A", "B", "C", "D"];
export const MAX_IMPORT_ROWS = 2_000;

/** The whole bank as CSV (sets followed by their parts). */
export async function exportQuestionsCsv(db: DbOrTx): Promise<string> {
  const rows = await db
    .select({ q: practiceQuestions, chapter: practiceChapters })
    .from(practiceQuestions)
    .innerJoin(practiceChapters, eq(practiceChapters.id, practiceQuestions.chapterId))
    .orderBy(
      asc(sql`coalesce(${practiceQuestions.parentId}, ${practiceQuestions.id})`),
      asc(sql`${practiceQuestions.parentId} is not null`),
      asc(practiceQuestions.position),
      asc(practiceQuestions.id),
    );
  let csv = csvLine([...CSV_COLUMNS, ...OPTIONAL_CSV_COLUMNS]);
  for (const { q, chapter } of rows) {
    const arDefault = q.type === "assertion_reason" && q.options.join("\n") === ASSERTION_REASON_OPTIONS.join("\n");
    const options = arDefault ? [] : q.options;
    csv += csvLine([
      `Q${q.id}`,
      q.parentId ? `Q${q.parentId}` : "",
      chapter.classLevel,
      chapter.subject,
      chapter.title,
      q.type,
      q.prompt,
      options[0],
      options[1],
      options[2],
      options[3],
      q.correctOption === null ? "" : LETTERS[q.correctOption],
      q.modelAnswer,
      q.markingPoints.join(" | "),
      q.marks,
      q.difficulty,
      q.explanation,
      q.source,
      q.answerNumber ?? "",
      q.type === "numeric" ? q.answerTolerance : "",
      q.minWords && q.maxWords ? `${q.minWords}-${q.maxWords}` : (q.maxWords ?? ""),
      q.type === "journal" ? journalText(q.journalLines) : "",
    ]);
  }
  return csv;
}

/**
 * Imports a CSV of questions: every row is checked first, and one bad row refuses the whole file
 * (400, "Line 7: …", by its line in the file) with nothing stored. Returns how many were added.
 */
export async function importQuestionsCsv(db: Db, actorId: string, csv: string): Promise<number> {
  let records: { record: Record<string, string>; line: number }[];
  try {
    const parsed = parse(csv, {
      columns: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      info: true,
      raw: true,
      relax_column_count: false,
    }) as {
      record: Record<string, string>;
      raw: string;
      info: { lines: number };
    }[];
    // A row's line is where it starts (a quoted cell may hold several lines: a journal entry's).
    const newlines = (raw: string) => raw.replace(/\r?\n$/, "").split("\n").length - 1;
    records = parsed.map((r) => ({ record: r.record, line: r.info.lines - newlines(r.raw) }));
  } catch (error) {
    const e = error as { lines?: number; message?: string };
    throw new HttpError(
      400,
      `Line ${e.lines ?? "?"}: the file is not valid CSV (${(e.message ?? "").split(":")[0]}).`,
      { field: "file" },
    );
  }
  if (!records.length) throw new HttpError(400, "The file has no questions.", { field: "file" });
  if (records.length > MAX_IMPORT_ROWS)
    throw new HttpError(400, `Import at most ${MAX_IMPORT_ROWS} questions per file.`, { field: "file" });
  const header = Object.keys(records[0]!.record);
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    throw new HttpError(400, `Line 1: missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`, {
      field: "file",
    });

  const chapters = await listChapters(db);
  const refs = new Map<string, { line: number; type: QuestionType; chapterId: number }>();
  const rows: { line: number; ref: string; parentRef: string; input: QuestionInput }[] = [];
  for (const { record: r, line } of records) {
    const fail = (message: string): never => {
      throw new HttpError(400, `Line ${line}: ${message}.`, { field: "file" });
    };
    const cls = r.class === "11" || r.class === "12" ? r.class : fail(`class must be 11 or 12, not "${r.class}"`);
    const subject = (SUBJECTS as readonly string[]).includes(r.subject!)
      ? (r.subject as Subject)
      : fail(`subject must be one of ${SUBJECTS.join(", ")}`);
    const chapter = chapters.find((c) => c.classLevel === cls && c.subject === subject && c.title === r.chapter);
    if (!chapter) fail(`no chapter "${r.chapter}" in Class ${cls} ${subject} (add it under Chapters first)`);
    const type = (QUESTION_TYPES as readonly string[]).includes(r.type!)
      ? (r.type as QuestionType)
      : fail(`type must be one of ${QUESTION_TYPES.join(", ")}`);
    const difficulty = (DIFFICULTIES as readonly string[]).includes(r.difficulty || "medium")
      ? ((r.difficulty || "medium") as QuestionInput["difficulty"])
      : fail(`difficulty must be easy, medium or hard`);
    const marks = /^\d{1,2}$/.test(r.marks ?? "")
      ? Number(r.marks)
      : type === "case_based" && !r.marks
        ? 0
        : fail(`marks must be a whole number`);
    const options = [r.option_a, r.option_b, r.option_c, r.option_d].map((o) => o ?? "").filter((o) => o !== "");
    const correct = r.correct ? LETTERS.indexOf(r.correct.toUpperCase()) : -1;
    if (r.correct && correct < 0) fail(`correct must be a letter A to D`);
    const answerNumber = r.answer ? parseNumericAnswer(r.answer) : null;
    if (r.answer && answerNumber === null) fail(`answer must be a number, not "${r.answer}"`);
    const tolerance = r.tolerance ? parseNumericAnswer(r.tolerance) : 0;
    if (tolerance === null || tolerance < 0) fail(`tolerance must be a number of 0 or more`);
    const words = parseWordLimit(r.word_limit ?? "");
    if (!words) fail(`word_limit must be like 50-75 or 75`);
    const journal = parseJournalText(r.journal ?? "");
    if ("error" in journal) fail(`journal: ${journal.error}`);
    const ref = r.ref ?? "";
    const parentRef = r.parent_ref ?? "";
    if (ref && refs.has(ref)) fail(`ref "${ref}" is used twice`);
    let parentId: number | null = null;
    if (parentRef) {
      const parent = refs.get(parentRef);
      if (!parent) fail(`parent_ref "${parentRef}" must name a case_based row above it in this file`);
      if (parent!.type !== "case_based") fail(`parent_ref "${parentRef}" is not a case_based row`);
      if (parent!.chapterId !== chapter!.id) fail(`a part must be in its set's chapter`);
      parentId = -1; // set after the set is inserted
    }
    const input = normalise({
      chapterId: chapter!.id,
      parentId,
      type,
      prompt: r.prompt ?? "",
      options,
      correctOption: correct >= 0 ? correct : null,
      modelAnswer: r.model_answer || null,
      markingPoints: (r.marking_points ?? "")
        .split("|")
        .map((p) => p.trim())
        .filter(Boolean),
      answerNumber,
      answerTolerance: tolerance ?? 0,
      minWords: words?.minWords ?? null,
      maxWords: words?.maxWords ?? null,
      journalLines: "lines" in journal ? journal.lines : [],
      marks,
      difficulty,
      explanation: r.explanation ?? "",
      source: r.source ?? "",
    });
    const problems = questionProblems(input);
    if (problems.length) fail(problems.join("; "));
    if (ref) refs.set(ref, { line, type, chapterId: chapter!.id });
    rows.push({ line, ref, parentRef, input });
  }
  return db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const row of rows) {
      const parentId = row.parentRef ? ids.get(row.parentRef)! : null;
      const [inserted] = await tx
        .insert(practiceQuestions)
        .values({ ...row.input, parentId, position: row.line })
        .returning({ id: practiceQuestions.id });
      if (row.ref) ids.set(row.ref, inserted!.id);
    }
    await recordEvent(tx, {
      actorId,
      type: "Practice",
      entityType: "practice_question",
      status: "Success",
      description: `Imported ${rows.length} questions from CSV`,
    });
    return rows.length;
  });
}
