/**
 * A lesson's hosted video in the course editor: upload with a progress bar (8 MB chunks; a
 * dropped connection retries, and choosing the same file again continues where it stopped),
 * then the transcoding state (queued / n% / ready / failed with the reason and Retry), followed
 * until Ready or Failed (follow-job.ts).
 */
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/lib/api-client";
import { Button } from "~/ui/button";
import { ProgressBar } from "~/ui/progress-bar";
import { followVideoJob, isFollowed, parseVideoJobState, type VideoJobState } from "./follow-job";

export type LessonVideoState = VideoJobState;

const CHUNK = 8 * 1024 * 1024;

export function LessonVideoPanel({
  lessonId,
  title,
  initial,
}: {
  lessonId: number;
  title: string;
  initial: LessonVideoState;
}) {
  const [state, setState] = useState(initial);
  const [upload, setUpload] = useState<{ sent: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const url = `/admin/videos/${lessonId}`;

  // Follow the job while it is queued or transcoding, until Ready or Failed (issue 32: the panel once
  // stopped asking after a few seconds).
  const following = isFollowed(state.status);
  useEffect(() => {
    if (!following) return;
    const job = followVideoJob({ url, onState: setState, onEnd: setError });
    return () => job.stop();
  }, [following, url]);

  /** The state now (null when the server cannot say): after an upload, whatever its last answer was. */
  async function currentState() {
    try {
      return parseVideoJobState(await apiFetch(url, { cache: "no-store" }));
    } catch {
      return null;
    }
  }

  async function start() {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setError("Choose a video file first.");
      return;
    }
    setError(null);
    try {
      const begun = await apiFetch<{ received?: number }>(url, {
        method: "POST",
        body: new URLSearchParams({ intent: "begin", name: file.name, size: String(file.size) }),
      });
      let offset = Number(begun.received ?? 0);
      setUpload({ sent: offset, total: file.size });
      setState((await currentState()) ?? { status: "uploading", progress: 0, label: "Uploading" });
      let failures = 0;
      while (offset < file.size) {
        try {
          const body = await apiFetch<{ received?: number }>(`${url}?offset=${offset}`, {
            method: "PUT",
            body: file.slice(offset, offset + CHUNK),
          });
          offset = Number(body.received);
          failures = 0;
          setUpload({ sent: offset, total: file.size });
        } catch (chunkError) {
          // A refusal (wrong type, too large) ends the upload; a dropped connection retries from what arrived.
          if (chunkError instanceof Error && /MP4|larger|size/.test(chunkError.message)) throw chunkError;
          if (++failures > 5) throw chunkError;
          await new Promise((r) => setTimeout(r, 1000 * failures));
          const now = await currentState();
          // The last chunk arrived though its answer was lost: the job is under way.
          if (now && now.status !== "uploading") break;
          offset = now?.received ?? offset;
        }
      }
    } catch (uploadError) {
      setError(uploadError instanceof Error ? uploadError.message : "The upload failed");
    } finally {
      setUpload(null);
      // Whatever the last answer said, show the server's state (Queued, Transcoding…): it is then
      // followed until Ready or Failed.
      const now = await currentState();
      if (now) setState(now);
    }
  }

  async function retry() {
    setError(null);
    try {
      await apiFetch(url, { method: "POST", body: new URLSearchParams({ intent: "retry" }) });
      setState((await currentState()) ?? { status: "queued", progress: 0, label: "Queued" });
    } catch (retryError) {
      setError(retryError instanceof Error ? retryError.message : "Retry failed");
    }
  }

  const busy = upload !== null || following;
  const uploaded = upload ? Math.floor((upload.sent / upload.total) * 100) : 0;
  return (
    <div className="w-full rounded-md bg-slate-50 p-2 text-xs" data-lesson-video={lessonId}>
      <p className="font-semibold text-slate-700">
        Hosted video: <span data-video-state>{state.label}</span>
      </p>
      {state.status === "processing" ? (
        <ProgressBar className="mt-1" tone="neutral" value={state.progress} label={`Transcoding ${title}`} />
      ) : null}
      {upload ? (
        <ProgressBar className="mt-1" tone="neutral" value={uploaded} label={`Uploading ${title}: ${uploaded}%`} />
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input
          ref={fileRef}
          type="file"
          accept="video/mp4,video/quicktime,video/x-matroska,video/webm,.mp4,.mov,.mkv,.webm"
          aria-label={`Video file for ${title}`}
          className="max-w-full text-xs"
          disabled={busy}
        />
        <Button type="button" size="sm" variant="secondary" onClick={start} disabled={busy}>
          {upload ? `Uploading ${Math.floor((upload.sent / upload.total) * 100)}%` : "Upload video"}
        </Button>
        {state.status === "failed" ? (
          <Button type="button" size="sm" onClick={retry}>
            Retry
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
