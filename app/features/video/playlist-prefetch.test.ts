import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type LoaderCallbacksLike,
  prefetchingLoader,
  prefetchPlaylists,
  renditionPlaylistUrl,
} from "./playlist-prefetch";

const PAGE = "https://store.example/my-courses/3?lesson=7";
const MASTER = "https://store.example/api/video/7/master.m3u8";
const LEVEL = "https://store.example/api/video/7/360p/index.m3u8";

/** Stands in for hls.js's XhrLoader: records what went to "the network". */
class NetworkLoader {
  static loads: string[] = [];
  context: { url: string } | null = null;
  stats = { loaded: 0, total: 0, loading: { start: 0, first: 0, end: 0 } };
  load(context: { url: string }, _config: unknown, callbacks: LoaderCallbacksLike) {
    NetworkLoader.loads.push(context.url);
    callbacks.onSuccess(
      { url: context.url, data: "#EXTM3U from the network", code: 200 },
      this.stats,
      context as never,
      null,
    );
  }
  abort() {}
  destroy() {}
}

type Answer = { status: number; body: string };

function answers(map: Record<string, Answer | Promise<Answer>>) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    calls.push(url);
    const answer = map[url];
    if (!answer) throw new TypeError("network down");
    const { status, body } = await answer;
    return new Response(body, { status });
  });
  return calls;
}

function load(Loader: typeof NetworkLoader, url: string) {
  return new Promise<{ data: string; loaded: number }>((resolve) => {
    new Loader().load(
      { url },
      {},
      {
        onSuccess: (response, stats) => resolve({ data: response.data, loaded: (stats as { loaded: number }).loaded }),
      },
    );
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  NetworkLoader.loads = [];
});

describe("playlists fetched before hls.js asks", () => {
  it("names a rendition's playlist beside its master, as transcoding writes it", () => {
    expect(renditionPlaylistUrl("/api/video/7/master.m3u8", "360p")).toBe("/api/video/7/360p/index.m3u8");
  });

  it("starts every fetch at once and hands hls.js each answer once, without a second request", async () => {
    const calls = answers({
      [MASTER]: { status: 200, body: "#EXTM3U master" },
      [LEVEL]: { status: 200, body: "#EXTM3U 360p" },
    });
    const prefetched = prefetchPlaylists(["/api/video/7/master.m3u8", "/api/video/7/360p/index.m3u8"], PAGE);
    // Both requests are out before hls.js has asked for anything.
    expect(calls).toEqual([MASTER, LEVEL]);
    const Loader = prefetchingLoader(NetworkLoader, prefetched);
    // hls.js gives the master's URL as the page did (relative), a rendition's absolute.
    expect(await load(Loader, "/api/video/7/master.m3u8")).toEqual({ data: "#EXTM3U master", loaded: 14 });
    expect(await load(Loader, LEVEL)).toEqual({ data: "#EXTM3U 360p", loaded: 12 });
    expect(NetworkLoader.loads).toEqual([]);
    // A reload of the same playlist (hls.js refreshing it) goes to the network.
    expect((await load(Loader, LEVEL)).data).toBe("#EXTM3U from the network");
    expect(NetworkLoader.loads).toEqual([LEVEL]);
    expect(calls).toHaveLength(2);
  });

  it("leaves a playlist it did not fetch, or failed to fetch, to hls.js's own request", async () => {
    answers({ [MASTER]: { status: 403, body: "no access" } });
    const prefetched = prefetchPlaylists([MASTER, LEVEL], PAGE);
    const Loader = prefetchingLoader(NetworkLoader, prefetched);
    expect((await load(Loader, MASTER)).data).toBe("#EXTM3U from the network");
    expect((await load(Loader, LEVEL)).data).toBe("#EXTM3U from the network");
    expect((await load(Loader, "https://store.example/api/video/7/720p/index.m3u8")).data).toBe(
      "#EXTM3U from the network",
    );
    expect(NetworkLoader.loads).toHaveLength(3);
  });

  it("answers nobody once hls.js has aborted or destroyed the loader, and keeps the answer for its next one", async () => {
    let release: (v: Answer) => void = () => {};
    answers({ [MASTER]: new Promise<Answer>((r) => (release = r)) });
    const Loader = prefetchingLoader(NetworkLoader, prefetchPlaylists([MASTER], PAGE));
    const onSuccess = vi.fn();
    const loader = new Loader();
    loader.load({ url: MASTER }, {}, { onSuccess });
    loader.destroy();
    // hls.js asks again with a new loader (it restarts the manifest when the media attaches).
    const again = load(Loader, MASTER);
    release({ status: 200, body: "#EXTM3U master" });
    await new Promise((r) => setTimeout(r, 10));
    expect(onSuccess).not.toHaveBeenCalled();
    // The answer went to the loader that was still there, and nothing to the network.
    expect((await again).data).toBe("#EXTM3U master");
    expect(NetworkLoader.loads).toEqual([]);
  });
});
