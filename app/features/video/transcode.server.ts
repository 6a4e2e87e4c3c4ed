/**
 * ffmpeg/ffprobe turn an uploaded video into an encrypted HLS ladder: 240p, 360p and 720p, never
 * above the source's height, 2-second segments for the first 12 s then 4 s (FIRST_SEGMENTS), AES-128 under one key per lesson, plus a poster.
 * Which ffmpeg is decided here and nowhere else (`videoTools`): FFMPEG_PATH and FFPROBE_PATH when set;
 * else the first ffmpeg and ffprobe on PATH (Debian's, from `apt-get install ffmpeg`: 5.1 on Debian 12);
 * else the binaries shipped by @ffmpeg-installer and @ffprobe-installer (a 2018 ffmpeg and a 2023
 * ffprobe), so `npm install` alone is enough. All have drawtext.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { getEnv } from "~/lib/env.server";

const require = createRequire(import.meta.url);

/** The first executable called `name` in the directories of `searchPath` (PATH), if any. */
export function onPath(name: string, searchPath = process.env.PATH ?? ""): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The ffmpeg and ffprobe binaries: FFMPEG_PATH/FFPROBE_PATH, else PATH's (when it has both), else
 * npm's. Throws a message saying what is missing and how to install it.
 */
export function videoTools(): { ffmpeg: string; ffprobe: string } {
  const env = getEnv();
  if (env.FFMPEG_PATH || env.FFPROBE_PATH) {
    const chosen = { ffmpeg: env.FFMPEG_PATH ?? onPath("ffmpeg"), ffprobe: env.FFPROBE_PATH ?? onPath("ffprobe") };
    for (const [name, file] of Object.entries(chosen)) {
      if (!file || !fs.existsSync(file))
        throw new Error(`${name} not found${file ? ` at ${file}` : ""}: check ${name.toUpperCase()}_PATH`);
    }
    return chosen as { ffmpeg: string; ffprobe: string };
  }
  const system = { ffmpeg: onPath("ffmpeg"), ffprobe: onPath("ffprobe") };
  if (system.ffmpeg && system.ffprobe) return { ffmpeg: system.ffmpeg, ffprobe: system.ffprobe };
  let ffmpeg: string;
  let ffprobe: string;
  try {
    ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
    ffprobe = (require("@ffprobe-installer/ffprobe") as { path: string }).path;
  } catch {
    throw new Error(
      "ffmpeg is not installed: `apt-get install -y ffmpeg`, or run `npm install` (it ships @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe)",
    );
  }
  if (!fs.existsSync(ffmpeg) || !fs.existsSync(ffprobe))
    throw new Error(`ffmpeg or ffprobe is missing (${ffmpeg}, ${ffprobe}): run \`npm install\` again`);
  return { ffmpeg, ffprobe };
}

export interface Rendition {
  name: string;
  width: number;
  height: number;
  /** Video bit rate, bits per second. */
  videoBitrate: number;
  audioBitrate: number;
  /** Peak bandwidth announced in the master playlist. */
  bandwidth: number;
}

const LADDER = [
  { name: "240p", height: 240, videoBitrate: 300_000, audioBitrate: 64_000 },
  { name: "360p", height: 360, videoBitrate: 700_000, audioBitrate: 96_000 },
  { name: "720p", height: 720, videoBitrate: 2_200_000, audioBitrate: 128_000 },
];

export const SEGMENT_SECONDS = 4;
/** Bump when the ffmpeg arguments of transcodeToHls change: the sample lectures' cache is named by it. */
export const TRANSCODE_SETTINGS_VERSION = 2;
/**
 * The first 12 s are cut in 2-second segments, 4-second ones after. A lesson waits for half a segment
 * before it starts; and a 2 s segment of 360p at full bit rate arrives over DevTools' Slow 4G in ~1.8 s
 * (one 562 ms round trip each), a little faster than it plays, so six of them build the lead that the
 * first 4 s segment (~2.9 s) needs. (2 + 2 then 4 s stalled once at 4 s in that bench.) Not 1 s: the
 * sample lectures' slides run at 5 frames/s, and Chromium did not start (or finish the seek hls.js
 * makes over the first 0.05 s) on the 5 frames of a 1-second segment alone. bench/RESULTS.md, issue 34.
 * Videos transcoded before (4-second segments from 0) play as they are.
 */
export const FIRST_SEGMENTS = [2, 2, 2, 2, 2, 2] as const;

/** The starts of the short first segments and where the 4-second ones begin: 0, 2, …, 10, 12. */
const EARLY_STARTS = [0];
for (const seconds of FIRST_SEGMENTS) EARLY_STARTS.push(EARLY_STARTS.at(-1)! + seconds);

/** Where a video's segments start, in seconds: every 2 s up to 12, then every SEGMENT_SECONDS (16, 20, …). */
export function segmentStarts(durationSeconds: number): number[] {
  const starts = [...EARLY_STARTS];
  while (starts.at(-1)! + SEGMENT_SECONDS < durationSeconds) starts.push(starts.at(-1)! + SEGMENT_SECONDS);
  return starts.filter((t) => t < durationSeconds);
}

/**
 * ffmpeg's -force_key_frames expression for segmentStarts: the n-th forced keyframe at the n-th
 * segment start (0, 2, …, 10 s), then at 12 s and every SEGMENT_SECONDS after.
 */
export function keyframeExpression(): string {
  const steady = `${EARLY_STARTS.at(-1)}+${SEGMENT_SECONDS}*(n_forced-${FIRST_SEGMENTS.length})`;
  const at = EARLY_STARTS.slice(0, -1).reduceRight(
    (rest, start, n) => `if(eq(n_forced,${n}),${start},${rest})`,
    steady,
  );
  return `expr:gte(t,${at})`;
}

/** The renditions for a source of this size: never upscaled; a source below 240p gets one rendition at its own size. */
export function ladderFor(source: { width: number; height: number }): Rendition[] {
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const aspect = source.width / source.height;
  const steps = LADDER.filter((step) => step.height <= source.height);
  const chosen =
    steps.length > 0 ? steps : [{ ...LADDER[0]!, height: even(source.height), name: `${even(source.height)}p` }];
  return chosen.map((step) => ({
    ...step,
    width: even(step.height * aspect),
    height: even(step.height),
    bandwidth: Math.round((step.videoBitrate + step.audioBitrate) * 1.1),
  }));
}

export function masterPlaylist(renditions: Rendition[], hasAudio: boolean): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3"];
  for (const r of renditions) {
    const codecs = hasAudio ? "avc1.4d401f,mp4a.40.2" : "avc1.4d401f";
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}",NAME="${r.name}"`,
      `${r.name}/index.m3u8`,
    );
  }
  return `${lines.join("\n")}\n`;
}

export interface Probe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export function run(
  bin: string,
  args: string[],
  opts: { signal?: AbortSignal; onStdout?: (chunk: string) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], signal: opts.signal });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (opts.onStdout) opts.onStdout(chunk);
      else out += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else {
        const last = err.trim().split("\n").slice(-2).join(" ").trim();
        reject(new Error(`${path.basename(bin)} failed (exit ${code}): ${last || "no output"}`));
      }
    });
  });
}

export async function probe(file: string): Promise<Probe> {
  const { ffprobe } = videoTools();
  let json: {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  try {
    json = JSON.parse(
      await run(ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file]),
    );
  } catch {
    throw new Error("The file is not a video ffmpeg can read");
  }
  const video = json.streams?.find((s) => s.codec_type === "video");
  const duration = Number(json.format?.duration ?? video?.duration);
  if (!video?.width || !video.height) throw new Error("The file has no video stream");
  if (!(duration > 0)) throw new Error("The video's duration could not be read");
  return {
    durationSeconds: duration,
    width: video.width,
    height: video.height,
    hasAudio: Boolean(json.streams?.some((s) => s.codec_type === "audio")),
  };
}

export interface TranscodeResult {
  probe: Probe;
  renditions: Rendition[];
  keyHex: string;
  /** Files written into outDir, relative paths: master.m3u8, <name>/index.m3u8, <name>/seg-N.ts, poster.jpg. */
  files: string[];
}

/**
 * Transcodes `input` into `outDir` (empty). `keyHex` re-uses a lesson's key (a retry keeps it);
 * `onProgress` gets 0–100 as ffmpeg works through the duration.
 */
export async function transcodeToHls(
  input: string,
  outDir: string,
  opts: { keyHex?: string; signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<TranscodeResult> {
  const { ffmpeg } = videoTools();
  const info = await probe(input);
  const renditions = ladderFor(info);
  const keyHex = opts.keyHex ?? randomBytes(16).toString("hex");
  await fs.promises.mkdir(outDir, { recursive: true });
  const keyFile = path.join(outDir, "..", `${path.basename(outDir)}.key`);
  await fs.promises.writeFile(keyFile, Buffer.from(keyHex, "hex"));
  // Line 1 is the key URI written into the playlists: a placeholder the app replaces with its
  // key endpoint (and a short-lived token) when it serves a playlist.
  const keyInfo = path.join(outDir, "..", `${path.basename(outDir)}.keyinfo`);
  await fs.promises.writeFile(keyInfo, `key://lesson\n${keyFile}\n${randomBytes(16).toString("hex")}\n`);
  // ffmpeg 4.1 names variant folders by index (%v); they are renamed to the rendition names after.
  for (let i = 0; i < renditions.length; i++)
    await fs.promises.mkdir(path.join(outDir, String(i)), { recursive: true });

  const split = renditions.map((_, i) => `[v${i}]`).join("");
  const scales = renditions.map((r, i) => `[v${i}]scale=${r.width}:${r.height}[v${i}o]`).join(";");
  const args = ["-y", "-hide_banner", "-loglevel", "error", "-i", input, "-filter_complex"];
  args.push(`[0:v]split=${renditions.length}${split};${scales}`);
  renditions.forEach((r, i) => {
    args.push("-map", `[v${i}o]`);
    if (info.hasAudio) args.push("-map", "0:a:0");
    args.push(
      `-c:v:${i}`,
      "libx264",
      `-b:v:${i}`,
      String(r.videoBitrate),
      `-maxrate:v:${i}`,
      String(Math.round(r.videoBitrate * 1.07)),
      `-bufsize:v:${i}`,
      String(r.videoBitrate * 2),
    );
    if (info.hasAudio) args.push(`-c:a:${i}`, "aac", `-b:a:${i}`, String(r.audioBitrate), "-ac", "2");
  });
  args.push(
    "-preset",
    "veryfast",
    "-profile:v",
    "main",
    "-pix_fmt",
    "yuv420p",
    "-sc_threshold",
    "0",
    // No B-frames: they delay each frame's decode time, and the muxer interleaves audio by decode
    // time, so at the slides' 5 frames/s two B-frames left a segment's audio 0.4 s short of its video.
    "-bf",
    "0",
    // A keyframe at every segment start and nowhere else (segmentStarts); the muxer cuts at the first
    // keyframe at least FIRST_SEGMENTS[0] s after the last cut, so the keyframes alone decide the segments.
    "-force_key_frames",
    keyframeExpression(),
    "-f",
    "hls",
    "-hls_time",
    String(FIRST_SEGMENTS[0]),
    "-hls_playlist_type",
    "vod",
    "-hls_key_info_file",
    keyInfo,
    "-hls_segment_filename",
    path.join(outDir, "%v", "seg-%d.ts"),
    "-var_stream_map",
    renditions.map((_, i) => (info.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(" "),
    "-progress",
    "pipe:1",
    "-nostats",
    path.join(outDir, "%v", "index.m3u8"),
  );
  let last = -1;
  await run(ffmpeg, args, {
    signal: opts.signal,
    onStdout(chunk) {
      const match =
        /out_time_(?:ms|us)=(\d+)\s*$/m.exec(chunk) ?? [...chunk.matchAll(/out_time_(?:ms|us)=(\d+)/g)].at(-1);
      if (!match) return;
      const percent = Math.min(99, Math.floor((Number(match[1]) / 1e6 / info.durationSeconds) * 100));
      if (percent > last) {
        last = percent;
        opts.onProgress?.(percent);
      }
    },
  });
  for (const [i, r] of renditions.entries())
    await fs.promises.rename(path.join(outDir, String(i)), path.join(outDir, r.name));
  await fs.promises.writeFile(path.join(outDir, "master.m3u8"), masterPlaylist(renditions, info.hasAudio));
  await run(
    ffmpeg,
    [
      "-y",
      "-loglevel",
      "error",
      "-ss",
      String(Math.min(1, info.durationSeconds / 3)),
      "-i",
      input,
      "-frames:v",
      "1",
      "-vf",
      `scale=${renditions.at(-1)!.width}:${renditions.at(-1)!.height}`,
      "-q:v",
      "4",
      path.join(outDir, "poster.jpg"),
    ],
    { signal: opts.signal },
  );
  await fs.promises.rm(keyFile, { force: true });
  await fs.promises.rm(keyInfo, { force: true });
  const files: string[] = [];
  for (const entry of await fs.promises.readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.push(path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  }
  return { probe: info, renditions, keyHex, files: files.sort() };
}

/** A test pattern with a title and a tone (the seed's sample lecture and the tests' input). */
export async function generateSample(
  out: string,
  opts: { seconds?: number; width?: number; height?: number; title?: string } = {},
): Promise<void> {
  const { ffmpeg } = videoTools();
  const w = opts.width ?? 1280;
  const h = opts.height ?? 720;
  const seconds = opts.seconds ?? 6;
  const title = (opts.title ?? "Commerce Academy").replace(/[^A-Za-z0-9 .,&-]/g, "");
  const font = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    path.resolve("assets/fonts/NotoSans-Regular.ttf"),
  ].find((f) => fs.existsSync(f));
  const draw = font
    ? `,drawtext=fontfile=${font}:text='${title}':fontcolor=white:fontsize=${Math.round(h / 14)}:box=1:boxcolor=black@0.6:x=(w-text_w)/2:y=h/8`
    : "";
  await run(ffmpeg, [
    "-y",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc2=size=${w}x${h}:rate=25:duration=${seconds}${draw}`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-shortest",
    out,
  ]);
}
