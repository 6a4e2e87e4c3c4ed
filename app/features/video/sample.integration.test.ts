import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedCourses } from "~/db/seed/data";
import {
  isSampleVideoPrefix,
  lecturePrefix,
  lectureSeconds,
  SAMPLE_LECTURES,
  SAMPLE_RENDITIONS,
  SAMPLE_VIDEO,
  sampleLectureFor,
} from "~/features/video/sample-lecture";
import { createLocalStorage, getBytes } from "~/platform/files/storage.server";
import { getTestDb } from "../../../tests/helpers/db";
import { voiceVersion } from "./lecture.server";
import { cachedSample, ensureSampleVideo, samplePrefixesInUse } from "./sample.server";
import { ladderFor, probe, videoTools } from "./transcode.server";

/** The cues of a WebVTT file: start and end in seconds and the text on one line. */
function cuesOf(vtt: string) {
  const time = /(\d\d):(\d\d):(\d\d)\.(\d{3})/;
  const seconds = (t: string) => {
    const [, h, m, s, ms] = time.exec(t)!;
    return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
  };
  return vtt
    .trim()
    .split(/\n\n+/)
    .slice(1)
    .map((block) => {
      const [, timing, ...text] = block.split("\n");
      const [start, end] = timing!.split(" --> ");
      return { start: seconds(start!), end: seconds(end!), text: text.join(" ") };
    });
}

/** The loudest sample of a file's audio, in dB (ffmpeg's volumedetect; about -91 for silence). */
function maxVolume(file: string) {
  const out = spawnSync(videoTools().ffmpeg, ["-hide_banner", "-i", file, "-af", "volumedetect", "-f", "null", "-"], {
    encoding: "utf8",
  });
  return Number(/max_volume: (-?[\d.]+) dB/.exec(out.stderr)?.[1] ?? Number.NaN);
}

const extinfSum = (playlist: string) =>
  [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);

describe("the seeded sample lectures", () => {
  it("the seeded rows' renditions are the ladder of a 1280x720 source", () => {
    expect(
      ladderFor(SAMPLE_VIDEO).map(({ name, width, height, bandwidth }) => ({ name, width, height, bandwidth })),
    ).toEqual(SAMPLE_RENDITIONS);
  });

  it("sample-ness is the prefix: the seeded lectures are sample, an owner's upload is not", () => {
    for (const lecture of SAMPLE_LECTURES) expect(isSampleVideoPrefix(lecturePrefix(lecture))).toBe(true);
    expect(isSampleVideoPrefix("videos/sample-v1")).toBe(true);
    expect(isSampleVideoPrefix("videos/lesson-12/hls-1700000000000")).toBe(false);
    expect(isSampleVideoPrefix(null)).toBe(false);
  });

  it("espeak-ng is installed on this machine (the voice; .ci/run installs it)", () => {
    expect(voiceVersion(), "apt-get update && apt-get install -y espeak-ng").toMatch(/^espeak-ng \d/);
  });

  for (const lecture of SAMPLE_LECTURES)
    it(`the ${lecture.slug} lecture is exactly its slides' length, spoken, with captions of its narration`, async () => {
      const { dir, files } = await cachedSample(lecture);
      const source = await probe(path.join(dir, "source.mp4"));
      expect(source.hasAudio).toBe(true);
      expect(maxVolume(path.join(dir, "source.mp4"))).toBeGreaterThan(-20); // a voice, not silence
      expect(Math.abs(source.durationSeconds - lectureSeconds(lecture))).toBeLessThan(0.1);
      expect(lectureSeconds(lecture)).toBeGreaterThanOrEqual(30);
      expect(lectureSeconds(lecture)).toBeLessThanOrEqual(60);
      // Every rendition's segments add up to the same length.
      for (const r of SAMPLE_RENDITIONS) {
        const media = fs.readFileSync(path.join(dir, r.name, "index.m3u8"), "utf8");
        expect(media).toMatch(/METHOD=AES-128/);
        expect(Math.abs(extinfSum(media) - lectureSeconds(lecture))).toBeLessThan(0.5);
      }
      expect(files).toContain("captions.vtt");
      expect(files).not.toContain("source.mp4");
      const vtt = fs.readFileSync(path.join(dir, "captions.vtt"), "utf8");
      expect(vtt.startsWith("WEBVTT\n")).toBe(true);
      const cues = cuesOf(vtt);
      expect(cues.map((c) => c.text)).toEqual(lecture.slides.flatMap((s) => s.narration));
      let last = 0;
      for (const c of cues) {
        expect(c.start).toBeGreaterThanOrEqual(last);
        expect(c.end).toBeGreaterThan(c.start);
        last = c.end;
      }
      expect(last).toBeLessThanOrEqual(lectureSeconds(lecture));
    }, 180_000);

  it("a machine without espeak-ng gets a silent lecture of the same length with the same captions, and says so", async () => {
    const lecture = SAMPLE_LECTURES.at(-1)!;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "ca-sample-silent-"));
    const said: string[] = [];
    try {
      const { dir } = await cachedSample(lecture, { root, voice: null, log: (m) => said.push(m) });
      expect(said.join("\n")).toMatch(/espeak-ng is not installed: the business-studies sample lecture is silent/);
      const source = await probe(path.join(dir, "source.mp4"));
      expect(Math.abs(source.durationSeconds - lectureSeconds(lecture))).toBeLessThan(0.1);
      expect(maxVolume(path.join(dir, "source.mp4"))).toBeLessThan(-80);
      const vtt = fs.readFileSync(path.join(dir, "captions.vtt"), "utf8");
      expect(cuesOf(vtt).map((c) => c.text)).toEqual(lecture.slides.flatMap((s) => s.narration));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 180_000);

  it("is made once into the cache and copied into each storage that lacks it", async () => {
    const cached = await Promise.all(SAMPLE_LECTURES.map((l) => cachedSample(l)));
    const made = cached.map(({ dir }) => fs.statSync(path.join(dir, "files.json")).mtimeMs);
    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "ca-sample-")));
    expect(await ensureSampleVideo(storage)).toBe(cached.reduce((n, c) => n + c.files.length, 0));
    expect(cached.map(({ dir }) => fs.statSync(path.join(dir, "files.json")).mtimeMs)).toEqual(made);
    expect(await ensureSampleVideo(storage)).toBe(0);
    for (const lecture of SAMPLE_LECTURES) {
      const vtt = new TextDecoder().decode((await getBytes(storage, `${lecturePrefix(lecture)}/captions.vtt`))!);
      expect(cuesOf(vtt).map((c) => c.text)).toContain(lecture.slides[1]!.narration[0]);
      expect(await storage.exists(`${lecturePrefix(lecture)}/source.mp4`)).toBe(false);
    }
  }, 300_000);

  it("makes only the lectures some lesson plays: none for an empty store, its subject's for a seeded lesson", async () => {
    const { db } = await getTestDb();
    const seeded = await samplePrefixesInUse(db);
    // The shared test database is the seeded store: every course's subject lecture is played.
    expect(seeded.sort()).toEqual(
      [...new Set(seedCourses.map((c) => lecturePrefix(sampleLectureFor(c.subject))))].sort(),
    );
    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "ca-sample-")));
    expect(await ensureSampleVideo(storage, { only: [] })).toBe(0);
    expect(await storage.exists(`${seeded[0]}/master.m3u8`)).toBe(false);
    const one = SAMPLE_LECTURES[0]!;
    expect(await ensureSampleVideo(storage, { only: [lecturePrefix(one)] })).toBeGreaterThan(0);
    for (const lecture of SAMPLE_LECTURES) {
      expect(await storage.exists(`${lecturePrefix(lecture)}/master.m3u8`)).toBe(lecture === one);
    }
  }, 300_000);
});
