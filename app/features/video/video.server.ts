/**
 * A lesson's hosted video: the admin's upload (restartable chunks streamed to disk, type checked
 * from the bytes), the transcode job on the queue (platform/jobs) and its state for the admin.
 * Each admin action (an upload started, continued or replacing a video; an upload complete; a
 * retried transcode) writes one audit entry with the admin who did it.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { lessons, lessonVideos, products } from "~/db/schema";
import { getEnv, resolveDataDir } from "~/lib/env.server";
import { HttpError } from "~/lib/errors";
import { type AuditStatus, recordEvent } from "~/platform/audit/audit.server";
import { type FileStorage, putFile } from "~/platform/files/storage.server";
import type { JobContext, JobDefinition } from "~/platform/jobs/queue.server";
import { isSampleVideoPrefix } from "./sample-lecture";
import { transcodeToHls } from "./transcode.server";

export const TRANSCODE_JOB = "video.transcode";

/** Container types accepted, as file-type reports them from the first bytes. */
const ACCEPTED = new Map([
  ["video/mp4", "mp4"],
  ["video/quicktime", "mov"],
  ["video/x-matroska", "mkv"],
  ["video/webm", "webm"],
]);

export type LessonVideo = typeof lessonVideos.$inferSelect;

export async function getLessonVideo(db: DbOrTx, lessonId: number): Promise<LessonVideo | undefined> {
  const [row] = await db.select().from(lessonVideos).where(eq(lessonVideos.lessonId, lessonId));
  return row;
}

/** Each lesson's video state for the course editor, keyed by lesson id. */
export async function lessonVideoStates(db: DbOrTx, productId: number) {
  const rows = await db
    .select({ video: lessonVideos })
    .from(lessonVideos)
    .innerJoin(lessons, eq(lessons.id, lessonVideos.lessonId))
    .where(eq(lessons.productId, productId));
  return Object.fromEntries(
    rows.map(({ video }) => [
      video.lessonId,
      {
        status: video.status as LessonVideoStatus,
        progress: video.progress,
        label: videoStateLabel(video),
        // The seeded sample lecture plays (sample-lecture.ts), not the owner's own upload.
        sample: isSampleVideoPrefix(video.hlsPrefix),
      },
    ]),
  ) as Record<number, { status: LessonVideoStatus; progress: number; label: string; sample: boolean }>;
}

export type LessonVideoStatus = "uploading" | "queued" | "processing" | "ready" | "failed";

/**
 * The last transcoded video of a lesson, which its students watch while a replacement is uploaded,
 * queued, transcoded or has failed (issue 32): it gives way only when the new one is ready.
 */
export function hasPlayableVideo(video: Pick<LessonVideo, "hlsPrefix" | "keyHex"> | undefined): boolean {
  return Boolean(video?.hlsPrefix && video.keyHex);
}

/** What the admin sees: "Queued", "Transcoding 42%", "Ready", "Failed: reason", and whether the current video still plays. */
export function videoStateLabel(
  video: Pick<LessonVideo, "status" | "progress" | "error" | "hlsPrefix" | "keyHex"> | undefined,
): string {
  if (!video) return "No video";
  const current = hasPlayableVideo(video) ? " · the current video plays until the new one is ready" : "";
  switch (video.status) {
    case "uploading":
      return `Uploading${current}`;
    case "queued":
      return `Queued${current}`;
    case "processing":
      return `Transcoding ${video.progress}%${current}`;
    case "ready":
      return "Ready";
    default:
      return `Failed: ${video.error ?? "unknown error"}${current ? " · the current video still plays" : ""}`;
  }
}

const uploadDir = () => path.join(resolveDataDir(), "uploads");
const partFile = (lessonId: number) => path.join(uploadDir(), `lesson-${lessonId}.part`);

async function sizeOf(file: string) {
  try {
    return (await fs.promises.stat(file)).size;
  } catch {
    return 0;
  }
}

export interface UploadState {
  lessonId: number;
  received: number;
  total: number | null;
  status: LessonVideo["status"] | "none";
}

/** How much of the current upload has arrived, so a dropped upload continues where it stopped. */
export async function uploadState(db: DbOrTx, lessonId: number): Promise<UploadState> {
  return uploadStateOf(lessonId, await getLessonVideo(db, lessonId));
}

async function uploadStateOf(lessonId: number, video: LessonVideo | undefined): Promise<UploadState> {
  return {
    lessonId,
    received: video?.status === "uploading" ? await sizeOf(partFile(lessonId)) : 0,
    total: video?.sourceBytes ?? null,
    status: video?.status ?? "none",
  };
}

/**
 * What the admin's video panel polls (`GET /admin/videos/:lessonId`): the upload, the status, the
 * progress and the label, all from one read of the row, so they always agree (issue 32: they were two
 * reads, which a transcode finishing in between could set apart: "ready" beside "Transcoding 73%").
 */
export async function videoPanelState(db: DbOrTx, lessonId: number) {
  const video = await getLessonVideo(db, lessonId);
  return { ...(await uploadStateOf(lessonId, video)), progress: video?.progress ?? 0, label: videoStateLabel(video) };
}

/**
 * Writes the audit entry of an admin's action on a lesson's video; `describe` gets the lesson as
 * `lesson "<title>" of "<course>"`.
 */
async function auditVideo(
  db: DbOrTx,
  actorId: string,
  lessonId: number,
  status: AuditStatus,
  describe: (lesson: string) => string,
) {
  const [lesson] = await db
    .select({ title: lessons.title, course: products.title })
    .from(lessons)
    .innerJoin(products, eq(products.id, lessons.productId))
    .where(eq(lessons.id, lessonId));
  await recordEvent(db, {
    actorId,
    type: "Course Update",
    description: describe(lesson ? `lesson "${lesson.title}" of "${lesson.course}"` : `lesson ${lessonId}`),
    status,
    entityType: "lesson",
    entityId: lessonId,
  });
}

/**
 * Starts (or continues) an upload of `size` bytes named `name`. The same name and size continue
 * a dropped upload; anything else starts afresh (replacing the lesson's video once it is done).
 */
export async function beginUpload(db: DbOrTx, actorId: string, lessonId: number, file: { name: string; size: number }) {
  const max = getEnv().VIDEO_MAX_UPLOAD_MB * 1024 * 1024;
  if (!Number.isSafeInteger(file.size) || file.size <= 0)
    throw new HttpError(400, "The file is empty", { field: "video" });
  if (file.size > max)
    throw new HttpError(413, `The video is larger than ${getEnv().VIDEO_MAX_UPLOAD_MB} MB`, { field: "video" });
  const [lesson] = await db
    .select({ id: lessons.id, testProductId: lessons.testProductId })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  if (!lesson) throw new HttpError(404, "No such lesson");
  if (lesson.testProductId !== null)
    throw new HttpError(400, "A practice-test lesson has no video", { field: "video" });
  const name = file.name.slice(0, 200);
  const current = await getLessonVideo(db, lessonId);
  if (current?.status === "processing" || current?.status === "queued")
    throw new HttpError(409, "This lesson's video is being transcoded; wait until it is ready or failed");
  const resuming = current?.status === "uploading" && current.sourceName === name && current.sourceBytes === file.size;
  if (resuming) {
    // Still alive (expireStaleUploads).
    await db.update(lessonVideos).set({ updatedAt: new Date() }).where(eq(lessonVideos.lessonId, lessonId));
    await auditVideo(db, actorId, lessonId, "Pending", (lesson) => `Video "${name}" upload continued for ${lesson}`);
  } else {
    await fs.promises.rm(partFile(lessonId), { force: true });
    await db
      .insert(lessonVideos)
      .values({ lessonId, status: "uploading", sourceName: name, sourceBytes: file.size })
      .onConflictDoUpdate({
        target: lessonVideos.lessonId,
        set: {
          status: "uploading",
          sourceName: name,
          sourceBytes: file.size,
          progress: 0,
          error: null,
          // A writer of the replaced upload (still streaming into the removed file) can finish nothing.
          uploadWriter: null,
          uploadClaimedAt: null,
          updatedAt: new Date(),
        },
      });
    const replacing = current !== undefined && hasPlayableVideo(current);
    await auditVideo(db, actorId, lessonId, "Pending", (lesson) =>
      replacing
        ? `Video "${name}" upload started to replace the video of ${lesson}`
        : `Video "${name}" upload started for ${lesson}`,
    );
  }
  return uploadState(db, lessonId);
}

async function sniff(file: string) {
  const { fileTypeFromFile } = await import("file-type");
  return fileTypeFromFile(file);
}

/**
 * A writer's claim on an upload outlives it by this much without a heartbeat (a process killed in
 * the middle of a chunk leaves one behind; the upload continues once it has passed).
 */
const WRITER_STALE_SECONDS = 60;
const WRITER_HEARTBEAT_MS = 15_000;
export const UPLOAD_BUSY = "Another chunk of this video is being received; the upload continues when it is done";
const RESTARTED = "The upload was started again meanwhile; continue that one";

/**
 * Claims the upload for one chunk, in one statement: only while no other writer holds it (or the
 * one that does has gone quiet). The claim is held in the database, so it holds across requests,
 * cluster workers and instances alike.
 */
async function claimUpload(db: DbOrTx, lessonId: number): Promise<string | null> {
  const writer = randomUUID();
  const claimed = await db
    .update(lessonVideos)
    .set({ uploadWriter: writer, uploadClaimedAt: sql`now()` })
    .where(
      and(
        eq(lessonVideos.lessonId, lessonId),
        eq(lessonVideos.status, "uploading"),
        or(
          isNull(lessonVideos.uploadWriter),
          lt(lessonVideos.uploadClaimedAt, sql`now() - make_interval(secs => ${WRITER_STALE_SECONDS})`),
        ),
      ),
    )
    .returning({ lessonId: lessonVideos.lessonId });
  return claimed.length > 0 ? writer : null;
}

/**
 * Appends one chunk at `offset` (which must be the bytes received so far) to the upload, streamed
 * to disk. The offset check and the append are one step: the chunk holds the upload's claim
 * (`claimUpload`) from before the check until it is written, so a second chunk at the same time
 * gets a 409 and the file never grows past its size. The first chunk's bytes must be a video
 * container we accept. The last one moves the file into storage and queues the transcode, once.
 */
export async function receiveChunk(
  db: DbOrTx,
  actorId: string,
  storage: FileStorage,
  lessonId: number,
  offset: number,
  body: ReadableStream<Uint8Array> | null,
  send: (lessonId: number) => Promise<unknown>,
): Promise<UploadState> {
  const video = await getLessonVideo(db, lessonId);
  if (video?.status !== "uploading" || !video.sourceBytes) throw new HttpError(409, "Start the upload first");
  if (!body) throw new HttpError(400, "The chunk is empty");
  const writer = await claimUpload(db, lessonId);
  if (!writer) throw new HttpError(409, UPLOAD_BUSY);
  const mine = and(eq(lessonVideos.lessonId, lessonId), eq(lessonVideos.uploadWriter, writer));
  // A long chunk on a slow line says it is alive, so nobody takes the upload over meanwhile.
  const heartbeat = setInterval(() => {
    db.update(lessonVideos)
      .set({ uploadClaimedAt: sql`now()` })
      .where(mine)
      .catch(() => {});
  }, WRITER_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    return await appendChunk(db, actorId, storage, { video, total: video.sourceBytes }, offset, body, send, mine);
  } finally {
    clearInterval(heartbeat);
    await db.update(lessonVideos).set({ uploadWriter: null, uploadClaimedAt: null }).where(mine);
  }
}

async function appendChunk(
  db: DbOrTx,
  actorId: string,
  storage: FileStorage,
  { video, total }: { video: LessonVideo; total: number },
  offset: number,
  body: ReadableStream<Uint8Array>,
  send: (lessonId: number) => Promise<unknown>,
  mine: ReturnType<typeof and>,
): Promise<UploadState> {
  const lessonId = video.lessonId;
  const part = partFile(lessonId);
  const received = await sizeOf(part);
  if (offset !== received) throw new HttpError(409, `The upload continues at byte ${received}`);
  await fs.promises.mkdir(uploadDir(), { recursive: true });
  let written = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      written += chunk.byteLength;
      if (received + written > total) controller.error(new HttpError(413, "More bytes than the file's size"));
      else controller.enqueue(chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(body.pipeThrough(limit) as never), fs.createWriteStream(part, { flags: "a" }));
  } catch (error) {
    // Keep what arrived intact up to the last whole write; a new chunk continues from there.
    if (error instanceof HttpError) {
      await fs.promises.truncate(part, received);
      throw error;
    }
    throw new HttpError(400, "The upload was interrupted; it can continue");
  }
  const now = await sizeOf(part);
  // The upload is alive: an upload with no chunk for VIDEO_UPLOAD_EXPIRY_HOURS expires (expireStaleUploads).
  await db
    .update(lessonVideos)
    .set({ updatedAt: new Date() })
    .where(and(eq(lessonVideos.lessonId, lessonId), eq(lessonVideos.status, "uploading")));
  if (received === 0 || now === total) {
    const type = await sniff(part);
    if (!type || !ACCEPTED.has(type.mime)) {
      await fs.promises.rm(part, { force: true });
      await restorePrevious(db, storage, lessonId);
      throw new HttpError(415, "The file is not an MP4, MOV, MKV or WebM video", { field: "video" });
    }
  }
  if (now < total) return { lessonId, received: now, total, status: "uploading" };
  const [stillMine] = await db.select({ lessonId: lessonVideos.lessonId }).from(lessonVideos).where(mine);
  if (!stillMine) throw new HttpError(409, RESTARTED);
  const type = await sniff(part);
  const key = `videos/lesson-${lessonId}/source-${Date.now()}.${ACCEPTED.get(type!.mime)}`;
  await putFile(storage, key, part, { contentType: type!.mime });
  await fs.promises.rm(part, { force: true });
  const old = video.sourceKey;
  // Only the claim's holder moves the upload on (a fresh start meanwhile took the claim away).
  const queued = await db
    .update(lessonVideos)
    .set({ status: "queued", sourceKey: key, progress: 0, error: null, attempts: 0, updatedAt: new Date() })
    .where(and(mine, eq(lessonVideos.status, "uploading")))
    .returning({ lessonId: lessonVideos.lessonId });
  if (queued.length === 0) {
    await storage.delete(key).catch(() => {});
    throw new HttpError(409, RESTARTED);
  }
  if (old && old !== key) await storage.delete(old).catch(() => {});
  await auditVideo(
    db,
    actorId,
    lessonId,
    "Success",
    (lesson) => `Video "${video.sourceName ?? "upload"}" uploaded for ${lesson}; transcoding queued`,
  );
  await send(lessonId);
  return { lessonId, received: now, total, status: "queued" };
}

/**
 * An upload that ends without a file (refused, or expired): the lesson shows what it had before. One
 * that had a transcoded video keeps it (back to ready); else the row goes, with the original of an
 * earlier failed upload, and the lesson plays its link (or says its video is being prepared).
 * `staleBefore`: only while the upload is still the one that went quiet before then (the expiry
 * sweep; a chunk meanwhile keeps it). Returns whether it did.
 */
async function restorePrevious(db: DbOrTx, storage: FileStorage, lessonId: number, staleBefore?: Date) {
  const still = and(
    eq(lessonVideos.lessonId, lessonId),
    eq(lessonVideos.status, "uploading"),
    staleBefore ? lt(lessonVideos.updatedAt, staleBefore) : undefined,
  );
  const [kept] = await db
    .update(lessonVideos)
    .set({ status: "ready", progress: 100, error: null, updatedAt: new Date() })
    .where(and(still, isNotNull(lessonVideos.hlsPrefix), isNotNull(lessonVideos.keyHex)))
    .returning({ lessonId: lessonVideos.lessonId });
  if (kept) return true;
  const [gone] = await db
    .delete(lessonVideos)
    .where(and(still, or(isNull(lessonVideos.hlsPrefix), isNull(lessonVideos.keyHex))))
    .returning({ sourceKey: lessonVideos.sourceKey });
  if (gone?.sourceKey) await storage.delete(gone.sourceKey).catch(() => {});
  return Boolean(gone);
}

/**
 * Expires uploads that received no chunk for `maxIdleMs` (VIDEO_UPLOAD_EXPIRY_HOURS, default a day):
 * their bytes on disk are removed and each lesson shows what it had before (restorePrevious). Run by
 * the `video.expire-uploads` job. Returns the lessons whose upload expired.
 */
export async function expireStaleUploads(
  db: DbOrTx,
  storage: FileStorage,
  { now = new Date(), maxIdleMs = getEnv().VIDEO_UPLOAD_EXPIRY_HOURS * 3_600_000 } = {},
): Promise<number[]> {
  const staleBefore = new Date(now.getTime() - maxIdleMs);
  const stale = await db
    .select({ lessonId: lessonVideos.lessonId })
    .from(lessonVideos)
    .where(and(eq(lessonVideos.status, "uploading"), lt(lessonVideos.updatedAt, staleBefore)));
  const expired: number[] = [];
  for (const { lessonId } of stale) {
    if (!(await restorePrevious(db, storage, lessonId, staleBefore))) continue;
    await fs.promises.rm(partFile(lessonId), { force: true });
    expired.push(lessonId);
  }
  return expired;
}

/** The admin's Retry of a failed transcode. */
export async function retryTranscode(
  db: DbOrTx,
  actorId: string,
  lessonId: number,
  send: (lessonId: number) => Promise<unknown>,
) {
  const video = await getLessonVideo(db, lessonId);
  if (!video?.sourceKey || video.status !== "failed")
    throw new HttpError(409, "Only a failed transcode of an uploaded video can be retried");
  await db
    .update(lessonVideos)
    .set({ status: "queued", progress: 0, error: null, updatedAt: new Date() })
    .where(eq(lessonVideos.lessonId, lessonId));
  await auditVideo(
    db,
    actorId,
    lessonId,
    "Pending",
    (lesson) => `Transcode of video "${video.sourceName ?? "upload"}" retried for ${lesson}`,
  );
  await send(lessonId);
}

const CONTENT_TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".jpg": "image/jpeg",
};

/**
 * The transcode job: the original from storage into a temporary folder, ffmpeg, and every output
 * file into storage under a new prefix; the row records progress and, at the end, the renditions
 * and the key. A job that was killed midway simply runs again (a fresh prefix each time).
 */
export async function transcodeLesson(
  db: DbOrTx,
  storage: FileStorage,
  lessonId: number,
  ctx: Partial<JobContext> = {},
) {
  const video = await getLessonVideo(db, lessonId);
  if (!video?.sourceKey) return { skipped: "no upload" };
  if (video.status === "ready" || video.status === "uploading") return { skipped: video.status };
  await db
    .update(lessonVideos)
    .set({ status: "processing", progress: 0, attempts: sql`${lessonVideos.attempts} + 1`, updatedAt: new Date() })
    .where(eq(lessonVideos.lessonId, lessonId));
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), `ca-video-${lessonId}-`));
  try {
    const source = await storage.get(video.sourceKey);
    if (!source) throw new Error("The uploaded file is missing from storage; upload it again");
    const input = path.join(work, `source${path.extname(video.sourceKey)}`);
    await pipeline(source.stream, fs.createWriteStream(input));
    let lastWrite = 0;
    const out = path.join(work, "hls");
    const result = await transcodeToHls(input, out, {
      // A lesson still on the seeded sample gets a key of its own (the sample's key is public).
      keyHex: isSampleVideoPrefix(video.hlsPrefix) ? undefined : (video.keyHex ?? undefined),
      signal: ctx.signal,
      onProgress(percent) {
        if (Date.now() - lastWrite < 1000) return;
        lastWrite = Date.now();
        void db
          .update(lessonVideos)
          .set({ progress: percent, updatedAt: new Date() })
          .where(eq(lessonVideos.lessonId, lessonId))
          .catch(() => {});
      },
    });
    const prefix = `videos/lesson-${lessonId}/hls-${Date.now()}`;
    for (const file of result.files) {
      await putFile(storage, `${prefix}/${file}`, path.join(out, file), {
        contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
      });
    }
    const oldPrefix = video.hlsPrefix;
    await db
      .update(lessonVideos)
      .set({
        status: "ready",
        progress: 100,
        error: null,
        hlsPrefix: prefix,
        keyHex: result.keyHex,
        renditions: result.renditions.map(({ name, width, height, bandwidth }) => ({ name, width, height, bandwidth })),
        durationSeconds: Math.round(result.probe.durationSeconds),
        posterKey: `${prefix}/poster.jpg`,
        // The owner's upload has no captions (the sample's belonged to the sample).
        captionsKey: null,
        updatedAt: new Date(),
      })
      .where(eq(lessonVideos.lessonId, lessonId));
    await db
      .update(lessons)
      .set({ durationSeconds: Math.round(result.probe.durationSeconds) })
      .where(eq(lessons.id, lessonId));
    if (oldPrefix && oldPrefix !== prefix && !isSampleVideoPrefix(oldPrefix))
      await deletePrefix(storage, oldPrefix, video.renditions ?? []);
    return { ready: true, renditions: result.renditions.map((r) => r.name) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(lessonVideos)
      .set({ status: "failed", error: message.slice(0, 500), updatedAt: new Date() })
      .where(eq(lessonVideos.lessonId, lessonId));
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

async function deletePrefix(storage: FileStorage, prefix: string, renditions: { name: string }[]) {
  const keys = [`${prefix}/master.m3u8`, `${prefix}/poster.jpg`];
  for (const r of renditions) {
    keys.push(`${prefix}/${r.name}/index.m3u8`);
    for (let i = 0; i < 100_000; i++) {
      const key = `${prefix}/${r.name}/seg-${i}.ts`;
      if (!(await storage.exists(key))) break;
      keys.push(key);
    }
  }
  for (const key of keys) await storage.delete(key).catch(() => {});
}

export const EXPIRE_UPLOADS_JOB = "video.expire-uploads";

export function videoJobs(db: Db, storage: FileStorage): JobDefinition<{ lessonId?: number }>[] {
  // Looked at a few times per expiry period (at most hourly), so an upload expires soon after its time.
  const sweepSeconds = Math.round(Math.max(60, Math.min(3600, (getEnv().VIDEO_UPLOAD_EXPIRY_HOURS * 3600) / 4)));
  return [
    {
      name: TRANSCODE_JOB,
      // One queued and one running per lesson (singleton key = lesson id).
      queue: {
        policy: "stately",
        retryLimit: 3,
        retryDelay: 10,
        retryBackoff: true,
        expireInSeconds: getEnv().VIDEO_TRANSCODE_TIMEOUT_MINUTES * 60,
      },
      pollingIntervalSeconds: 5,
      async run(data, ctx) {
        if (!Number.isSafeInteger(data.lessonId)) return { skipped: "no lesson" };
        return transcodeLesson(db, storage, data.lessonId!, ctx);
      },
    },
    {
      name: EXPIRE_UPLOADS_JOB,
      queue: { policy: "stately", retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
      every: { seconds: sweepSeconds },
      pollingIntervalSeconds: 60,
      async run() {
        return { expired: await expireStaleUploads(db, storage) };
      },
    },
  ];
}

/** Options to send a transcode: one per lesson at a time. */
export const transcodeSendOptions = (lessonId: number) => ({ singletonKey: `lesson-${lessonId}` });
