import { z } from "zod";

/** A database id from the URL: a positive 32-bit integer, anything else is "not found". */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export const playerQuery = z.object({
  lesson: idParam.optional(),
});

export const lessonProgressForm = z.object({
  intent: z.enum(["complete", "incomplete"]),
  lessonId: idParam,
});
