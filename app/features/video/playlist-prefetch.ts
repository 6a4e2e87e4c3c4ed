/**
 * Playlists fetched before hls.js asks for them (issue 34: a lesson starts in 2 s on a slow link).
 * Left to itself hls.js loads one file after another: its own code, the master playlist, then the
 * rendition's playlist, then the key and the first segment, a round trip each (~0.56 s on Slow 4G).
 * The player knows the master's URL and, when the student chose a quality on an earlier lesson, which
 * rendition will play, so both playlists are fetched at once while hls.js itself is still loading;
 * its playlist loader (`pLoader`) then takes each from here instead of the network. Each prefetched
 * answer is used once (a later reload of a playlist goes to the network), and a prefetch that failed
 * falls back to hls.js's own request, with its retries and error reporting.
 */

type Fetched = { text: string } | null;

/** What this file needs of hls.js's loader (its `Loader` interface, loosely: hls.js is imported on demand). */
export interface LoaderLike {
  context: { url: string } | null;
  stats: {
    loaded: number;
    total: number;
    loading: { start: number; first: number; end: number };
  };
  load(context: { url: string }, config: unknown, callbacks: LoaderCallbacksLike): void;
  abort(): void;
  destroy(): void;
}

export interface LoaderCallbacksLike {
  onSuccess(response: { url: string; data: string; code: number }, stats: unknown, context: never, details: null): void;
}

// biome-ignore lint/suspicious/noExplicitAny: a mixin's base class must take `any[]` (TypeScript's rule, TS2545)
type LoaderClass = new (...args: any[]) => LoaderLike;

/** The answers by absolute URL, and the page's URL that relative ones are read against. */
export interface PrefetchedPlaylists {
  base: string;
  answers: Map<string, Promise<Fetched>>;
}

/** Starts fetching each URL (relative to the page) with the page's cookies; a failure resolves to null. */
export function prefetchPlaylists(urls: string[], base = window.location.href): PrefetchedPlaylists {
  const fetched: PrefetchedPlaylists["answers"] = new Map();
  for (const url of urls) {
    const absolute = new URL(url, base).href;
    if (fetched.has(absolute)) continue;
    fetched.set(
      absolute,
      fetch(absolute, { credentials: "same-origin" })
        .then(async (res) => (res.ok ? { text: await res.text() } : null))
        .catch(() => null),
    );
  }
  return { base, answers: fetched };
}

/** The URL of a rendition's playlist beside its master (`<name>/index.m3u8`, as transcoding writes it). */
export function renditionPlaylistUrl(master: string, name: string): string {
  return `${master.slice(0, master.lastIndexOf("/") + 1)}${name}/index.m3u8`;
}

/**
 * hls.js's playlist loader (`pLoader`) that answers from `prefetched` when it holds the URL, else loads
 * as `Base` (hls.js's default loader) does.
 */
export function prefetchingLoader<Base extends LoaderClass>(BaseLoader: Base, prefetched: PrefetchedPlaylists): Base {
  return class PrefetchedPlaylistLoader extends BaseLoader {
    /** Aborted or destroyed before the prefetch settled: nobody to answer. */
    gone = false;

    load(context: { url: string }, config: unknown, callbacks: LoaderCallbacksLike) {
      // hls.js gives the master's URL as the page gave it (relative), a rendition's absolute.
      const url = new URL(context.url, prefetched.base).href;
      const pending = prefetched.answers.get(url);
      if (!pending) return super.load(context, config, callbacks);
      const start = performance.now();
      this.context = context;
      void pending.then((hit) => {
        // Aborted first (hls.js starts the manifest again when the media attaches): the answer is
        // left for the loader that asks next.
        if (this.gone) return;
        prefetched.answers.delete(url);
        if (!hit) return super.load(context, config, callbacks);
        const now = performance.now();
        const stats = this.stats;
        stats.loading.start = start;
        stats.loading.first = now;
        stats.loading.end = now;
        stats.loaded = hit.text.length;
        stats.total = hit.text.length;
        callbacks.onSuccess({ url: context.url, data: hit.text, code: 200 }, stats, context as never, null);
      });
    }

    abort() {
      this.gone = true;
      super.abort();
    }

    destroy() {
      this.gone = true;
      super.destroy();
    }
  };
}
