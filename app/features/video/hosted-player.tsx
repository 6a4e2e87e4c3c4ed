/**
 * The course player's hosted video: hls.js (imported only here, on demand, so it stays out of
 * every other page's JavaScript), quality (Auto + each rendition), speed 0.75–2×, keyboard
 * shortcuts, resume where the student stopped (saved on the server), completion at 90% watched,
 * and a moving watermark with the student's email drawn on a canvas that is redrawn every second
 * and put back (with the video paused) if it is removed or hidden. Captions (WebVTT, when the video
 * has them) are shown from the start and turned off and on with the Captions button or C.
 *
 * The speed has one source of truth, the <video> element's playbackRate: the menu shows what it
 * reports (`ratechange`), whoever changed it (the menu, the keys, the browser's own controls), and
 * its defaultPlaybackRate follows, so a reload of the media keeps the speed. The choice is kept
 * on the device for the next lesson. "Auto" starts from the bandwidth this device measured last
 * (or the browser's estimate of the link), not from hls.js's 500 kbps guess, so a fast link does
 * not sit at 240p for the first segments. A quality the student picked is kept on the device too, and
 * the next lesson loads that rendition from the start (its playlist and first segment before play).
 * The master and that rendition's playlist are fetched while hls.js itself is still loading
 * (playlist-prefetch.ts), which takes their two round trips off a slow link's start.
 */
import type { PlaylistLoaderConstructor } from "hls.js";
import { Captions, Maximize, Minimize } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "~/lib/api-client";
import { prefetchingLoader, prefetchPlaylists, renditionPlaylistUrl } from "./playlist-prefetch";

export interface HostedVideoProps {
  lessonId: number;
  master: string;
  poster: string;
  durationSeconds: number;
  /** URL of the WebVTT captions, or null when the video has none. */
  captions?: string | null;
  startAt: number;
  renditions: { name: string; height: number }[];
  watermark: string;
  title: string;
  /** Called once when 90% of the video has been watched (the server marked the lesson complete). */
  onComplete?: () => void;
  /** False on a free preview (issue 36): nobody's resume point or completion to save. */
  reportProgress?: boolean;
}

export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** This device's last chosen speed and last measured bandwidth (bits/s), for the next lesson. */
const SPEED_KEY = "ca.video-speed";
const BANDWIDTH_KEY = "ca.video-bandwidth";
/** The rendition (its height, 360 for 360p) the student chose last on this device; 0 or none: Auto. */
const QUALITY_KEY = "ca.video-quality";
/** A stored estimate above this is a local link; it would only make the first segment too big elsewhere. */
const MAX_START_BANDWIDTH = 20_000_000;
/**
 * Seconds of video fetched before the student presses play: the first (short) segment, so play shows a
 * frame at once without spending a slow link's data on a lesson that may not be watched (hls.js's
 * default goal is 60 MB ahead, at most 600 s, from page load on). Play restores hls.js's own goals.
 */
export const BUFFER_BEFORE_PLAY_SECONDS = 2;

function readNumber(key: string): number | null {
  try {
    const value = Number(window.localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeNumber(key: string, value: number) {
  try {
    window.localStorage.setItem(key, String(value));
  } catch {
    // Storage full or refused (private mode): the next lesson starts from the defaults.
  }
}

/** The speed chosen last on this device (1× unless it is one the menu offers). */
function savedSpeed(): number {
  const value = readNumber(SPEED_KEY);
  return value !== null && (SPEEDS as readonly number[]).includes(value) ? value : 1;
}

/**
 * Where "Auto" starts: the bandwidth measured in the last lesson on this device, else the
 * browser's own estimate of the link (Network Information API), else hls.js's default. Data
 * saver keeps the default, the lowest start.
 */
function startBandwidth(): number | undefined {
  const connection = (navigator as { connection?: { downlink?: number; saveData?: boolean } }).connection;
  if (connection?.saveData) return undefined;
  const saved = readNumber(BANDWIDTH_KEY);
  if (saved !== null) return Math.min(saved, MAX_START_BANDWIDTH);
  return connection?.downlink && connection.downlink > 0 ? connection.downlink * 1_000_000 : undefined;
}

/** Seconds actually played (the union of the played ranges). */
function watchedSeconds(video: HTMLVideoElement) {
  let sum = 0;
  for (let i = 0; i < video.played.length; i++) sum += video.played.end(i) - video.played.start(i);
  return sum;
}

type HlsInstance = {
  config: { maxBufferLength: number; maxBufferSize: number };
  levels: { height: number }[];
  currentLevel: number;
  loadLevel: number;
  bandwidthEstimate: number;
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(event: string, cb: (...args: unknown[]) => void): void;
  destroy(): void;
};

function drawWatermark(canvas: HTMLCanvasElement, text: string, spot: number) {
  const rect = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(rect.width * ratio));
  const h = Math.max(1, Math.round(rect.height * ratio));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.clearRect(0, 0, w, h);
  const size = Math.max(11, Math.round(h / 26));
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  const width = ctx.measureText(text).width;
  // Nine spots across the frame, visited in a scrambled order.
  const col = [0, 2, 1, 2, 0, 1, 1, 0, 2][spot % 9]!;
  const row = [0, 1, 2, 0, 2, 1, 0, 1, 2][spot % 9]!;
  const x = 12 * ratio + ((w - width - 24 * ratio) * col) / 2;
  const y = size + 12 * ratio + ((h - size * 2 - 48 * ratio) * row) / 2;
  ctx.fillStyle = "rgba(255,255,255,0.55)";
  ctx.strokeStyle = "rgba(0,0,0,0.35)";
  ctx.lineWidth = 2;
  ctx.strokeText(text, x, y);
  ctx.fillText(text, x, y);
}

const overlayStyle = "position:absolute;inset:0;width:100%;height:100%;pointer-events:none;z-index:2;";

export function HostedVideoPlayer(props: HostedVideoProps) {
  const { lessonId, master, poster, captions, startAt, durationSeconds, watermark, title, onComplete } = props;
  const reportProgress = props.reportProgress ?? true;
  // Where to resume (and the renditions, for the playlist fetched ahead) is read once: a revalidation
  // after completion brings a new saved position, which must not reload a video that is playing (that
  // reset its speed and its place).
  const resumeRef = useRef({ startAt, durationSeconds, renditions: props.renditions });
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<HlsInstance | null>(null);
  const [levels, setLevels] = useState<{ index: number; name: string }[]>([]);
  const [level, setLevel] = useState(-1);
  const [speed, setSpeed] = useState(1);
  const [fullscreen, setFullscreen] = useState(false);
  const trackRef = useRef<HTMLTrackElement>(null);
  const [captionsOn, setCaptionsOn] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const completedRef = useRef(false);

  // hls.js on demand (Safari plays HLS itself).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    // Where the student stopped, unless that was the very end.
    const { startAt, durationSeconds, renditions } = resumeRef.current;
    const duration = durationSeconds || 0;
    const resumeAt = startAt > 0 && startAt < duration - Math.min(5, duration * 0.1) ? startAt : -1;
    const resume = () => {
      if (resumeAt > 0) video.currentTime = resumeAt;
    };
    // The master and the remembered rendition's playlist, fetched while hls.js itself loads
    // (playlist-prefetch.ts); browsers that play HLS themselves (no MediaSource) fetch their own.
    const remembered = readNumber(QUALITY_KEY);
    const rendition = remembered ? renditions.find((r) => r.height === remembered) : undefined;
    const urls = [master, ...(rendition ? [renditionPlaylistUrl(master, rendition.name)] : [])];
    const prefetched = prefetchPlaylists("MediaSource" in window || "ManagedMediaSource" in window ? urls : []);
    (async () => {
      const { default: Hls } = await import("hls.js");
      if (cancelled) return;
      if (Hls.isSupported()) {
        const bandwidth = startBandwidth();
        const hls = new Hls({
          enableWorker: false,
          pLoader: prefetchingLoader(Hls.DefaultConfig.loader, prefetched) as unknown as PlaylistLoaderConstructor,
          capLevelToPlayerSize: true,
          startPosition: resumeAt,
          ...(video.paused ? { maxBufferLength: BUFFER_BEFORE_PLAY_SECONDS, maxBufferSize: 0 } : {}),
          ...(bandwidth ? { abrEwmaDefaultEstimate: bandwidth } : {}),
        }) as unknown as HlsInstance;
        hlsRef.current = hls;
        // hls.js reads its buffer goals on every check: pressing play puts its defaults back.
        const { maxBufferLength, maxBufferSize } = Hls.DefaultConfig;
        video.addEventListener(
          "play",
          () => {
            Object.assign(hls.config, { maxBufferLength, maxBufferSize });
          },
          { once: true },
        );
        hls.on(Hls.Events.MANIFEST_PARSED, () => {
          setLevels(hls.levels.map((l, index) => ({ index, name: `${l.height}p` })));
          // The quality chosen on an earlier lesson: loaded from the start, so play needs no new playlist.
          const saved = readNumber(QUALITY_KEY);
          const index = saved ? hls.levels.findIndex((l) => l.height === saved) : -1;
          if (index >= 0) {
            hls.loadLevel = index;
            setLevel(index);
          }
        });
        hls.on(Hls.Events.FRAG_LOADED, () => {
          const estimate = hls.bandwidthEstimate;
          if (Number.isFinite(estimate) && estimate > 0) writeNumber(BANDWIDTH_KEY, Math.round(estimate));
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          const d = data as { fatal?: boolean; response?: { code?: number } };
          if (!d.fatal) return;
          setError(
            d.response?.code === 403 || d.response?.code === 401
              ? "This video link has expired or you no longer have access. Reload the page."
              : "The video could not be played. Check your connection and reload the page.",
          );
        });
        hls.loadSource(master);
        hls.attachMedia(video);
      } else if (video.canPlayType("application/vnd.apple.mpegurl")) {
        video.src = master;
        video.addEventListener("loadedmetadata", resume, { once: true });
      } else {
        setError("This browser cannot play the video.");
      }
    })().catch(() => setError("The video player could not be loaded. Reload the page."));
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [master]);

  // The speed: the element's, mirrored by the menu (see the top of this file).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onRate = () => {
      const rate = video.playbackRate;
      video.defaultPlaybackRate = rate;
      setSpeed(rate);
      writeNumber(SPEED_KEY, rate);
    };
    video.addEventListener("ratechange", onRate);
    const initial = savedSpeed();
    video.defaultPlaybackRate = initial;
    video.playbackRate = initial;
    setSpeed(initial);
    return () => video.removeEventListener("ratechange", onRate);
  }, []);

  // The resume point and completion: every 15 s while playing, on pause and when leaving the page.
  const report = useCallback(
    (beacon = false) => {
      const video = videoRef.current;
      if (!reportProgress || !video || !(video.currentTime > 0)) return;
      const body = new URLSearchParams({
        seconds: String(Math.floor(video.currentTime)),
        watched: String(Math.floor(watchedSeconds(video))),
      });
      const url = `/api/video/${lessonId}/position`;
      if (beacon && navigator.sendBeacon) {
        navigator.sendBeacon(url, body);
        return;
      }
      apiFetch<{ complete?: boolean }>(url, { method: "POST", body })
        .then((out) => {
          if (out.complete && !completedRef.current) {
            completedRef.current = true;
            onComplete?.();
          }
        })
        .catch(() => {});
    },
    [lessonId, onComplete, reportProgress],
  );

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const timer = setInterval(() => {
      if (!video.paused) report();
    }, 15_000);
    const onPause = () => report();
    const onEnded = () => report();
    const onHide = () => report(true);
    video.addEventListener("pause", onPause);
    video.addEventListener("ended", onEnded);
    window.addEventListener("pagehide", onHide);
    return () => {
      clearInterval(timer);
      video.removeEventListener("pause", onPause);
      video.removeEventListener("ended", onEnded);
      window.removeEventListener("pagehide", onHide);
      report(true);
    };
  }, [report]);

  // The watermark: a canvas redrawn every second, at a new spot every 6 s. Removing or hiding it
  // (or the frame's children being changed) puts a new one back and pauses the video.
  useEffect(() => {
    const frame = frameRef.current;
    const video = videoRef.current;
    if (!frame || !video) return;
    let canvas: HTMLCanvasElement;
    const mount = () => {
      canvas = document.createElement("canvas");
      canvas.setAttribute("aria-hidden", "true");
      canvas.dataset.watermark = "";
      canvas.style.cssText = overlayStyle;
      frame.appendChild(canvas);
    };
    mount();
    let tick = 0;
    const hidden = (el: HTMLElement) => {
      const style = getComputedStyle(el);
      return (
        !el.isConnected ||
        style.display === "none" ||
        style.visibility !== "visible" ||
        Number(style.opacity) < 0.9 ||
        el.getBoundingClientRect().width < frame.getBoundingClientRect().width * 0.9
      );
    };
    const guard = () => {
      if (!canvas.isConnected || hidden(canvas)) {
        canvas.remove();
        mount();
        if (!video.paused) video.pause();
      }
      drawWatermark(canvas, watermark, Math.floor(tick / 6));
    };
    const timer = setInterval(() => {
      tick++;
      guard();
    }, 1000);
    const observer = new MutationObserver(guard);
    observer.observe(frame, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["style", "class", "hidden"],
    });
    guard();
    return () => {
      clearInterval(timer);
      observer.disconnect();
      canvas.remove();
    };
  }, [watermark]);

  // Captions: showing from the start; the button, C and the browser's own menu all change the
  // track's mode, and the button follows it.
  useEffect(() => {
    const video = videoRef.current;
    const track = trackRef.current?.track;
    if (!video || !track) return;
    track.mode = "showing";
    const onChange = () => setCaptionsOn(track.mode === "showing");
    video.textTracks.addEventListener("change", onChange);
    return () => video.textTracks.removeEventListener("change", onChange);
  }, []);

  const toggleCaptions = () => {
    const track = trackRef.current?.track;
    if (!track) return;
    track.mode = track.mode === "showing" ? "hidden" : "showing";
    setCaptionsOn(track.mode === "showing");
  };

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const toggleFullscreen = () => {
    // The frame goes full screen, not the <video>, so the watermark stays on top.
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen?.();
  };

  const chooseLevel = (value: number) => {
    setLevel(value);
    const hls = hlsRef.current;
    if (!hls) return;
    hls.currentLevel = value;
    // Remembered for the next lesson on this device (Auto: 0).
    writeNumber(QUALITY_KEY, hls.levels[value]?.height ?? 0);
  };
  // The element reports the change (ratechange) and the menu follows it.
  const chooseSpeed = (value: number) => {
    if (videoRef.current) videoRef.current.playbackRate = value;
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const video = videoRef.current;
    if (!video || event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.target as HTMLElement).closest("select,button")) return;
    const seek = (by: number) => {
      video.currentTime = Math.max(0, Math.min(video.duration || 0, video.currentTime + by));
    };
    const step = (dir: 1 | -1) => {
      const rate = video.playbackRate;
      const next = dir > 0 ? SPEEDS.find((s) => s > rate) : [...SPEEDS].reverse().find((s) => s < rate);
      if (next !== undefined) chooseSpeed(next);
    };
    const playPause = () => (video.paused ? void video.play() : video.pause());
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    switch (key) {
      case " ":
      case "k":
        playPause();
        break;
      case "ArrowLeft":
        seek(-5);
        break;
      case "ArrowRight":
        seek(5);
        break;
      case "j":
        seek(-10);
        break;
      case "l":
        seek(10);
        break;
      case "m":
        video.muted = !video.muted;
        break;
      case "f":
        toggleFullscreen();
        break;
      case "c":
        if (!captions) return;
        toggleCaptions();
        break;
      case ">":
        step(1);
        break;
      case "<":
        step(-1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div>
      <div
        ref={frameRef}
        role="application"
        aria-roledescription="video player"
        onKeyDown={onKeyDown}
        aria-label={`Video player: ${title}. Keys: space or K play and pause, arrows or J and L seek, M mute, F full screen, < and > speed${captions ? ", C captions" : ""}.`}
        className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900 shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        data-hosted-video={lessonId}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: an owner's own upload has no captions; the sample lectures do (the track below) */}
        <video
          ref={videoRef}
          poster={poster}
          controls
          playsInline
          preload="metadata"
          disablePictureInPicture
          controlsList="nofullscreen nodownload noremoteplayback"
          className="h-full w-full"
          title={`Video: ${title}`}
        >
          {captions ? (
            <track ref={trackRef} kind="captions" srcLang="en" label="English" src={captions} default />
          ) : null}
        </video>
        {error ? (
          <p role="alert" className="absolute inset-x-0 top-0 z-10 bg-red-700/90 p-2 text-center text-sm text-white">
            {error}
          </p>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-1">
          Quality
          <select
            value={level}
            aria-label="Video quality"
            onChange={(e) => chooseLevel(Number(e.target.value))}
            className="rounded-md border border-slate-300 px-2 py-1"
            disabled={levels.length === 0}
          >
            <option value={-1}>Auto</option>
            {levels.map((l) => (
              <option key={l.index} value={l.index}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1">
          Speed
          <select
            value={speed}
            aria-label="Playback speed"
            onChange={(e) => chooseSpeed(Number(e.target.value))}
            className="rounded-md border border-slate-300 px-2 py-1"
          >
            {(SPEEDS.some((s) => s === speed) ? SPEEDS : [...SPEEDS, speed].sort((a, b) => a - b)).map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
        {captions ? (
          <button
            type="button"
            onClick={toggleCaptions}
            aria-pressed={captionsOn}
            className={`inline-flex items-center gap-1 rounded-md border px-2 py-1 ${captionsOn ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300"}`}
          >
            <Captions className="h-4 w-4" aria-hidden />
            Captions
          </button>
        ) : null}
        <button
          type="button"
          onClick={toggleFullscreen}
          className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1"
        >
          {fullscreen ? <Minimize className="h-4 w-4" aria-hidden /> : <Maximize className="h-4 w-4" aria-hidden />}
          {fullscreen ? "Exit full screen" : "Full screen"}
        </button>
      </div>
    </div>
  );
}
