/** Helpers of the video integration tests (app/features/video/*.integration.test.ts). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateSample } from "~/features/video/transcode.server";

/** A short video made with ffmpeg (call it in `beforeAll`): its bytes. */
export async function sampleVideoBytes(opts: Parameters<typeof generateSample>[1]): Promise<Uint8Array> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-video-test-")), "sample.mp4");
  await generateSample(file, opts);
  return new Uint8Array(fs.readFileSync(file));
}

/** The bytes as a request body's stream, in one piece. */
export function byteStream(bytes: Uint8Array) {
  return new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
}
