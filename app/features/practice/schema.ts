/** Form and request schemas of practice tests (store and admin). */
import { z } from "zod";
import { SUBJECTS } from "~/features/catalog/labels";
import { idSchema } from "~/lib/id";
import { formatCount } from "~/lib/numbers";
import { journalProblems, parseJournalText } from "./journal";
import { DIFFICULTIES, QUESTION_TYPES } from "./labels";
import { parseLayout } from "./layout";
import { MAX_WRITTEN_ANSWER } from "./limits";
import { parseNumericAnswer } from "./scoring";

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal("false"), z.literal("0"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

/** The start page's query: `?chapter=` practises one chapter of the test. */
export const startQuery = z.object({ chapter: idSchema.optional() });

/** One answer saved while taking a test (POST /api/practice/attempts/:attemptId/answers). */
export const answerSchema = z.object({
  questionId: idSchema,
  choice: z
    .union([z.literal(""), z.coerce.number().int().min(0).max(20)])
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v)),
  text: z
    .string()
    .max(MAX_WRITTEN_ANSWER, `Keep the answer under ${formatCount(MAX_WRITTEN_ANSWER)} characters.`)
    .optional()
    .transform((v) => (v === undefined ? null : v)),
  markedForReview: checkbox,
});

export const attemptIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("submit") }),
  z.object({
    intent: z.literal("selfmark"),
    questionId: idSchema,
    // Board marking gives half marks: 2.5 is fine, 2.25 is not.
    marks: z.coerce
      .number({ error: "Give the marks, e.g. 2 or 2.5." })
      .min(0)
      .max(20)
      .refine((v) => Number.isInteger(v * 2), "Give whole or half marks, e.g. 2 or 2.5."),
  }),
]);

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep ${what} under ${formatCount(max)} characters.`);
/** An optional number field as an owner types it ("1,20,000", "₹ 45,000", "2.5"); "" is none. */
const optionalNumber = (message: string) =>
  z
    .string()
    .trim()
    .default("")
    .transform((v, ctx) => {
      if (v === "") return null;
      const n = parseNumericAnswer(v);
      if (n === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });
/** A text box the owner writes in a small syntax (a paper's layout, a journal entry): its value, or its first error on the field. */
function ownerText<T>(max: number, tooLong: string, parse: (v: string) => { value: T } | { error: string }) {
  return z
    .string()
    .max(max, tooLong)
    .default("")
    .transform((v, ctx) => {
      const parsed = parse(v);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.value;
    });
}
const optionalWords = z
  .union([
    z.literal(""),
    z.coerce.number().int("Give whole words.").min(1, "At least 1 word.").max(2000, "At most 2,000 words."),
  ])
  .optional()
  .transform((v) => (v === "" || v === undefined ? null : v));

const optionalId = z
  .union([z.literal(""), idSchema])
  .optional()
  .transform((v) => (v === "" || v === undefined ? null : v));

/** The admin's question form. Options A–D, the correct letter, marking points one per line. */
export const questionFormSchema = z
  .object({
    chapterId: idSchema.catch(0).refine((v) => v > 0, "Choose a chapter."),
    parentId: optionalId,
    type: z.enum(QUESTION_TYPES, { error: "Choose a question type." }),
    prompt: text(5000, "the question").min(1, "Write the question."),
    optionA: text(1000, "an option").default(""),
    optionB: text(1000, "an option").default(""),
    optionC: text(1000, "an option").default(""),
    optionD: text(1000, "an option").default(""),
    correct: z.enum(["", "A", "B", "C", "D"]).default(""),
    modelAnswer: text(5000, "the model answer").default(""),
    markingPoints: text(5000, "the marking points").default(""),
    answerNumber: optionalNumber("Write the answer as a number, e.g. 45000 or 2.5."),
    answerTolerance: optionalNumber("Write the tolerance as a number, e.g. 0 or 0.5.").refine(
      (v) => v === null || v >= 0,
      "The tolerance cannot be negative.",
    ),
    minWords: optionalWords,
    maxWords: optionalWords,
    journal: ownerText(5000, "Keep the entry under 5,000 characters.", (v) => {
      const parsed = parseJournalText(v);
      return "error" in parsed ? parsed : { value: parsed.lines };
    }),
    marks: z.coerce.number({ error: "Give the marks." }).int("Give whole marks.").min(0).max(20, "At most 20 marks."),
    difficulty: z.enum(DIFFICULTIES, { error: "Choose a difficulty." }),
    explanation: text(5000, "the explanation").default(""),
    source: text(200, "the source").default(""),
  })
  .refine((v) => v.type !== "numeric" || v.answerNumber !== null, {
    message: "Give the answer of a numerical question.",
    path: ["answerNumber"],
  })
  .refine((v) => v.type !== "journal" || journalProblems(v.journal).length === 0, {
    message: "Write the entry's lines: a debit and a credit that agree, e.g. Dr | Cash A/c | 50,000.",
    path: ["journal"],
  })
  .refine((v) => v.minWords === null || v.maxWords === null || v.maxWords >= v.minWords, {
    message: "The most words cannot be fewer than the least.",
    path: ["maxWords"],
  })
  .transform((v) => ({
    chapterId: v.chapterId,
    parentId: v.parentId,
    type: v.type,
    prompt: v.prompt,
    options: [v.optionA, v.optionB, v.optionC, v.optionD].filter((o) => o !== ""),
    correctOption: v.correct ? "ABCD".indexOf(v.correct) : null,
    modelAnswer: v.modelAnswer || null,
    markingPoints: v.markingPoints
      .split("\n")
      .map((p) => p.trim())
      .filter(Boolean),
    answerNumber: v.answerNumber,
    answerTolerance: v.answerTolerance ?? 0,
    minWords: v.minWords,
    maxWords: v.maxWords,
    journalLines: v.journal,
    marks: v.marks,
    difficulty: v.difficulty,
    explanation: v.explanation,
    source: v.source,
  }));

export const chapterFormSchema = z.object({
  subject: z.enum(SUBJECTS, { error: "Choose a subject." }),
  classLevel: z.enum(["11", "12"], { error: "Choose Class 11 or 12." }),
  title: text(200, "the title").min(1, "Name the chapter."),
});

const ruleSchema = z.object({
  chapterId: z.number().int().positive().nullable(),
  type: z.enum(QUESTION_TYPES).nullable(),
  difficulty: z.enum(DIFFICULTIES).nullable(),
  count: z.number().int().min(1).max(100),
});

/** The test builder: time, negative marking, instructions, chosen question ids (comma-separated) and rules (one per line). */
export const testBuilderSchema = z.object({
  timeLimitMinutes: z.coerce
    .number({ error: "Give the minutes." })
    .int()
    .min(1, "At least 1 minute.")
    .max(600, "At most 600 minutes."),
  negativePercent: z.coerce.number({ error: "Give a percentage." }).int().min(0).max(100, "At most 100%."),
  instructions: text(2000, "the instructions").default(""),
  pattern: text(200, "the pattern")
    .default("")
    .transform((v) => v || null),
  questionIds: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const parts = v.split(/[\s,]+/).filter(Boolean);
      const ids = parts.map((p) => Number(p.replace(/^#|^Q/i, "")));
      if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)) {
        ctx.addIssue({ code: "custom", message: "List question numbers separated by commas, e.g. 12, 15, 31." });
        return z.NEVER;
      }
      return ids;
    }),
  layout: ownerText(20_000, "Keep the layout under 20,000 characters.", (v) => {
    const parsed = parseLayout(v);
    return "error" in parsed ? parsed : { value: parsed.layout };
  }),
  rules: z
    .string()
    .default("[]")
    .transform((v, ctx) => {
      try {
        return z
          .array(ruleSchema)
          .max(20)
          .parse(JSON.parse(v || "[]"));
      } catch {
        ctx.addIssue({ code: "custom", message: "A rule needs a count between 1 and 100." });
        return z.NEVER;
      }
    }),
});

/** The teacher's marking queue's query: `?test=` one test's answers, `?page=`. */
export const markingQueueQuery = z.object({
  test: idSchema.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});

/** The teacher's marks of one written answer: whole or half marks and a comment. */
export const teacherMarkSchema = z.object({
  marks: z.coerce
    .number({ error: "Give the marks, e.g. 2 or 2.5." })
    .min(0, "Marks cannot be negative.")
    .max(20)
    .refine((v) => Number.isInteger(v * 2), "Give whole or half marks, e.g. 2 or 2.5."),
  comment: text(2000, "the comment").default(""),
});
