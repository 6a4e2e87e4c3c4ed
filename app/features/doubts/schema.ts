/** Input schemas of doubts: the student's question and search, and the admin's answer, hide and queue filters. */
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { formatCount } from "~/lib/numbers";

export const DOUBT_MIN = 10;
export const DOUBT_MAX = 2000;
export const ANSWER_MIN = 2;
export const ANSWER_MAX = 4000;
export const SEARCH_MAX = 100;
/** A doubt's photo: the upload limit of an image (platform/files/upload.server.ts UPLOAD_LIMITS.image). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Plain text between `min` and `max` characters (counted as people count them: code points). */
function text(min: number, max: number, what: string) {
  return z
    .string({ error: `Write your ${what}.` })
    .transform((v) => v.replace(/\r\n/g, "\n").trim())
    .refine((v) => Array.from(v).length >= min, `Write at least ${min} characters.`)
    .refine((v) => Array.from(v).length <= max, `Keep it under ${formatCount(max)} characters.`);
}

/** A student's doubt under a lesson (`lessonId`) or under a practice question of an attempt (`questionId`). */
export const askDoubtSchema = z.object({
  intent: z.literal("ask"),
  body: text(DOUBT_MIN, DOUBT_MAX, "doubt"),
});

export const lessonDoubtSchema = askDoubtSchema.extend({ lessonId: idSchema });
export const questionDoubtSchema = askDoubtSchema.extend({ questionId: idSchema });

/** The search box under a lesson's doubts (`?dq=`): a bad value is no search. */
export const doubtSearchSchema = z.object({
  dq: z
    .string()
    // PostgreSQL cannot take a NUL in text: dropped, as the search box never sends one.
    .transform((v) => v.replaceAll("\u0000", "").trim().slice(0, SEARCH_MAX))
    .optional()
    .catch(undefined),
});

export const doubtModerationSchema = z.object({
  intent: z.enum(["answer", "hide", "unhide"], { error: "Unknown action." }),
  doubtId: idSchema,
});

export const answerSchema = z.object({
  intent: z.literal("answer"),
  doubtId: idSchema,
  answer: text(ANSWER_MIN, ANSWER_MAX, "answer"),
});

export const adminDoubtFiltersSchema = z.object({
  product: idSchema.optional().catch(undefined),
  status: z.enum(["open", "answered", "hidden"]).optional().catch(undefined),
  // Offset paging, so a forged deep page is refused (back to the first): the filters narrow the list instead.
  page: z.coerce.number().int().min(1).max(200).default(1).catch(1),
});
export type AdminDoubtFilters = z.output<typeof adminDoubtFiltersSchema>;
