import { z } from "zod";

/** The admin's upload requests (routes/admin/lesson-video.ts). */
export const videoUploadSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("begin"),
    name: z.string().trim().min(1, "Choose a file").max(200),
    size: z.coerce.number().int().positive("The file is empty"),
  }),
  z.object({ intent: z.literal("retry") }),
]);

export const offsetSchema = z.coerce.number().int().min(0);

/** The player's report (POST /api/video/:lessonId/position): where it is and how much was watched. */
export const positionSchema = z.object({
  seconds: z.coerce.number().min(0).max(86_400),
  watched: z.coerce.number().min(0).max(86_400).default(0),
});
