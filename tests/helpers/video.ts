/** Helpers of the video integration tests (app/features/video/*.integration.test.ts). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { generateSample } from "~/features/video/transcode.server";
import { transcodeLesson } from "~/features/video/video.server";
import type { FileStorage } from "~/platform/files/storage.server";
import { loader as videoLoader } from "~/routes/api/video";
import { createTestUser } from "./auth";
import { makeRequest, routeCall } from "./route";

/** A short video made with ffmpeg (call it in `beforeAll`): its bytes. */
export async function sampleVideoBytes(opts: Parameters<typeof generateSample>[1]): Promise<Uint8Array> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-video-test-")), "sample.mp4");
  await generateSample(file, opts);
  return new Uint8Array(fs.readFileSync(file));
}

/** The bytes as a request body's stream, in one piece. */
export function byteStream(bytes: Uint8Array) {
  return new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
}

/**
 * The first lesson that is not a free preview (only its owner may watch it), given a freshly
 * transcoded video from `source` (bytes of an mp4) through `storage` under `prefix`.
 */
export async function transcodedLesson(storage: FileStorage, source: Uint8Array, prefix: string) {
  const db = await getDb();
  const [lesson] = await db
    .select({ id: schema.lessons.id, productId: schema.lessons.productId })
    .from(schema.lessons)
    .where(and(isNull(schema.lessons.testProductId), eq(schema.lessons.isPreview, false)))
    .orderBy(schema.lessons.id)
    .limit(1);
  const sourceKey = `${prefix}/source.mp4`;
  await storage.put(sourceKey, source);
  await db.delete(schema.lessonVideos).where(eq(schema.lessonVideos.lessonId, lesson!.id));
  await db.insert(schema.lessonVideos).values({ lessonId: lesson!.id, status: "queued", sourceKey, sourceBytes: 1 });
  await transcodeLesson(db, storage, lesson!.id);
  return lesson!;
}

/** A student who owns the lesson's course (a granted enrolment). */
export async function ownerOf(lesson: { productId: number }) {
  const user = await createTestUser();
  await (await getDb())
    .insert(schema.enrolments)
    .values({ userId: user.id, productId: lesson.productId, source: "grant" });
  return user;
}

/** GET /api/video/:lessonId/<sub> through the route's loader: its status, body, headers, or refusal message. */
export async function videoGet(lessonId: number, sub: string, cookie?: string) {
  try {
    const response = (await routeCall(videoLoader, {
      request: makeRequest(`/api/video/${lessonId}/${sub}`, { headers: cookie ? { cookie } : {} }),
      params: { lessonId: String(lessonId), "*": sub.split("?")[0] },
      context: {},
    } as never)) as Response;
    return {
      status: response.status,
      body: new Uint8Array(await response.arrayBuffer()),
      headers: response.headers,
      message: undefined as string | undefined,
    };
  } catch (error) {
    const init = (error as { init?: ResponseInit; data?: unknown }).init;
    if (!init) throw error;
    return {
      status: init.status ?? 500,
      body: new Uint8Array(),
      headers: new Headers(init.headers),
      message: (error as { data?: { message?: string } }).data?.message,
    };
  }
}
