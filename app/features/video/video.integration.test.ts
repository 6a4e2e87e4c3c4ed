import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { isSampleVideoPrefix, SAMPLE_KEY_HEX } from "~/features/video/sample-lecture";
import { getBytes } from "~/platform/files/storage.server";
import { type JobQueue, startJobQueue } from "~/platform/jobs/queue.server";
import { getDbHandle } from "../../../tests/helpers/db";
import { createUser } from "../../../tests/helpers/factories";
import { useTestStorage } from "../../../tests/helpers/storage";
import { byteStream } from "../../../tests/helpers/video";
import { generateSample, ladderFor, segmentStarts, transcodeToHls } from "./transcode.server";
import {
  beginUpload,
  getLessonVideo,
  receiveChunk,
  retryTranscode,
  TRANSCODE_JOB,
  transcodeSendOptions,
  UPLOAD_BUSY,
  uploadState,
  videoJobs,
  videoStateLabel,
} from "./video.server";

let sample: string;
beforeAll(async () => {
  sample = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-video-test-")), "sample.mp4");
  await generateSample(sample, { seconds: 5, width: 640, height: 360, title: "Test lesson" });
}, 60_000);

let queue: JobQueue | undefined;
afterEach(async () => {
  await queue?.stop();
  queue = undefined;
});

/** The admin who acts (each video action is audited with its actor). */
async function admin() {
  return (await createUser({ role: "admin" })).id;
}

async function firstLesson() {
  // A video lesson (a lesson of type test takes no video).
  const [lesson] = await (await getDb())
    .select()
    .from(schema.lessons)
    .where(isNull(schema.lessons.testProductId))
    .orderBy(schema.lessons.id)
    .limit(1);
  return lesson!;
}

/** The bytes in `pieces` parts, a few milliseconds apart (a chunk still arriving when another starts). */
async function waitFor<T>(probe: () => Promise<T | undefined | false>, ms = 90_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("ladder", () => {
  it("never upscales: a 360p source gets 240p and 360p, a 1080p source stops at 720p", () => {
    expect(ladderFor({ width: 640, height: 360 }).map((r) => r.name)).toEqual(["240p", "360p"]);
    expect(ladderFor({ width: 1920, height: 1080 }).map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual([
      "240p 426x240",
      "360p 640x360",
      "720p 1280x720",
    ]);
    expect(ladderFor({ width: 320, height: 180 }).map((r) => r.height)).toEqual([180]);
  });
});

describe("segments", () => {
  it("2-second segments for the first 12 s, then 4 s (the muxer cuts only at keyframes)", async () => {
    expect(segmentStarts(30)).toEqual([0, 2, 4, 6, 8, 10, 12, 16, 20, 24, 28]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-video-segments-"));
    const source = path.join(dir, "source.mp4");
    await generateSample(source, { seconds: 17, width: 426, height: 240, title: "Segments" });
    await transcodeToHls(source, path.join(dir, "hls"));
    const playlist = fs.readFileSync(path.join(dir, "hls", "240p", "index.m3u8"), "utf8");
    const lengths = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Math.round(Number(m[1]) * 100) / 100);
    expect(lengths).toEqual([2, 2, 2, 2, 2, 2, 4, 1]);
  }, 60_000);
});

describe("video upload and transcode", () => {
  it("uploads in chunks (continuing after a drop), queues, transcodes into encrypted HLS and reports progress", async () => {
    const { storage } = useTestStorage();
    const db = await getDb();
    const lesson = await firstLesson();
    const actor = await admin();
    const bytes = new Uint8Array(fs.readFileSync(sample));
    const sent: number[] = [];
    queue = await startJobQueue(await getDbHandle(), videoJobs(db, storage));
    const send = async (lessonId: number) => {
      sent.push(lessonId);
      return queue!.send(TRANSCODE_JOB, { lessonId }, transcodeSendOptions(lessonId));
    };

    expect((await beginUpload(db, actor, lesson.id, { name: "lecture.mp4", size: bytes.length })).received).toBe(0);
    const half = Math.floor(bytes.length / 2);
    await receiveChunk(db, actor, storage, lesson.id, 0, byteStream(bytes.subarray(0, half)), send);
    // The connection dropped: the same file continues from what arrived.
    const resumed = await beginUpload(db, actor, lesson.id, { name: "lecture.mp4", size: bytes.length });
    expect(resumed.received).toBe(half);
    await expect(
      receiveChunk(db, actor, storage, lesson.id, 10, byteStream(bytes.subarray(10)), send),
    ).rejects.toMatchObject({
      status: 409,
    });
    const done = await receiveChunk(db, actor, storage, lesson.id, half, byteStream(bytes.subarray(half)), send);
    expect(done.status).toBe("queued");
    expect(sent).toEqual([lesson.id]);

    const ready = await waitFor(async () => {
      const v = await getLessonVideo(db, lesson.id);
      return v?.status === "ready" || v?.status === "failed" ? v : undefined;
    });
    expect(videoStateLabel(ready)).toBe("Ready");
    expect(ready.renditions?.map((r) => r.name)).toEqual(["240p", "360p"]);
    expect(ready.durationSeconds).toBe(5);
    expect(ready.keyHex).toMatch(/^[0-9a-f]{32}$/);
    expect(ready.keyHex).not.toBe(SAMPLE_KEY_HEX); // the seeded sample's key is public: a real upload gets its own
    const master = new TextDecoder().decode((await getBytes(storage, `${ready.hlsPrefix}/master.m3u8`))!);
    expect(master).toContain("360p/index.m3u8");
    const media = new TextDecoder().decode((await getBytes(storage, `${ready.hlsPrefix}/360p/index.m3u8`))!);
    expect(media).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="key:\/\/lesson"/);
    // Short segments to start on (2 s for the first 12 s, then 4 s), in every rendition: the 5-second
    // upload is cut at 0, 2 and 4 s (segmentStarts).
    for (const rendition of ["240p", "360p"]) {
      const text = new TextDecoder().decode((await getBytes(storage, `${ready.hlsPrefix}/${rendition}/index.m3u8`))!);
      const lengths = [...text.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Math.round(Number(m[1]) * 100) / 100);
      expect(lengths, rendition).toEqual([2, 2, 1]);
    }
    // Segments are encrypted: no MPEG-TS sync byte at the start.
    const segment = (await getBytes(storage, `${ready.hlsPrefix}/360p/seg-0.ts`))!;
    expect(segment.length).toBeGreaterThan(1000);
    expect(segment[0] === 0x47 && segment[188] === 0x47).toBe(false);
    expect(await storage.exists(ready.posterKey!)).toBe(true);
  }, 120_000);

  it("two chunks at the same offset at once: one is appended, the other gets 409, the transcode is queued once", async () => {
    const { storage } = useTestStorage();
    const db = await getDb();
    const lesson = await firstLesson();
    const actor = await admin();
    const bytes = new Uint8Array(fs.readFileSync(sample));
    const sent: number[] = [];
    const send = async (lessonId: number) => sent.push(lessonId);
    await beginUpload(db, actor, lesson.id, { name: "lecture.mp4", size: bytes.length });
    // Both bodies wait until one of the two requests has been answered: the winner holds its claim while the
    // other arrives, however slow the machine (a fixed delay let the first finish before the second began).
    let answered!: () => void;
    const oneAnswered = new Promise<void>((resolve) => (answered = resolve));
    const heldStream = () =>
      new ReadableStream<Uint8Array>({
        async start(c) {
          await Promise.race([oneAnswered, new Promise((r) => setTimeout(r, 30_000))]);
          c.enqueue(bytes);
          c.close();
        },
      });
    const results = await Promise.allSettled(
      [0, 1].map(() => receiveChunk(db, actor, storage, lesson.id, 0, heldStream(), send).finally(answered)),
    );
    // Either may claim the upload first (on a busy machine the second often does): one wins, one is refused.
    const won = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ value: { status: "queued", received: bytes.length } });
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ reason: { status: 409, message: UPLOAD_BUSY } });
    expect(sent).toEqual([lesson.id]);
    const video = await getLessonVideo(db, lesson.id);
    expect(video).toMatchObject({ status: "queued", uploadWriter: null });
    expect((await getBytes(storage, video!.sourceKey!))?.length).toBe(bytes.length);
    // A chunk after the last is refused: the upload is queued, nothing appends any more.
    await expect(
      receiveChunk(db, actor, storage, lesson.id, bytes.length, byteStream(bytes), send),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(sent).toEqual([lesson.id]);
  });

  it("a claim left by a writer that died is taken over once it has gone quiet", async () => {
    const { storage } = useTestStorage();
    const db = await getDb();
    const lesson = await firstLesson();
    const actor = await admin();
    const bytes = new Uint8Array(fs.readFileSync(sample));
    await beginUpload(db, actor, lesson.id, { name: "lecture.mp4", size: bytes.length });
    const half = Math.floor(bytes.length / 2);
    const claim = (ago: string) =>
      db
        .update(schema.lessonVideos)
        .set({ uploadWriter: "killed-process", uploadClaimedAt: sql`now() - ${ago}::interval` })
        .where(eq(schema.lessonVideos.lessonId, lesson.id));
    await claim("5 seconds");
    await expect(
      receiveChunk(db, actor, storage, lesson.id, 0, byteStream(bytes.subarray(0, half)), async () => {}),
    ).rejects.toMatchObject({
      status: 409,
      message: UPLOAD_BUSY,
    });
    await claim("2 minutes");
    const done = await receiveChunk(
      db,
      actor,
      storage,
      lesson.id,
      0,
      byteStream(bytes.subarray(0, half)),
      async () => {},
    );
    expect(done).toMatchObject({ status: "uploading", received: half });
    expect((await getLessonVideo(db, lesson.id))?.uploadWriter).toBeNull();
  });

  it("refuses a file whose bytes are not a video, whatever its name, and one over the size limit", async () => {
    const { storage } = useTestStorage();
    const db = await getDb();
    const lesson = await firstLesson();
    const actor = await admin();
    const fake = new TextEncoder().encode("%PDF-1.7 this is not a video at all ".repeat(200));
    await beginUpload(db, actor, lesson.id, { name: "lecture.mp4", size: fake.length });
    await expect(
      receiveChunk(db, actor, storage, lesson.id, 0, byteStream(fake), async () => {}),
    ).rejects.toMatchObject({
      status: 415,
    });
    // The lesson keeps the video it had (the seeded sample lecture), ready as before.
    const kept = await getLessonVideo(db, lesson.id);
    expect(kept).toMatchObject({ status: "ready" });
    expect(isSampleVideoPrefix(kept!.hlsPrefix)).toBe(true);
    await expect(beginUpload(db, actor, lesson.id, { name: "huge.mp4", size: 3 * 1024 ** 3 })).rejects.toMatchObject({
      status: 413,
    });
    await expect(beginUpload(db, actor, 999_999, { name: "a.mp4", size: 10 })).rejects.toMatchObject({ status: 404 });
  });

  it("a transcode that fails says why, and Retry queues it again", async () => {
    const { storage } = useTestStorage();
    const db = await getDb();
    const lesson = await firstLesson();
    const actor = await admin();
    // An upload whose stored file is not a readable video (e.g. truncated).
    await storage.put("videos/broken/source.mp4", new Uint8Array(fs.readFileSync(sample).subarray(0, 2000)));
    await db.delete(schema.lessonVideos).where(eq(schema.lessonVideos.lessonId, lesson.id));
    await db.insert(schema.lessonVideos).values({
      lessonId: lesson.id,
      status: "queued",
      sourceKey: "videos/broken/source.mp4",
      sourceBytes: 2000,
    });
    queue = await startJobQueue(await getDbHandle(), [
      { ...videoJobs(db, storage)[0]!, queue: { ...videoJobs(db, storage)[0]!.queue, retryLimit: 0 } },
    ]);
    await queue.send(TRANSCODE_JOB, { lessonId: lesson.id }, transcodeSendOptions(lesson.id));
    const failed = await waitFor(async () => {
      const v = await getLessonVideo(db, lesson.id);
      return v?.status === "failed" ? v : undefined;
    });
    expect(videoStateLabel(failed)).toMatch(/^Failed: .+/);
    const sent: number[] = [];
    await retryTranscode(db, actor, lesson.id, async (id) => sent.push(id));
    expect(sent).toEqual([lesson.id]);
    expect((await getLessonVideo(db, lesson.id))?.status).toBe("queued");
    await expect(retryTranscode(db, actor, lesson.id, async () => {})).rejects.toMatchObject({ status: 409 });
    expect((await uploadState(db, lesson.id)).status).toBe("queued");
    await db.delete(schema.lessonVideos).where(eq(schema.lessonVideos.lessonId, lesson.id));
  }, 120_000);
});
