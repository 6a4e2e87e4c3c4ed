/**
 * Serving a lesson's hosted video: playlists, segments and the poster from file storage, and the
 * AES-128 key only to the signed-in owner of the course (or an admin), or to anyone for a free
 * preview lesson (issue 36), holding a short-lived token that came with the media playlist. Access
 * is checked on every request (a refund revokes the enrolment, unmarking Preview ends a preview, so
 * the next key request is refused).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { cachedRead, READ_MAX_AGE_MS, tablesRead } from "~/db/read-cache.server";
import { enrolments, lessons, lessonVideos, products, videoPositions } from "~/db/schema";
import { givesAccess } from "~/features/accounts/access-period.server";
import type { SessionUser } from "~/features/accounts/guards.server";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/errors";
import type { FileStorage } from "~/platform/files/storage.server";

/** How long a key token issued with a playlist stays valid (at most; see KEY_TOKEN_STEP_SECONDS). */
export const KEY_TOKEN_SECONDS = 10 * 60;
/**
 * A token's expiry is rounded down to this step, so every playlist of a lesson served to one user in
 * the same minute carries the same key URI: hls.js keeps a loaded key by its URI, and a switch of
 * rendition then starts its first segment without another round trip for the key (valid 9–10 min).
 */
export const KEY_TOKEN_STEP_SECONDS = 60;

export type VideoPath =
  | { kind: "master" }
  | { kind: "poster" }
  | { kind: "captions" }
  | { kind: "key" }
  | { kind: "playlist"; rendition: string }
  | { kind: "segment"; rendition: string; segment: string };

/** The part of /api/video/:lessonId/* after the lesson id; anything else is null (404). */
export function parseVideoPath(splat: string): VideoPath | null {
  if (splat === "master.m3u8") return { kind: "master" };
  if (splat === "poster.jpg") return { kind: "poster" };
  if (splat === "captions.vtt") return { kind: "captions" };
  if (splat === "key") return { kind: "key" };
  const match = /^(\d{2,4}p)\/(index\.m3u8|seg-\d{1,6}\.ts)$/.exec(splat);
  if (!match) return null;
  return match[2] === "index.m3u8"
    ? { kind: "playlist", rendition: match[1]! }
    : { kind: "segment", rendition: match[1]!, segment: match[2]! };
}

function sign(secret: string, userId: string, lessonId: number, expires: number) {
  return createHmac("sha256", secret).update(`video-key:${userId}:${lessonId}:${expires}`).digest("base64url");
}

export function issueKeyToken(secret: string, userId: string, lessonId: number, now = Date.now()) {
  const expires =
    Math.floor((Math.floor(now / 1000) + KEY_TOKEN_SECONDS) / KEY_TOKEN_STEP_SECONDS) * KEY_TOKEN_STEP_SECONDS;
  return `${expires}.${sign(secret, userId, lessonId, expires)}`;
}

export function keyTokenValid(secret: string, token: string, userId: string, lessonId: number, now = Date.now()) {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 < now) return false;
  const expected = Buffer.from(sign(secret, userId, lessonId, expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A free preview lesson (issue 36) open to everyone: a video lesson the owner marked Preview, of a
 * course that is published. The one rule, as SQL over `lessons` joined to `products`: the video
 * endpoints (watchableVideo) and the preview page (learning/preview.server.ts) both use it.
 */
export function previewOpenSql() {
  return sql<boolean>`(${lessons.isPreview} and ${lessons.testProductId} is null and ${products.kind} = 'course' and ${products.status} = 'published')`;
}

/**
 * Whom a key token is issued to: the signed-in user, or everyone signed out (a preview lesson's
 * key, which anyone may have while the lesson is a preview; the key endpoint checks that again).
 */
export function viewerOf(user: SessionUser | null): string {
  return user?.id ?? "anonymous:preview";
}

/**
 * The ready video of a lesson this user may watch: anyone (signed in or not) for a free preview
 * lesson of a published course, else an admin or the holder of a live enrolment in the lesson's
 * course that has not ended. Refuses with 404 (no such video), 401 (signed out) or 403 (not theirs). The one access
 * check of every /api/video answer (playlists, segments, poster, captions, key, position).
 */
export async function watchableVideo(db: DbOrTx, user: SessionUser | null, lessonId: number) {
  const [row] = await db
    .select({ video: lessonVideos, productId: lessons.productId, preview: previewOpenSql().mapWith(Boolean) })
    .from(lessonVideos)
    .innerJoin(lessons, eq(lessons.id, lessonVideos.lessonId))
    .innerJoin(products, eq(products.id, lessons.productId))
    .where(eq(lessonVideos.lessonId, lessonId));
  // The last finished renditions keep playing while a replacement is uploaded or transcoded.
  if (!row?.video.hlsPrefix || !row.video.keyHex) {
    if (!user) throw new HttpError(401, "Sign in to watch this lesson.");
    throw new HttpError(404, "No such video.");
  }
  if (row.preview) return { ...row.video, productId: row.productId, preview: true };
  if (!user) throw new HttpError(401, "Sign in to watch this lesson.");
  if (user.role !== "admin") {
    const [live] = await db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.userId, user.id), eq(enrolments.productId, row.productId), givesAccess()))
      .limit(1);
    // An enrolment past its end (issue 36) is no access: no key, playlist or segment.
    if (!live) throw new HttpError(403, "This lesson is part of a course you do not own, or your access has ended.");
  }
  return { ...row.video, productId: row.productId, preview: false };
}

/** A media playlist with the key URI pointing at the key endpoint with a fresh token. */
export function rewriteMediaPlaylist(text: string, keyUrl: string) {
  return text.replace(/URI="key:\/\/lesson"/g, `URI="${keyUrl}"`);
}

const HOUR_MS = 3600_000;

/**
 * When a playlist's segment URLs are signed and for how long: on the hour (every playlist of a
 * rendition served in the same hour lists the same URLs, so the browser's cache and a CDN in front of
 * the store keep one copy of each segment for everyone), valid `hours` from then, so 1 hour less at
 * worst: VIDEO_URL_HOURS (default 6) is still longer than a lecture watched in one sitting.
 */
export function segmentUrlWindow(hours: number, now = Date.now()) {
  return { signingDate: new Date(Math.floor(now / HOUR_MS) * HOUR_MS), expiresInSeconds: hours * 3600 };
}

/**
 * The media playlist the player gets: the key URI at the app's key endpoint (checked per owner on
 * every request), and, when the storage can presign (S3), each `seg-N.ts` as a presigned GET URL of
 * the object store, so the segments' bytes never pass through the app. Those URLs carry no user and
 * are not revoked by a refund: that is safe because every segment is AES-128 encrypted and the key
 * only comes from the app, so a leaked segment URL is useless without it. With local storage the
 * lines stay relative and the app's segment route serves them, as it does for a playlist cached
 * before the store could presign.
 */
export async function mediaPlaylistFor(
  storage: FileStorage,
  text: string,
  opts: { keyUrl: string; renditionPrefix: string; hours?: number; now?: number },
) {
  const presign = storage.presignGet?.bind(storage);
  if (!presign) return rewriteMediaPlaylist(text, opts.keyUrl);
  const window = segmentUrlWindow(opts.hours ?? getEnv().VIDEO_URL_HOURS, opts.now);
  // Signing is ~0.3 ms of CPU a URL (150 for a 10-minute lecture): the signed playlist is the same for
  // every student of the hour, so it is made once per rendition and hour; only the key URI is theirs.
  const signed = presignedPlaylists.get(storage) ?? new Map<string, Promise<string>>();
  presignedPlaylists.set(storage, signed);
  const memoKey = `${opts.renditionPrefix}\n${window.signingDate.getTime()}\n${window.expiresInSeconds}\n${text}`;
  let playlist = signed.get(memoKey);
  if (!playlist) {
    playlist = Promise.all(
      text.split("\n").map((line) => {
        const segment = /^(seg-\d{1,6}\.ts)\r?$/.exec(line)?.[1];
        return segment ? presign(`${opts.renditionPrefix}/${segment}`, window) : line;
      }),
    ).then((lines) => lines.join("\n"));
    signed.set(memoKey, playlist);
    playlist.catch(() => signed.delete(memoKey));
    // The newest hundred (renditions × lessons watched this hour, ~60 KB each); the oldest go first.
    if (signed.size > PRESIGNED_PLAYLISTS_KEPT) signed.delete(signed.keys().next().value!);
  }
  return rewriteMediaPlaylist(await playlist, opts.keyUrl);
}

const PRESIGNED_PLAYLISTS_KEPT = 100;
const presignedPlaylists = new WeakMap<FileStorage, Map<string, Promise<string>>>();

/** The saved position of a student in a lesson's video, in whole seconds (0 when none). */
export async function savedPosition(db: DbOrTx, userId: string, lessonId: number) {
  const [row] = await cachedRead(db, `position:${userId}:${lessonId}`, POSITION_TABLES, READ_MAX_AGE_MS, () =>
    db
      .select({ s: videoPositions.positionSeconds })
      .from(videoPositions)
      .where(and(eq(videoPositions.userId, userId), eq(videoPositions.lessonId, lessonId))),
  );
  return row?.s ?? 0;
}

/**
 * The player's reads of a lesson's video and of the student's place in it, kept in memory on the
 * embedded database until one of their tables is written (db/read-cache.server.ts).
 */
const POSITION_TABLES = tablesRead(videoPositions);
const LESSON_VIDEO_TABLES = tablesRead(lessonVideos);

/**
 * Saves where the student is (any device resumes there) and, once `watched` (seconds actually
 * played) reaches 90% of the video, reports the lesson as complete.
 */
export async function savePosition(
  db: DbOrTx,
  user: SessionUser | null,
  lessonId: number,
  report: { seconds: number; watched: number },
): Promise<{ complete: boolean; productId: number }> {
  // A signed-out preview viewer has no place to keep.
  if (!user) throw new HttpError(401, "Sign in to watch this lesson.");
  const video = await watchableVideo(db, user, lessonId);
  const duration = video.durationSeconds ?? 0;
  const seconds = Math.min(Math.floor(report.seconds), duration);
  const userId = user.id;
  await db
    .insert(videoPositions)
    .values({ userId, lessonId, positionSeconds: seconds })
    .onConflictDoUpdate({
      target: [videoPositions.userId, videoPositions.lessonId],
      set: { positionSeconds: seconds, updatedAt: new Date() },
    });
  return { complete: duration > 0 && report.watched >= duration * 0.9, productId: video.productId };
}

export interface HostedVideo {
  lessonId: number;
  master: string;
  poster: string;
  durationSeconds: number;
  /** The WebVTT captions, when the video has them (the sample lectures do). */
  captions: string | null;
  /** Where this student stopped last time (any device). */
  startAt: number;
  renditions: { name: string; height: number }[];
}

/**
 * The player's hosted video for a lesson, when it has a transcoded one; null plays the embed. With no
 * user (the free preview page, the same for everyone) it starts at the beginning.
 */
export async function hostedVideoFor(
  db: DbOrTx,
  user: SessionUser | null,
  lessonId: number,
): Promise<HostedVideo | null> {
  const [video] = await cachedRead(db, `lesson-video:${lessonId}`, LESSON_VIDEO_TABLES, READ_MAX_AGE_MS, () =>
    db
      .select({
        hlsPrefix: lessonVideos.hlsPrefix,
        keyHex: lessonVideos.keyHex,
        renditions: lessonVideos.renditions,
        duration: lessonVideos.durationSeconds,
        captionsKey: lessonVideos.captionsKey,
      })
      .from(lessonVideos)
      .where(eq(lessonVideos.lessonId, lessonId)),
  );
  // The last transcoded video plays whatever a replacement is doing (uploading, queued, transcoding,
  // failed): the lesson switches when the new one is ready (issue 32), never to the embed meanwhile.
  if (!video?.hlsPrefix || !video.keyHex) return null;
  return {
    lessonId,
    master: `/api/video/${lessonId}/master.m3u8`,
    poster: `/api/video/${lessonId}/poster.jpg`,
    durationSeconds: video.duration ?? 0,
    captions: video.captionsKey ? `/api/video/${lessonId}/captions.vtt` : null,
    startAt: user ? await savedPosition(db, user.id, lessonId) : 0,
    renditions: (video.renditions ?? []).map(({ name, height }) => ({ name, height })),
  };
}
