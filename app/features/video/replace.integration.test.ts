/**
 * Issue 32, defect 2: replacing a lesson's video. The current video keeps playing while the new one
 * is uploaded, queued, transcoded (or fails), and the lesson switches when it is ready; an upload
 * with no chunk for VIDEO_UPLOAD_EXPIRY_HOURS expires: its bytes go and the lesson shows what it had.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { isSampleVideoPrefix } from "~/features/video/sample-lecture";
import { getEnv, resolveDataDir } from "~/lib/env.server";
import { startJobQueue } from "~/platform/jobs/queue.server";
import { getDbHandle } from "../../../tests/helpers/db";
import { createUser } from "../../../tests/helpers/factories";
import { useTestStorage } from "../../../tests/helpers/storage";
import { byteStream, sampleVideoBytes } from "../../../tests/helpers/video";
import { hostedVideoFor, watchableVideo } from "./playback.server";
import {
  beginUpload,
  EXPIRE_UPLOADS_JOB,
  expireStaleUploads,
  getLessonVideo,
  lessonVideoStates,
  receiveChunk,
  transcodeLesson,
  videoJobs,
  videoPanelState,
} from "./video.server";

let sample: Uint8Array;
beforeAll(async () => {
  sample = await sampleVideoBytes({ seconds: 3, width: 426, height: 240, title: "New lecture" });
}, 60_000);

/** The admin who acts (each video action is audited with its actor). */
async function admin() {
  return (await createUser({ role: "admin" })).id;
}

/** A seeded video lesson (it plays the sample lecture) and a student of its course. */
async function lessonWithStudent() {
  const db = await getDb();
  const [lesson] = await db
    .select()
    .from(schema.lessons)
    .where(isNull(schema.lessons.testProductId))
    .orderBy(schema.lessons.id)
    .limit(1);
  const user = await createUser();
  await db.insert(schema.enrolments).values({ userId: user.id, productId: lesson!.productId, source: "grant" });
  return { lesson: lesson!, student: { ...user, role: "student" as const } };
}

const partFile = (lessonId: number) => path.join(resolveDataDir(), "uploads", `lesson-${lessonId}.part`);
const HOUR = 3_600_000;

describe("replacing a lesson's video", () => {
  it("the current video plays while the new one uploads, queues, transcodes; then the lesson switches", async () => {
    const { storage } = useTestStorage();
    const db = await getDb();
    const { lesson, student } = await lessonWithStudent();
    const actor = await admin();
    const before = await hostedVideoFor(db, student, lesson.id);
    expect(before).not.toBeNull();
    expect(before!.captions).toBe(`/api/video/${lesson.id}/captions.vtt`);
    expect(isSampleVideoPrefix((await getLessonVideo(db, lesson.id))?.hlsPrefix)).toBe(true);
    // The owner's editor marks it "Sample" (admin-course-editor.tsx) until their own video is ready.
    expect((await lessonVideoStates(db, lesson.productId))[lesson.id]).toMatchObject({ status: "ready", sample: true });

    await beginUpload(db, actor, lesson.id, { name: "new.mp4", size: sample.length });
    const half = Math.floor(sample.length / 2);
    await receiveChunk(db, actor, storage, lesson.id, 0, byteStream(sample.subarray(0, half)), async () => {});
    // Uploading: students still get the current video (not the embed), and its key.
    expect(await hostedVideoFor(db, student, lesson.id)).toEqual(before);
    expect(isSampleVideoPrefix((await watchableVideo(db, student, lesson.id)).hlsPrefix)).toBe(true);
    const uploading = await videoPanelState(db, lesson.id);
    expect(uploading).toMatchObject({ status: "uploading", received: half });
    expect(uploading.label).toBe("Uploading · the current video plays until the new one is ready");

    await receiveChunk(db, actor, storage, lesson.id, half, byteStream(sample.subarray(half)), async () => {});
    expect(await videoPanelState(db, lesson.id)).toMatchObject({
      status: "queued",
      label: "Queued · the current video plays until the new one is ready",
    });
    expect(await hostedVideoFor(db, student, lesson.id)).toEqual(before);
    // Transcoding (mid-way, as the job reports it): still the current video.
    await db
      .update(schema.lessonVideos)
      .set({ status: "processing", progress: 73 })
      .where(eq(schema.lessonVideos.lessonId, lesson.id));
    expect(await videoPanelState(db, lesson.id)).toMatchObject({
      status: "processing",
      progress: 73,
      label: "Transcoding 73% · the current video plays until the new one is ready",
    });
    expect((await lessonVideoStates(db, lesson.productId))[lesson.id]).toMatchObject({ sample: true });
    expect(await hostedVideoFor(db, student, lesson.id)).toEqual(before);
    await db.update(schema.lessonVideos).set({ status: "queued" }).where(eq(schema.lessonVideos.lessonId, lesson.id));

    await transcodeLesson(db, storage, lesson.id);
    const after = await hostedVideoFor(db, student, lesson.id);
    const ready = await getLessonVideo(db, lesson.id);
    expect(ready).toMatchObject({ status: "ready", durationSeconds: 3 });
    expect(isSampleVideoPrefix(ready!.hlsPrefix)).toBe(false);
    // The owner's upload has no captions: the sample's are not shown over it.
    expect(ready!.captionsKey).toBeNull();
    expect(after).toMatchObject({ durationSeconds: 3, captions: null, renditions: [{ name: "240p", height: 240 }] });
    expect(await videoPanelState(db, lesson.id)).toMatchObject({ status: "ready", label: "Ready" });
    expect((await lessonVideoStates(db, lesson.productId))[lesson.id]).toMatchObject({ sample: false });
  }, 120_000);

  it("a replacement whose transcode fails leaves the current video playing", async () => {
    const db = await getDb();
    const { lesson, student } = await lessonWithStudent();
    const before = await hostedVideoFor(db, student, lesson.id);
    await db
      .update(schema.lessonVideos)
      .set({ status: "failed", error: "ffmpeg exited with code 1", sourceKey: "videos/broken.mp4" })
      .where(eq(schema.lessonVideos.lessonId, lesson.id));
    expect(await hostedVideoFor(db, student, lesson.id)).toEqual(before);
    expect((await videoPanelState(db, lesson.id)).label).toBe(
      "Failed: ffmpeg exited with code 1 · the current video still plays",
    );
  });
});

describe("an abandoned upload expires", () => {
  it("after VIDEO_UPLOAD_EXPIRY_HOURS without a chunk its bytes go and the lesson is as before; a chunk keeps it alive", async () => {
    const { storage } = useTestStorage();
    const db = await getDb();
    const { lesson, student } = await lessonWithStudent();
    const actor = await admin();
    const before = await hostedVideoFor(db, student, lesson.id);
    expect(getEnv().VIDEO_UPLOAD_EXPIRY_HOURS).toBe(24);

    await beginUpload(db, actor, lesson.id, { name: "big.mp4", size: sample.length });
    await receiveChunk(db, actor, storage, lesson.id, 0, byteStream(sample.subarray(0, 1000)), async () => {});
    expect(fs.existsSync(partFile(lesson.id))).toBe(true);
    const now = Date.now();
    // Within the day nothing happens.
    expect(await expireStaleUploads(db, storage, { now: new Date(now + 23 * HOUR) })).toEqual([]);
    // A chunk 23 hours later keeps it alive for another day.
    await db.execute(
      sql`update lesson_videos set updated_at = now() - interval '23 hours' where lesson_id = ${lesson.id}`,
    );
    await receiveChunk(db, actor, storage, lesson.id, 1000, byteStream(sample.subarray(1000, 2000)), async () => {});
    expect(await expireStaleUploads(db, storage, { now: new Date(now + 2 * HOUR) })).toEqual([]);
    expect((await getLessonVideo(db, lesson.id))?.status).toBe("uploading");

    // A day after the last chunk: gone, and the lesson plays its current video again, shown as Ready.
    expect(await expireStaleUploads(db, storage, { now: new Date(now + 25 * HOUR) })).toEqual([lesson.id]);
    expect(fs.existsSync(partFile(lesson.id))).toBe(false);
    expect(await videoPanelState(db, lesson.id)).toMatchObject({ status: "ready", label: "Ready", received: 0 });
    expect(await hostedVideoFor(db, student, lesson.id)).toEqual(before);
  });

  it("a first upload that expires leaves the lesson as it was (its link), and its earlier failed original is removed", async () => {
    const { storage } = useTestStorage();
    const db = await getDb();
    const { lesson, student } = await lessonWithStudent();
    const actor = await admin();
    const [lessonBefore] = await db.select().from(schema.lessons).where(eq(schema.lessons.id, lesson.id));
    await storage.put("videos/failed-before/source.mp4", sample);
    await db.delete(schema.lessonVideos).where(eq(schema.lessonVideos.lessonId, lesson.id));
    await db.insert(schema.lessonVideos).values({
      lessonId: lesson.id,
      status: "failed",
      error: "broken",
      sourceKey: "videos/failed-before/source.mp4",
    });
    await beginUpload(db, actor, lesson.id, { name: "again.mp4", size: sample.length });
    await receiveChunk(db, actor, storage, lesson.id, 0, byteStream(sample.subarray(0, 1000)), async () => {});
    expect(await expireStaleUploads(db, storage, { now: new Date(Date.now() + 25 * HOUR) })).toEqual([lesson.id]);
    expect(await getLessonVideo(db, lesson.id)).toBeUndefined();
    expect(await storage.exists("videos/failed-before/source.mp4")).toBe(false);
    expect(fs.existsSync(partFile(lesson.id))).toBe(false);
    expect(await hostedVideoFor(db, student, lesson.id)).toBeNull();
    expect(await db.select().from(schema.lessons).where(eq(schema.lessons.id, lesson.id))).toEqual([lessonBefore]);
  });

  it("the sweep is a job on the queue, sent a few times per expiry period", async () => {
    const { storage } = useTestStorage();
    const db = await getDb();
    const { lesson } = await lessonWithStudent();
    const actor = await admin();
    const job = videoJobs(db, storage).find((j) => j.name === EXPIRE_UPLOADS_JOB);
    expect(job?.every?.seconds).toBe(3600);
    await beginUpload(db, actor, lesson.id, { name: "quiet.mp4", size: sample.length });
    await db.execute(
      sql`update lesson_videos set updated_at = now() - interval '25 hours' where lesson_id = ${lesson.id}`,
    );
    const queue = await startJobQueue(await getDbHandle(), videoJobs(db, storage));
    try {
      await queue.send(EXPIRE_UPLOADS_JOB, {});
      for (let i = 0; (await getLessonVideo(db, lesson.id))?.status !== "ready"; i++) {
        if (i > 300) throw new Error("the sweep did not run");
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await queue.stop();
    }
  }, 60_000);
});
