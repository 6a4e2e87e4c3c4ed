import { z } from "zod";
import { idSchema } from "~/lib/id";

export const playerQuery = z.object({
  lesson: idSchema.optional(),
});

export const lessonProgressForm = z.object({
  intent: z.enum(["complete", "incomplete"]),
  lessonId: idSchema,
});
