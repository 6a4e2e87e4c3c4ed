import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SAMPLE_PREFIX, SAMPLE_RENDITIONS, SAMPLE_VIDEO } from "~/db/seed/sample-video";
import { createLocalStorage, getBytes } from "~/features/files/storage.server";
import { cachedSample, ensureSampleVideo, sampleCacheDir } from "./sample.server";
import { ladderFor } from "./transcode.server";

describe("the seeded sample lecture", () => {
  it("the seeded rows' renditions are the ladder of a 1280x720 source", () => {
    expect(
      ladderFor(SAMPLE_VIDEO).map(({ name, width, height, bandwidth }) => ({ name, width, height, bandwidth })),
    ).toEqual(SAMPLE_RENDITIONS);
  });

  it("is made once into the cache and copied into each storage that lacks it", async () => {
    const { dir, files } = await cachedSample(sampleCacheDir());
    expect(files).toContain("720p/index.m3u8");
    expect(files).toContain("poster.jpg");
    const made = fs.statSync(path.join(dir, "files.json")).mtimeMs;

    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "ca-sample-")));
    const started = Date.now();
    expect(await ensureSampleVideo(storage)).toBe(files.length);
    expect(Date.now() - started).toBeLessThan(5000); // a copy, no ffmpeg
    expect(fs.statSync(path.join(dir, "files.json")).mtimeMs).toBe(made);
    expect(await ensureSampleVideo(storage)).toBe(0);
    const media = new TextDecoder().decode((await getBytes(storage, `${SAMPLE_PREFIX}/720p/index.m3u8`))!);
    expect(media).toMatch(/METHOD=AES-128/);
    expect(media.match(/#EXTINF/g)?.length).toBe(Math.ceil(SAMPLE_VIDEO.seconds / 4));
  }, 120_000);
});
