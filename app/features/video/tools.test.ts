import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { onPath, videoTools } from "./transcode.server";

const saved = { PATH: process.env.PATH, FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

/** A directory holding executables with these names. */
function binDir(...names: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ffmpeg-bin-"));
  for (const name of names) fs.writeFileSync(path.join(dir, name), "#!/bin/sh\n", { mode: 0o755 });
  return dir;
}

describe("which ffmpeg runs (videoTools)", () => {
  it("takes FFMPEG_PATH and FFPROBE_PATH first", () => {
    const dir = binDir("my-ffmpeg", "my-ffprobe");
    process.env.FFMPEG_PATH = path.join(dir, "my-ffmpeg");
    process.env.FFPROBE_PATH = path.join(dir, "my-ffprobe");
    resetEnvCache();
    expect(videoTools()).toEqual({ ffmpeg: path.join(dir, "my-ffmpeg"), ffprobe: path.join(dir, "my-ffprobe") });
  });

  it("says which variable is wrong when a configured program is missing", () => {
    process.env.FFMPEG_PATH = "/nowhere/ffmpeg";
    resetEnvCache();
    expect(() => videoTools()).toThrow("ffmpeg not found at /nowhere/ffmpeg: check FFMPEG_PATH");
  });

  it("else the first ffmpeg and ffprobe on PATH", () => {
    delete process.env.FFMPEG_PATH;
    delete process.env.FFPROBE_PATH;
    const first = binDir("ffmpeg", "ffprobe");
    const second = binDir("ffmpeg", "ffprobe");
    process.env.PATH = [first, second].join(path.delimiter);
    resetEnvCache();
    expect(videoTools()).toEqual({ ffmpeg: path.join(first, "ffmpeg"), ffprobe: path.join(first, "ffprobe") });
  });

  it("else npm's copies, when PATH lacks one of the two", () => {
    delete process.env.FFMPEG_PATH;
    delete process.env.FFPROBE_PATH;
    process.env.PATH = binDir("ffmpeg");
    resetEnvCache();
    const tools = videoTools();
    expect(tools.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(tools.ffprobe).toMatch(/@ffprobe-installer/);
  });

  it("finds only executable files on PATH", () => {
    const dir = binDir();
    fs.writeFileSync(path.join(dir, "ffmpeg"), "not executable", { mode: 0o644 });
    fs.mkdirSync(path.join(dir, "ffprobe"));
    expect(onPath("ffmpeg", dir)).toBeUndefined();
    expect(onPath("ffprobe", dir)).toBeUndefined();
    expect(onPath("sh", "/bin")).toBe("/bin/sh");
  });
});
