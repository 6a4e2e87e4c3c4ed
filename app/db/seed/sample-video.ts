/**
 * The sample lecture every seeded lesson plays (issue 21): one short 1280×720 test pattern with a
 * tone, transcoded into the full HLS ladder and encrypted, shared by all seeded lessons. The seed
 * writes only these rows; the files are made by `ensureSampleVideo` (features/video/sample.server.ts)
 * at start-up, from a cache, so seeding stays a database-only step.
 */
import { createHash } from "node:crypto";

export const SAMPLE_VIDEO = {
  title: "Commerce Academy sample lecture",
  seconds: 6,
  width: 1280,
  height: 720,
  /** Bump to regenerate the sample (a new prefix in storage). */
  version: 1,
} as const;

/** The sample is demo content: its key is fixed (a real upload always gets a random key of its own). */
export const SAMPLE_KEY_HEX = createHash("sha256")
  .update(`commerce-academy sample lecture key v${SAMPLE_VIDEO.version}`)
  .digest("hex")
  .slice(0, 32);

export const SAMPLE_PREFIX = `videos/sample-v${SAMPLE_VIDEO.version}`;

/** The renditions of a 1280×720 source (features/video/transcode.server.ts `ladderFor`; a test keeps them equal). */
export const SAMPLE_RENDITIONS = [
  { name: "240p", width: 426, height: 240, bandwidth: 400_400 },
  { name: "360p", width: 640, height: 360, bandwidth: 875_600 },
  { name: "720p", width: 1280, height: 720, bandwidth: 2_560_800 },
];

/** The lesson_videos row of a seeded lesson. */
export function sampleVideoRow(lessonId: number) {
  return {
    lessonId,
    status: "ready",
    progress: 100,
    hlsPrefix: SAMPLE_PREFIX,
    keyHex: SAMPLE_KEY_HEX,
    renditions: SAMPLE_RENDITIONS,
    durationSeconds: SAMPLE_VIDEO.seconds,
    posterKey: `${SAMPLE_PREFIX}/poster.jpg`,
  };
}
