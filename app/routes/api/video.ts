import { Readable } from "node:stream";
import { data } from "react-router";
import { resolveAuthSecret } from "~/features/accounts/auth.server";
import { dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { setLessonCompleted } from "~/features/learning/player.server";
import {
  issueKeyToken,
  keyTokenValid,
  mediaPlaylistFor,
  parseVideoPath,
  savePosition,
  viewerOf,
  watchableVideo,
} from "~/features/video/playback.server";
import { positionSchema } from "~/features/video/schema";
import { asResponse, HttpError, invariantResponse, methodNotAllowed } from "~/lib/errors";
import { formFailure, parseForm } from "~/lib/form.server";
import { paramId } from "~/lib/id";
import { getFileStorage } from "~/platform/files/storage.server";
import type { Route } from "./+types/video";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/**
 * /api/video/:lessonId/(master.m3u8 | <rendition>/index.m3u8 | <rendition>/seg-N.ts | poster.jpg | captions.vtt | key?t=token):
 * every request checks that the signed-in user owns the course (or is an admin), or that the lesson is
 * a free preview of a published course, open to anyone (watchableVideo). Every answer is private:
 * a playlist carries a key token, and a preview's answers must end when the lesson stops being one.
 * With FILE_STORAGE=s3 a media playlist lists its segments as presigned URLs of the object store
 * (mediaPlaylistFor), so their bytes skip the app; the segment route serves local storage and
 * playlists fetched before.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const lessonId = paramId(params.lessonId, "No such video.");
  const path = parseVideoPath(params["*"] ?? "");
  try {
    if (!path) throw new HttpError(404, "No such video.");
    const user = await getOptionalUser(db, request, context);
    const video = await watchableVideo(db, user, lessonId);
    const storage = getFileStorage();
    if (path.kind === "key") {
      const token = new URL(request.url).searchParams.get("t") ?? "";
      if (!keyTokenValid(resolveAuthSecret(), token, viewerOf(user), lessonId))
        throw new HttpError(403, "The video link has expired; reload the page.");
      return new Response(Buffer.from(video.keyHex!, "hex"), {
        headers: { ...PRIVATE, "Content-Type": "application/octet-stream" },
      });
    }
    if ("rendition" in path && !video.renditions?.some((r) => r.name === path.rendition))
      throw new HttpError(404, "No such video.");
    if (path.kind === "captions" && !video.captionsKey) throw new HttpError(404, "This video has no captions.");
    const key =
      path.kind === "captions"
        ? video.captionsKey!
        : path.kind === "master"
          ? `${video.hlsPrefix}/master.m3u8`
          : path.kind === "poster"
            ? `${video.hlsPrefix}/poster.jpg`
            : path.kind === "playlist"
              ? `${video.hlsPrefix}/${path.rendition}/index.m3u8`
              : `${video.hlsPrefix}/${path.rendition}/${path.segment}`;
    const file = await storage.get(key);
    if (!file) throw new HttpError(404, "No such video.");
    if (path.kind === "playlist") {
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk));
      const token = issueKeyToken(resolveAuthSecret(), viewerOf(user), lessonId);
      const text = await mediaPlaylistFor(storage, Buffer.concat(chunks).toString("utf8"), {
        keyUrl: `/api/video/${lessonId}/key?t=${token}`,
        renditionPrefix: `${video.hlsPrefix}/${path.rendition}`,
      });
      return new Response(text, { headers: { ...PRIVATE, "Content-Type": "application/vnd.apple.mpegurl" } });
    }
    const headers: Record<string, string> = {
      ...PRIVATE,
      "Content-Type":
        path.kind === "master"
          ? "application/vnd.apple.mpegurl"
          : path.kind === "poster"
            ? "image/jpeg"
            : path.kind === "captions"
              ? "text/vtt; charset=utf-8"
              : "video/mp2t",
    };
    // Segments are encrypted and the poster is harmless: the browser may keep them for the session.
    if (path.kind === "segment" || path.kind === "poster") headers["Cache-Control"] = "private, max-age=3600";
    if (file.size !== undefined) headers["Content-Length"] = String(file.size);
    return new Response(Readable.toWeb(file.stream) as ReadableStream, { headers });
  } catch (error) {
    throw asResponse(error);
  }
}

/** POST /api/video/:lessonId/position (seconds, watched): the resume point, and completion at 90% watched. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const lessonId = paramId(params.lessonId, "No such video.");
  invariantResponse(params["*"] === "position", "Not found.", 404);
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const parsed = await parseForm(request, positionSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    const user = await getOptionalUser(db, request, context);
    const outcome = await savePosition(db, user, lessonId, parsed.data);
    // An admin watching a course they do not own has nothing to complete (404 from the player).
    if (outcome.complete)
      await setLessonCompleted(db, user!.id, outcome.productId, lessonId, true).catch((error) => {
        if (!(error instanceof HttpError)) throw error;
      });
    return data({ complete: outcome.complete }, { headers: PRIVATE });
  } catch (error) {
    throw asResponse(error);
  }
}
