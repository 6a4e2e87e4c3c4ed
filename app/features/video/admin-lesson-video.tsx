/**
 * A lesson's hosted video in the course editor: upload with a progress bar (8 MB chunks; a
 * dropped connection retries, and choosing the same file again continues where it stopped),
 * then the transcoding state (queued / n% / ready / failed with the reason and Retry).
 */
import { useEffect, useRef, useState } from "react";
import { Button } from "~/ui/button";

export interface LessonVideoState {
  status: "none" | "uploading" | "queued" | "processing" | "ready" | "failed";
  progress: number;
  label: string;
}

const CHUNK = 8 * 1024 * 1024;

async function json(response: Response) {
  const body = (await response.json().catch(() => ({}))) as { message?: string; formError?: string };
  if (!response.ok) throw new Error(body.formError ?? body.message ?? `The server answered ${response.status}`);
  return body as Record<string, unknown>;
}

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

  // Poll while the transcode is queued or running.
  useEffect(() => {
    if (state.status !== "queued" && state.status !== "processing") return;
    const timer = setInterval(async () => {
      try {
        setState((await json(await fetch(url))) as unknown as LessonVideoState);
      } catch {
        // keep the last state; the next poll tries again
      }
    }, 2000);
    return () => clearInterval(timer);
  }, [state.status, url]);

  async function start() {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setError("Choose a video file first.");
      return;
    }
    setError(null);
    try {
      const begun = await json(
        await fetch(url, {
          method: "POST",
          body: new URLSearchParams({ intent: "begin", name: file.name, size: String(file.size) }),
        }),
      );
      let offset = Number(begun.received ?? 0);
      setUpload({ sent: offset, total: file.size });
      let failures = 0;
      while (offset < file.size) {
        try {
          const body = await json(
            await fetch(`${url}?offset=${offset}`, { method: "PUT", body: file.slice(offset, offset + CHUNK) }),
          );
          offset = Number(body.received);
          failures = 0;
          setUpload({ sent: offset, total: file.size });
          if (body.status === "queued") setState({ status: "queued", progress: 0, label: "Queued" });
        } catch (chunkError) {
          // A refusal (wrong type, too large) ends the upload; a dropped connection retries from what arrived.
          if (chunkError instanceof Error && /MP4|larger|size/.test(chunkError.message)) throw chunkError;
          if (++failures > 5) throw chunkError;
          await new Promise((r) => setTimeout(r, 1000 * failures));
          offset = Number((await json(await fetch(url))).received ?? offset);
        }
      }
    } catch (uploadError) {
      setError(uploadError instanceof Error ? uploadError.message : "The upload failed");
    } finally {
      setUpload(null);
    }
  }

  async function retry() {
    setError(null);
    try {
      await json(await fetch(url, { method: "POST", body: new URLSearchParams({ intent: "retry" }) }));
      setState({ status: "queued", progress: 0, label: "Queued" });
    } catch (retryError) {
      setError(retryError instanceof Error ? retryError.message : "Retry failed");
    }
  }

  const busy = upload !== null || state.status === "queued" || state.status === "processing";
  return (
    <div className="w-full rounded-md bg-slate-50 p-2 text-xs" data-lesson-video={lessonId}>
      <p className="font-semibold text-slate-700">
        Hosted video: <span data-video-state>{state.label}</span>
      </p>
      {state.status === "processing" ? (
        <progress className="mt-1 h-2 w-full" max={100} value={state.progress} aria-label={`Transcoding ${title}`} />
      ) : null}
      {upload ? (
        <progress
          className="mt-1 h-2 w-full"
          max={upload.total}
          value={upload.sent}
          aria-label={`Uploading ${title}: ${Math.floor((upload.sent / upload.total) * 100)}%`}
        />
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
