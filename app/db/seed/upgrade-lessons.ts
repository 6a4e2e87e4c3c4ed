/**
 * An install seeded before issue 32: its lessons played one 6-second test pattern (storage prefix
 * `videos/sample-v1`) while stating 10–29 minutes, under made-up YouTube/Vimeo links hashed from the
 * course title. At start-up each such lesson gets its subject's narrated sample lecture and that
 * lecture's real length, and loses its made-up link (a link the owner changed is kept). Idempotent:
 * it acts only on rows still at the old prefix.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../client.server";
import * as schema from "../schema";
import { sampleVideoRow } from "./sample-video";

export const OLD_SAMPLE_PREFIX = "videos/sample-v1";

/** The link the first seed made up for lesson `l` of module `m` of a course (its old lessons.ts). */
export function madeUpLink(courseTitle: string, subject: string, m: number, l: number): string {
  const digest = createHash("sha256").update(`${courseTitle}/${m}/${l}`).digest();
  return subject === "business_studies"
    ? `https://player.vimeo.com/video/${100_000_000 + (digest.readUInt32BE(0) % 800_000_000)}`
    : `https://www.youtube-nocookie.com/embed/${digest.toString("base64url").slice(0, 11)}`;
}

export async function upgradeSampleLessons(tx: DbOrTx): Promise<number> {
  const old = await tx
    .select({
      lessonId: schema.lessons.id,
      videoUrl: schema.lessons.videoUrl,
      lessonPosition: schema.lessons.position,
      modulePosition: schema.courseModules.position,
      courseTitle: schema.products.title,
      subject: schema.products.subject,
    })
    .from(schema.lessonVideos)
    .innerJoin(schema.lessons, eq(schema.lessons.id, schema.lessonVideos.lessonId))
    .innerJoin(schema.courseModules, eq(schema.courseModules.id, schema.lessons.moduleId))
    .innerJoin(schema.products, eq(schema.products.id, schema.lessons.productId))
    .where(eq(schema.lessonVideos.hlsPrefix, OLD_SAMPLE_PREFIX));
  for (const row of old) {
    const video = sampleVideoRow(row.lessonId, row.subject);
    await tx.update(schema.lessonVideos).set(video).where(eq(schema.lessonVideos.lessonId, row.lessonId));
    const madeUp =
      row.videoUrl === madeUpLink(row.courseTitle, row.subject, row.modulePosition - 1, row.lessonPosition - 1);
    await tx
      .update(schema.lessons)
      .set({ durationSeconds: video.durationSeconds, ...(madeUp ? { videoUrl: null } : {}) })
      .where(eq(schema.lessons.id, row.lessonId));
  }
  return old.length;
}
