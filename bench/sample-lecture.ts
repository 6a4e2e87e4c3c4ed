/**
 * `npx tsx bench/sample-lecture.ts`: what the first start of a new install spends on the seeded
 * sample lectures (issue 32): each lecture made from nothing (slides, espeak-ng voice, captions,
 * the encrypted HLS ladder) into an empty cache, then copied into an empty storage; and the cost of
 * the next start (a copy from the cache). Uses its own temporary cache, not the server's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { voiceVersion } from "~/features/video/lecture.server";
import { cachedSample, ensureSampleVideo } from "~/features/video/sample.server";
import { lectureSeconds, SAMPLE_LECTURES } from "~/features/video/sample-lecture";
import { videoTools } from "~/features/video/transcode.server";
import { createLocalStorage } from "~/platform/files/storage.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ca-bench-sample-cache-"));
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
try {
  console.log(`ffmpeg ${videoTools().ffmpeg}, voice ${voiceVersion() ?? "none (silent)"}, ${os.cpus().length} cores`);
  console.log(
    `load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  const start = performance.now();
  for (const lecture of SAMPLE_LECTURES) {
    const t = performance.now();
    await cachedSample(lecture, { root });
    console.log(`${lecture.slug}: ${lectureSeconds(lecture)} s of lecture made in ${seconds(t)} s`);
  }
  const t = performance.now();
  const storage = () => createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "ca-bench-sample-files-")));
  const files = await ensureSampleVideo(storage(), { root });
  console.log(`copied ${files} files into an empty storage in ${seconds(t)} s`);
  console.log(`first start: ${seconds(start)} s in all`);
  const again = performance.now();
  await ensureSampleVideo(storage(), { root });
  console.log(`a later fresh data directory (cache warm): ${seconds(again)} s`);
  console.log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
