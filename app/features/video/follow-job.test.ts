/**
 * Issue 32, defect 8: the admin's upload panel follows the job until Ready or Failed whatever the
 * timing: slow, hung or failed requests, odd answers and the order they arrive in never stop it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followVideoJob, parseVideoJobState, type VideoJobState } from "./follow-job";

const state = (status: VideoJobState["status"], progress = 0, label: string = status): VideoJobState => ({
  status,
  progress,
  label,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A fake server: each request takes the next scripted answer (a Response, an error, or "hang"). */
function server(script: (Response | Error | "hang")[]) {
  let inFlight = 0;
  let maxInFlight = 0;
  const calls: number[] = [];
  const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
    calls.push(Date.now());
    const next = script.shift() ?? json(state("processing", 50, "Transcoding 50%"));
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const done = <T>(value: T) => {
      inFlight -= 1;
      return value;
    };
    if (next === "hang")
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(done(new DOMException("aborted", "AbortError")))),
      );
    if (next instanceof Error) return Promise.reject(done(next));
    return Promise.resolve(done(next));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, maxInFlight: () => maxInFlight };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("following a video job", () => {
  it("keeps asking through a hung request, a network error, a 502, a sign-in page and an odd body, until Ready", async () => {
    const fake = server([
      json(state("queued", 0, "Queued")),
      json(state("processing", 12, "Transcoding 12%")),
      "hang",
      new TypeError("Failed to fetch"),
      new Response("Bad gateway", { status: 502 }),
      new Response("<!doctype html><title>Log in</title>", { status: 200, headers: { "Content-Type": "text/html" } }),
      json({}),
      json({ status: "transcoding?", label: "?" }),
      json(state("processing", 73, "Transcoding 73%")),
      json(state("ready", 100, "Ready")),
    ]);
    const seen: VideoJobState[] = [];
    const ended = vi.fn();
    followVideoJob({ url: "/admin/videos/7", fetch: fake.fetch, onState: (s) => seen.push(s), onEnd: ended });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(seen.map((s) => s.label)).toEqual(["Queued", "Transcoding 12%", "Transcoding 73%", "Ready"]);
    // Asked once per answer (never two at once) and not again once Ready.
    expect(fake.calls).toHaveLength(10);
    expect(fake.maxInFlight()).toBe(1);
    expect(ended).not.toHaveBeenCalled();
  });

  it("a transcode that takes minutes is followed to the end; Failed ends it too", async () => {
    const script = Array.from({ length: 100 }, (_, i) => json(state("processing", i, `Transcoding ${i}%`)));
    const fake = server([...script, json(state("failed", 0, "Failed: ffmpeg exited"))]);
    const seen: string[] = [];
    followVideoJob({ url: "/admin/videos/7", fetch: fake.fetch, onState: (s) => seen.push(s.label) });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(seen).toHaveLength(101);
    expect(seen.at(-1)).toBe("Failed: ffmpeg exited");
    expect(fake.calls).toHaveLength(101);
  });

  it("asks less often while the server does not answer, and at the normal pace again once it does", async () => {
    const fake = server([
      new TypeError("offline"),
      new TypeError("offline"),
      new TypeError("offline"),
      json(state("processing", 5, "Transcoding 5%")),
      json(state("processing", 6, "Transcoding 6%")),
      json(state("ready", 100, "Ready")),
    ]);
    followVideoJob({ url: "/x", fetch: fake.fetch, onState: () => {} });
    await vi.advanceTimersByTimeAsync(60_000);
    const gaps = fake.calls.slice(1).map((t, i) => t - fake.calls[i]!);
    expect(gaps).toEqual([4000, 8000, 15_000, 2000, 2000]);
  });

  it("stops when the lesson is gone or the admin is signed out, and when the panel goes away", async () => {
    const gone = server([json({ message: "No such lesson." }, 404)]);
    const ended = vi.fn();
    followVideoJob({ url: "/x", fetch: gone.fetch, onState: () => {}, onEnd: ended });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gone.calls).toHaveLength(1);
    expect(ended).toHaveBeenCalledWith("This lesson is gone: reload the page.");

    const busy = server([]);
    const job = followVideoJob({ url: "/x", fetch: busy.fetch, onState: () => {} });
    await vi.advanceTimersByTimeAsync(4_500);
    job.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(busy.calls).toHaveLength(2);
  });

  it("takes as a state only what has a known status and a label", () => {
    expect(parseVideoJobState({ status: "processing", progress: 40, label: "Transcoding 40%", received: 0 })).toEqual({
      status: "processing",
      progress: 40,
      label: "Transcoding 40%",
      received: 0,
    });
    expect(parseVideoJobState({ status: "ready", label: "" })).toBeNull();
    expect(parseVideoJobState("<html>")).toBeNull();
    expect(parseVideoJobState(null)).toBeNull();
  });
});
