/**
 * Writing a course's outline (for the admin course editor): modules and their
 * lessons. Video links are validated and stored in their embed form only.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { courseModules, lessons, products } from "~/db/schema";
import { normaliseVideoUrl, VIDEO_URL_ERROR } from "./video-url";

export const moduleInput = z.object({
  title: z.string().trim().min(1, "Enter the module title.").max(200, "Keep the title under 200 characters."),
});

export const lessonInput = z.object({
  title: z.string().trim().min(1, "Enter the lesson title.").max(200, "Keep the title under 200 characters."),
  videoUrl: z
    .string()
    .trim()
    .min(1, "Enter the video link.")
    .transform((value, ctx) => {
      const embed = normaliseVideoUrl(value);
      if (!embed) {
        ctx.addIssue({ code: "custom", message: VIDEO_URL_ERROR });
        return z.NEVER;
      }
      return embed;
    }),
  durationSeconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .optional(),
});

export type ModuleInput = z.infer<typeof moduleInput>;
/** Parsed lesson input: `videoUrl` is already the embed URL. */
export type LessonInput = z.infer<typeof lessonInput>;

export interface OutlineModule {
  id: number;
  title: string;
  position: number;
  lessons: { id: number; title: string; position: number; videoUrl: string; durationSeconds: number | null }[];
}

export async function getCourseOutline(db: Db, productId: number): Promise<OutlineModule[]> {
  const mods = await db
    .select()
    .from(courseModules)
    .where(eq(courseModules.productId, productId))
    .orderBy(asc(courseModules.position), asc(courseModules.id));
  const rows = await db
    .select()
    .from(lessons)
    .where(eq(lessons.productId, productId))
    .orderBy(asc(lessons.position), asc(lessons.id));
  return mods.map((m) => ({
    id: m.id,
    title: m.title,
    position: m.position,
    lessons: rows
      .filter((l) => l.moduleId === m.id)
      .map((l) => ({
        id: l.id,
        title: l.title,
        position: l.position,
        videoUrl: l.videoUrl,
        durationSeconds: l.durationSeconds,
      })),
  }));
}

/** Appends a module to a course; null when the product is not a course. */
export async function addModule(db: Db, productId: number, input: ModuleInput): Promise<number | null> {
  const [course] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.kind, "course")));
  if (!course) return null;
  const [row] = await db
    .insert(courseModules)
    .values({
      productId,
      title: input.title,
      position: sql`(select coalesce(max(${courseModules.position}), 0) + 1 from ${courseModules} where ${courseModules.productId} = ${productId})`,
    })
    .returning({ id: courseModules.id });
  return row!.id;
}

export async function renameModule(db: Db, moduleId: number, input: ModuleInput): Promise<boolean> {
  const rows = await db
    .update(courseModules)
    .set({ title: input.title })
    .where(eq(courseModules.id, moduleId))
    .returning({ id: courseModules.id });
  return rows.length > 0;
}

/** Deletes a module with its lessons (and their completions). */
export async function deleteModule(db: Db, moduleId: number): Promise<boolean> {
  const rows = await db.delete(courseModules).where(eq(courseModules.id, moduleId)).returning({ id: courseModules.id });
  return rows.length > 0;
}

/** Appends a lesson to a module; null when there is no such module. */
export async function addLesson(db: Db, moduleId: number, input: LessonInput): Promise<number | null> {
  const [mod] = await db
    .select({ productId: courseModules.productId })
    .from(courseModules)
    .where(eq(courseModules.id, moduleId));
  if (!mod) return null;
  const [row] = await db
    .insert(lessons)
    .values({
      moduleId,
      productId: mod.productId,
      title: input.title,
      videoUrl: input.videoUrl,
      durationSeconds: input.durationSeconds,
      position: sql`(select coalesce(max(${lessons.position}), 0) + 1 from ${lessons} where ${lessons.moduleId} = ${moduleId})`,
    })
    .returning({ id: lessons.id });
  return row!.id;
}

export async function updateLesson(db: Db, lessonId: number, input: LessonInput): Promise<boolean> {
  const rows = await db
    .update(lessons)
    .set({ title: input.title, videoUrl: input.videoUrl, durationSeconds: input.durationSeconds ?? null })
    .where(eq(lessons.id, lessonId))
    .returning({ id: lessons.id });
  return rows.length > 0;
}

export async function deleteLesson(db: Db, lessonId: number): Promise<boolean> {
  const rows = await db.delete(lessons).where(eq(lessons.id, lessonId)).returning({ id: lessons.id });
  return rows.length > 0;
}
