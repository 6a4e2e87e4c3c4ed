/**
 * Makes a narrated sample lecture (sample-lecture.ts): slides drawn with ffmpeg's drawtext,
 * a voice from espeak-ng (Debian's `espeak-ng` package) and WebVTT captions whose cues are the
 * spoken sentences. Without espeak-ng the lecture is silent with the same captions (the caller logs
 * it). Every slide lasts exactly its stated seconds, so the video is exactly the lecture's length.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { lectureSeconds, SAMPLE_VIDEO, type SampleLecture } from "./sample-lecture";
import { run, videoTools } from "./transcode.server";

const RATE = 22_050;
/** Silence before the first sentence of a slide, between sentences and before the slide ends. */
const LEAD = 0.5;
const GAP = 0.35;
const TAIL = 0.3;
/** Speaking rate of espeak-ng, words per minute (its default is 175). */
const WPM = 155;
/** Without a voice, captions are timed at this reading pace. */
const CHARS_PER_SECOND = 15;

/** "espeak-ng 1.51" when espeak-ng is installed, else null. */
export function voiceVersion(): string | null {
  const out = spawnSync("espeak-ng", ["--version"], { encoding: "utf8" });
  if (out.error || out.status !== 0) return null;
  const version = /eSpeak NG text-to-speech: ([\w.-]+)/.exec(out.stdout)?.[1];
  return `espeak-ng ${version ?? "unknown"}`;
}

/** 16-bit mono PCM samples of a WAV file (espeak-ng writes 22,050 Hz mono). */
function pcmOf(wav: Buffer): Int16Array {
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString("ascii", offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === "data") {
      const end = Math.min(wav.length, offset + 8 + size);
      const bytes = wav.subarray(offset + 8, end - ((end - offset - 8) % 2));
      return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error("espeak-ng wrote no audio");
}

function wavFile(samples: Int16Array): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

async function speak(text: string, out: string): Promise<Int16Array> {
  await run("espeak-ng", ["-v", "en-gb", "-s", String(WPM), "-w", out, text]);
  return pcmOf(await fs.promises.readFile(out));
}

export interface Cue {
  start: number;
  end: number;
  text: string;
}

function vttTime(seconds: number) {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

export function webVtt(cues: Cue[]): string {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}\n`).join("\n")}`;
}

/** Lines of at most `width` characters, broken between words. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function font(bold: boolean) {
  const candidates = bold
    ? [path.resolve("assets/fonts/NotoSans-Bold.ttf"), "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"]
    : [path.resolve("assets/fonts/NotoSans-Regular.ttf"), "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"];
  const found = candidates.find((f) => fs.existsSync(f));
  if (!found) throw new Error("No font for the sample lecture's slides (assets/fonts/NotoSans-Regular.ttf)");
  return found;
}

/**
 * Writes the lecture's video (`out`, an MP4 of exactly `lectureSeconds(lecture)` seconds) and returns
 * its captions (WebVTT). `voice: false` makes it silent (captions timed at a reading pace).
 */
export async function generateLecture(
  out: string,
  lecture: SampleLecture,
  opts: { voice: boolean; workDir: string },
): Promise<{ vtt: string; cues: Cue[] }> {
  const { ffmpeg } = videoTools();
  const { width: W, height: H, fps } = SAMPLE_VIDEO;
  const total = lectureSeconds(lecture);
  const work = opts.workDir;
  await fs.promises.mkdir(work, { recursive: true });

  // The soundtrack and the cues: each slide's sentences one after another from its start.
  const pcm = new Int16Array(total * RATE);
  const cues: Cue[] = [];
  let slideStart = 0;
  for (const [s, slide] of lecture.slides.entries()) {
    let at = slideStart + LEAD;
    for (const [n, sentence] of slide.narration.entries()) {
      let seconds: number;
      if (opts.voice) {
        const samples = await speak(sentence, path.join(work, `voice-${s}-${n}.wav`));
        pcm.set(samples.subarray(0, Math.max(0, pcm.length - Math.round(at * RATE))), Math.round(at * RATE));
        seconds = samples.length / RATE;
      } else seconds = Math.max(1.5, sentence.length / CHARS_PER_SECOND);
      cues.push({ start: at, end: at + seconds, text: wrap(sentence, 60).join("\n") });
      at += seconds + GAP;
    }
    const spoken = at - GAP;
    if (spoken > slideStart + slide.seconds - TAIL)
      throw new Error(
        `Slide ${s + 1} of the ${lecture.slug} lecture needs ${(spoken - slideStart + TAIL).toFixed(1)} s, more than its ${slide.seconds} s`,
      );
    slideStart += slide.seconds;
  }
  const audio = path.join(work, "narration.wav");
  await fs.promises.writeFile(audio, wavFile(pcm));

  // The slides: a header band, the chapter, and the points so far (the current one highlighted).
  const text = async (name: string, content: string) => {
    const file = path.join(work, `${name}.txt`);
    await fs.promises.writeFile(file, content);
    return file;
  };
  const regular = font(false);
  const bold = font(true);
  const filters: string[] = [
    `drawbox=x=0:y=0:w=${W}:h=72:color=0x1d4ed8:t=fill`,
    `drawbox=x=0:y=${H - 56}:w=${W}:h=56:color=0x0b1220:t=fill`,
  ];
  const draw = (
    file: string,
    o: { font: string; size: number; color: string; x: string; y: string; enable?: string },
  ) =>
    filters.push(
      `drawtext=fontfile=${o.font}:textfile=${file}:fontsize=${o.size}:fontcolor=${o.color}:line_spacing=${Math.round(o.size / 3)}:x=${o.x}:y=${o.y}${o.enable ? `:enable='${o.enable}'` : ""}`,
    );
  draw(await text("brand", "Commerce Academy · Sample lecture"), {
    font: bold,
    size: 30,
    color: "white",
    x: "40",
    y: "20",
  });
  draw(await text("course", lecture.course), { font: regular, size: 28, color: "0xdbeafe", x: "w-tw-40", y: "22" });
  draw(await text("footer", "Sample content made for this store: replace it with your own lecture"), {
    font: regular,
    size: 22,
    color: "0x94a3b8",
    x: "40",
    y: `${H - 40}`,
  });
  const first = lecture.slides[0]!.seconds;
  draw(await text("title-big", wrap(lecture.chapter, 30).join("\n")), {
    font: bold,
    size: 60,
    color: "white",
    x: "(w-tw)/2",
    y: "(h-th)/2-30",
    enable: `lt(t,${first})`,
  });
  draw(await text("title-sub", "A short narrated sample lecture"), {
    font: regular,
    size: 30,
    color: "0xfbbf24",
    x: "(w-tw)/2",
    y: "(h+th)/2+120",
    enable: `lt(t,${first})`,
  });
  draw(await text("title-small", wrap(lecture.chapter, 52).join("\n")), {
    font: bold,
    size: 42,
    color: "white",
    x: "60",
    y: "110",
    enable: `gte(t,${first})`,
  });
  let start = first;
  for (const [i, slide] of lecture.slides.slice(1).entries()) {
    const end = start + slide.seconds;
    const y = String(250 + i * 95);
    const file = await text(`point-${i}`, `${i + 1}.  ${slide.point ?? ""}`);
    draw(file, { font: bold, size: 38, color: "0xfbbf24", x: "80", y, enable: `between(t,${start},${end})` });
    draw(file, { font: regular, size: 38, color: "0xcbd5e1", x: "80", y, enable: `gte(t,${end})` });
    start = end;
  }

  await run(ffmpeg, [
    "-y",
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `color=c=0x0f172a:s=${W}x${H}:r=${fps}:d=${total}`,
    "-i",
    audio,
    "-vf",
    filters.join(","),
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-tune",
    "stillimage",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-t",
    String(total),
    out,
  ]);
  return { vtt: webVtt(cues), cues };
}
