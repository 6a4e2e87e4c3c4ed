/** Form and request schemas of practice tests (store and admin). */
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { MAX_WRITTEN_ANSWER } from "./limits";

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal("false"), z.literal("0"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

/** One answer saved while taking a test (POST /api/practice/attempts/:attemptId/answers). */
export const answerSchema = z.object({
  questionId: idSchema,
  choice: z
    .union([z.literal(""), z.coerce.number().int().min(0).max(20)])
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v)),
  text: z
    .string()
    .max(MAX_WRITTEN_ANSWER, `Keep the answer under ${MAX_WRITTEN_ANSWER.toLocaleString("en-IN")} characters.`)
    .optional()
    .transform((v) => (v === undefined ? null : v)),
  markedForReview: checkbox,
});

export const attemptIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("submit") }),
  z.object({
    intent: z.literal("selfmark"),
    questionId: idSchema,
    marks: z.coerce
      .number({ error: "Give a whole number of marks." })
      .int("Give a whole number of marks.")
      .min(0)
      .max(20),
  }),
]);
