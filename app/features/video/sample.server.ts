/**
 * The files of the seeded lessons' sample lecture (db/seed/sample-video.ts) in file storage.
 * Made once with ffmpeg into a cache folder named by a hash of everything that shapes the output
 * (the sample's settings, the ladder, the segment length, the key), and copied into each storage
 * that lacks them: a test server, a fresh data directory or a new bucket costs a copy, not a transcode.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SAMPLE_KEY_HEX, SAMPLE_PREFIX, SAMPLE_RENDITIONS, SAMPLE_VIDEO } from "~/db/seed/sample-video";
import { type FileStorage, putFile } from "~/features/files/storage.server";
import { generateSample, ladderFor, SEGMENT_SECONDS, transcodeToHls } from "./transcode.server";

const CONTENT_TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".jpg": "image/jpeg",
};

export function sampleCacheDir(root = path.join(os.tmpdir(), "commerce-academy-sample-video")) {
  const hash = createHash("sha256")
    .update(JSON.stringify({ SAMPLE_VIDEO, SAMPLE_KEY_HEX, ladder: ladderFor(SAMPLE_VIDEO), SEGMENT_SECONDS }))
    .digest("hex")
    .slice(0, 16);
  return path.join(root, hash);
}

/** The sample's HLS files in the cache (made now when missing); their relative paths. */
export async function cachedSample(dir = sampleCacheDir()): Promise<{ dir: string; files: string[] }> {
  const manifest = path.join(dir, "files.json");
  if (!fs.existsSync(manifest)) {
    await fs.promises.mkdir(path.dirname(dir), { recursive: true });
    const work = await fs.promises.mkdtemp(`${dir}.tmp-`);
    try {
      const source = path.join(work, "source.mp4");
      await generateSample(source, SAMPLE_VIDEO);
      const result = await transcodeToHls(source, path.join(work, "hls"), { keyHex: SAMPLE_KEY_HEX });
      const names = result.renditions.map((r) => r.name).join(",");
      if (names !== SAMPLE_RENDITIONS.map((r) => r.name).join(","))
        throw new Error(`The sample's renditions (${names}) differ from the seeded rows`);
      await fs.promises.writeFile(path.join(work, "hls", "files.json"), JSON.stringify(result.files));
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

/** Puts the sample's files into `storage` when they are missing. Returns how many files it wrote. */
export async function ensureSampleVideo(storage: FileStorage, cacheDir?: string): Promise<number> {
  if (await storage.exists(`${SAMPLE_PREFIX}/master.m3u8`)) return 0;
  const { dir, files } = await cachedSample(cacheDir);
  // The master playlist last: its presence says the rest is there.
  const ordered = [...files.filter((f) => f !== "master.m3u8"), "master.m3u8"];
  for (const file of ordered)
    await putFile(storage, `${SAMPLE_PREFIX}/${file}`, path.join(dir, file), {
      contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
    });
  return ordered.length;
}
