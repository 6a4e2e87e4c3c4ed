import { data } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { offsetSchema, videoUploadSchema } from "~/features/video/schema";
import {
  beginUpload,
  receiveChunk,
  retryTranscode,
  TRANSCODE_JOB,
  transcodeSendOptions,
  uploadState,
  videoPanelState,
} from "~/features/video/video.server";
import { asResponse, HttpError, invariantResponse, methodNotAllowed } from "~/lib/errors";
import { failureFrom, formFailure, parseForm } from "~/lib/form.server";
import { paramId } from "~/lib/id";
import { getFileStorage } from "~/platform/files/storage.server";
import { readyJobQueue } from "~/platform/jobs/queue.server";
import type { Route } from "./+types/lesson-video";

const NO_STORE = { "Cache-Control": "no-store" };

async function send(lessonId: number) {
  const queue = await readyJobQueue();
  if (!queue) throw new HttpError(503, "The job queue is not running on this server; try again in a moment");
  return queue.send(TRANSCODE_JOB, { lessonId }, transcodeSendOptions(lessonId));
}

/** The lesson's upload and transcoding state (polled by the admin's video panel). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = paramId(params.lessonId, "No such lesson.");
  return data(await videoPanelState(db, id), { headers: NO_STORE });
}

/**
 * POST intent=begin (name, size): start or continue an upload; intent=retry: transcode again.
 * PUT ?offset=N with the raw bytes: one chunk of the upload, streamed to disk.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const id = paramId(params.lessonId, "No such lesson.");
  if (request.method === "PUT") {
    const offset = offsetSchema.safeParse(new URL(request.url).searchParams.get("offset"));
    invariantResponse(offset.success, "offset must be a whole number of bytes");
    try {
      return data(await receiveChunk(db, admin.id, getFileStorage(), id, offset.data, request.body, send), {
        headers: NO_STORE,
      });
    } catch (error) {
      throw asResponse(error);
    }
  }
  if (request.method !== "POST") throw methodNotAllowed(["POST", "PUT"]);
  const parsed = await parseForm(request, videoUploadSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    if (parsed.data.intent === "begin")
      return data(await beginUpload(db, admin.id, id, { name: parsed.data.name, size: parsed.data.size }), {
        headers: NO_STORE,
      });
    await retryTranscode(db, admin.id, id, send);
    return data(await uploadState(db, id), { headers: NO_STORE });
  } catch (error) {
    return failureFrom(error, {});
  }
}
