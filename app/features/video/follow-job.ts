/**
 * Following a lesson video's job from the admin's panel (issue 32): ask the server for the state
 * until the video is Ready or Failed, whatever the timing. One request at a time (the next is asked
 * for after the last answer, so answers never arrive out of order), each given up after a timeout;
 * a network error, a timeout, a 5xx or an answer that is not a video state (a proxy's page, a
 * sign-in page) is asked again, later each time (up to `maxIntervalMs`), never taken as the state.
 * Only 401/403/404 end it: signed out, or the lesson is gone.
 */
import { type ApiError, apiFetch } from "~/lib/api-client";

export const VIDEO_STATUSES = ["none", "uploading", "queued", "processing", "ready", "failed"] as const;
export type VideoJobStatus = (typeof VIDEO_STATUSES)[number];

export interface VideoJobState {
  status: VideoJobStatus;
  progress: number;
  label: string;
  /** While uploading: the bytes received so far. */
  received?: number;
}

/** The statuses of a job still under way, which the panel follows. */
export function isFollowed(status: VideoJobStatus): boolean {
  return status === "queued" || status === "processing";
}

/** The state in a server answer, or null when the answer is not one (it is then asked again). */
export function parseVideoJobState(body: unknown): VideoJobState | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  if (typeof b.status !== "string" || !(VIDEO_STATUSES as readonly string[]).includes(b.status)) return null;
  if (typeof b.label !== "string" || !b.label) return null;
  const progress = typeof b.progress === "number" && b.progress >= 0 && b.progress <= 100 ? b.progress : 0;
  const received = typeof b.received === "number" && b.received >= 0 ? b.received : undefined;
  return { status: b.status as VideoJobStatus, progress, label: b.label, received };
}

export interface FollowOptions {
  url: string;
  /** Each new state, in order. */
  onState(state: VideoJobState): void;
  /** The server said the lesson is gone (404) or the admin is signed out (401/403): following stops. */
  onEnd?(message: string): void;
  fetch?: typeof fetch;
  intervalMs?: number;
  maxIntervalMs?: number;
  requestTimeoutMs?: number;
}

/** Asks for the state every `intervalMs` until it is no longer followed (Ready, Failed…); `stop()` ends it. */
export function followVideoJob({
  url,
  onState,
  onEnd,
  fetch: fetchImpl,
  intervalMs = 2000,
  maxIntervalMs = 15_000,
  requestTimeoutMs = 10_000,
}: FollowOptions): { stop(): void } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = intervalMs;

  async function ask() {
    const controller = new AbortController();
    const giveUp = setTimeout(() => controller.abort(), requestTimeoutMs);
    let state: VideoJobState | null = null;
    let ended: string | null = null;
    try {
      state = parseVideoJobState(await apiFetch(url, { signal: controller.signal, cache: "no-store" }, fetchImpl));
    } catch (error) {
      const { status } = error as ApiError;
      if (status === 404) ended = "This lesson is gone: reload the page.";
      else if (status === 401 || status === 403) ended = "Sign in again to follow the video.";
      // else offline, timed out, a 5xx, not JSON: ask again
    } finally {
      clearTimeout(giveUp);
    }
    if (stopped) return;
    if (ended !== null) {
      stopped = true;
      onEnd?.(ended);
      return;
    }
    if (state) {
      onState(state);
      if (!isFollowed(state.status)) {
        stopped = true;
        return;
      }
      delay = intervalMs;
    } else {
      delay = Math.min(maxIntervalMs, delay * 2);
    }
    timer = setTimeout(ask, delay);
  }

  timer = setTimeout(ask, intervalMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
