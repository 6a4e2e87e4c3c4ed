/**
 * The files of the seeded lessons' sample lectures (sample-lecture.ts) in file storage.
 * Each lecture is made once with ffmpeg (and espeak-ng's voice) into a cache folder named by a hash
 * of everything that shapes the output (the lecture's slides and narration, the video settings, the
 * ladder, the segment length, the key, the ffmpeg used and the voice), and copied into each storage
 * that lacks it: a test server, a fresh data directory or a new bucket costs a copy, not a transcode.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { like } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { lessonVideos } from "~/db/schema";
import { type FileStorage, putFile } from "~/platform/files/storage.server";
import { generateLecture, voiceVersion } from "./lecture.server";
import {
  lecturePrefix,
  SAMPLE_KEY_HEX,
  SAMPLE_LECTURES,
  SAMPLE_PREFIX_ROOT,
  SAMPLE_RENDITIONS,
  SAMPLE_VIDEO,
  type SampleLecture,
} from "./sample-lecture";
import {
  FIRST_SEGMENTS,
  ladderFor,
  SEGMENT_SECONDS,
  TRANSCODE_SETTINGS_VERSION,
  transcodeToHls,
  videoTools,
} from "./transcode.server";

const CONTENT_TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".jpg": "image/jpeg",
  ".vtt": "text/vtt; charset=utf-8",
};

const DEFAULT_ROOT = path.join(os.tmpdir(), "commerce-academy-sample-video");

export function sampleCacheDir(lecture: SampleLecture, voice = voiceVersion(), root = DEFAULT_ROOT) {
  const hash = createHash("sha256")
    .update(
      JSON.stringify({
        lecture,
        SAMPLE_VIDEO,
        SAMPLE_KEY_HEX,
        ladder: ladderFor(SAMPLE_VIDEO),
        SEGMENT_SECONDS,
        FIRST_SEGMENTS,
        TRANSCODE_SETTINGS_VERSION,
        ffmpeg: videoTools().ffmpeg,
        voice,
      }),
    )
    .digest("hex")
    .slice(0, 16);
  return path.join(root, `${lecture.slug}-${hash}`);
}

/**
 * A lecture's HLS files and captions in the cache (made now when missing): the folder, which also
 * keeps the lecture's source MP4 (`source.mp4`), and the relative paths of the files for storage.
 */
export async function cachedSample(
  lecture: SampleLecture,
  opts: { root?: string; voice?: string | null; log?: (message: string) => void } = {},
): Promise<{ dir: string; files: string[] }> {
  const voice = opts.voice === undefined ? voiceVersion() : opts.voice;
  const dir = sampleCacheDir(lecture, voice, opts.root);
  const manifest = path.join(dir, "files.json");
  if (!fs.existsSync(manifest)) {
    if (!voice)
      opts.log?.(
        `espeak-ng is not installed: the ${lecture.slug} sample lecture is silent with captions (apt-get install -y espeak-ng)`,
      );
    await fs.promises.mkdir(path.dirname(dir), { recursive: true });
    const work = await fs.promises.mkdtemp(`${dir}.tmp-`);
    try {
      const source = path.join(work, "source.mp4");
      const { vtt } = await generateLecture(source, lecture, {
        voice: Boolean(voice),
        workDir: path.join(work, "parts"),
      });
      const result = await transcodeToHls(source, path.join(work, "hls"), { keyHex: SAMPLE_KEY_HEX });
      const names = result.renditions.map((r) => r.name).join(",");
      if (names !== SAMPLE_RENDITIONS.map((r) => r.name).join(","))
        throw new Error(`The sample's renditions (${names}) differ from the seeded rows`);
      await fs.promises.writeFile(path.join(work, "hls", "captions.vtt"), vtt);
      // The source stays in the cache (not in storage), so a test can probe what was made.
      await fs.promises.rename(source, path.join(work, "hls", "source.mp4"));
      await fs.promises.writeFile(
        path.join(work, "hls", "files.json"),
        JSON.stringify([...result.files, "captions.vtt"].sort()),
      );
      try {
        await fs.promises.rename(path.join(work, "hls"), dir); // another process may have won the race
      } catch (error) {
        if (!fs.existsSync(manifest)) throw error;
      }
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }
  return { dir, files: JSON.parse(await fs.promises.readFile(manifest, "utf8")) as string[] };
}

/**
 * Makes every sample lecture's cache now (nothing when it is warm). Whoever starts a server against
 * a deadline (the tests' and the screenshots' `startServer`) calls it first, so a cold cache on a
 * busy machine costs time before the server is spawned, not its readiness.
 */
export async function warmSampleCache(opts: { root?: string; log?: (message: string) => void } = {}) {
  for (const lecture of SAMPLE_LECTURES) await cachedSample(lecture, opts);
}

/**
 * Puts every sample lecture's files into `storage` when they are missing (one after another: two
 * cores are better spent on one encode at a time). Returns how many files it wrote.
 */
export async function ensureSampleVideo(
  storage: FileStorage,
  opts: {
    root?: string;
    voice?: string | null;
    log?: (message: string) => void;
    /** Only the lectures at these prefixes (what lessons play: `samplePrefixesInUse`); all when absent. */
    only?: string[];
  } = {},
): Promise<number> {
  let written = 0;
  for (const lecture of SAMPLE_LECTURES) {
    const prefix = lecturePrefix(lecture);
    if (opts.only && !opts.only.includes(prefix)) continue;
    if (await storage.exists(`${prefix}/master.m3u8`)) continue;
    const { dir, files } = await cachedSample(lecture, opts);
    // The master playlist last: its presence says the rest is there.
    const ordered = [...files.filter((f) => f !== "master.m3u8"), "master.m3u8"];
    for (const file of ordered)
      await putFile(storage, `${prefix}/${file}`, path.join(dir, file), {
        contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
      });
    written += ordered.length;
  }
  return written;
}

/**
 * The sample lectures some lesson plays: none on a store started with SEED_SAMPLE=0 or whose sample
 * content was removed, so such a store never spends a minute of ffmpeg at start on a lecture nobody sees.
 */
export async function samplePrefixesInUse(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ prefix: lessonVideos.hlsPrefix })
    .from(lessonVideos)
    .where(like(lessonVideos.hlsPrefix, `${SAMPLE_PREFIX_ROOT}%`));
  return rows.map((r) => r.prefix!);
}
