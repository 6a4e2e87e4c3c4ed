/**
 * Video figures for bench/RESULTS.md (issue 21):
 *  1. transcode speed per rendition, as a multiple of real time (each rendition encoded alone from a
 *     1280×720 source of BENCH_VIDEO_SECONDS, default 60, with the app's settings), and the full ladder;
 *  2. bytes a student downloads for a 10-minute lesson per rendition (from the measured segments);
 *  3. key endpoint throughput: a signed-in owner asking /api/video/:lessonId/key with a valid token
 *     on the built server (PGlite), for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (10).
 * Usage: npx tsx bench/video.ts
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { generateSample, ladderFor, probe, transcodeToHls, videoTools } from "../app/features/video/transcode.server";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { buyerOverHttp, STUDENT_PASSWORD, type Student } from "../tests/helpers/student-http";

const seconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 60);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ca-bench-video-"));
const source = path.join(work, "source.mp4");

console.log(`Source: ${seconds} s 1280x720 testsrc2 + 440 Hz tone, ${os.cpus().length} cores (${os.cpus()[0]?.model})`);
await generateSample(source, { seconds, title: "Bench lecture" });
const info = await probe(source);

console.log("\n| rendition | encode alone: s | × real time |");
console.log("|---|---|---|");
const { ffmpeg } = videoTools();
for (const r of ladderFor(info)) {
  const started = Date.now();
  execFileSync(ffmpeg, [
    ...["-y", "-loglevel", "error", "-i", source, "-vf", `scale=${r.width}:${r.height}`],
    ...["-c:v", "libx264", "-b:v", String(r.videoBitrate), "-preset", "veryfast", "-profile:v", "main"],
    ...["-c:a", "aac", "-b:a", String(r.audioBitrate), "-f", "mpegts", path.join(work, `${r.name}.ts`)],
  ]);
  const s = (Date.now() - started) / 1000;
  console.log(`| ${r.name} | ${s.toFixed(1)} | ${(seconds / s).toFixed(1)}× |`);
}
const started = Date.now();
const result = await transcodeToHls(source, path.join(work, "hls"));
const ladderSeconds = (Date.now() - started) / 1000;
console.log(
  `| whole ladder (one ffmpeg, encrypted HLS + poster) | ${ladderSeconds.toFixed(1)} | ${(seconds / ladderSeconds).toFixed(1)}× |`,
);

console.log("\n| rendition | measured kbit/s (video+audio, TS overhead) | MB for a 10-minute lesson |");
console.log("|---|---|---|");
for (const r of result.renditions) {
  const dir = path.join(work, "hls", r.name);
  const bytes = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
  const perSecond = bytes / info.durationSeconds;
  console.log(`| ${r.name} | ${Math.round((perSecond * 8) / 1000)} | ${((perSecond * 600) / 1e6).toFixed(1)} |`);
}
fs.rmSync(work, { recursive: true, force: true });

// Key endpoint throughput on the built server (PGlite).
execFileSync("npm", ["run", "--silent", "build"], { stdio: "ignore" });
const server: RunningServer = await startServer({ env: { LOG_LEVEL: "warn", ORDERS_RECONCILE_INTERVAL_SECONDS: "0" } });
try {
  const home = await (await fetch(`${server.url}/`)).text();
  const courseId = Number(home.match(/href="\/courses\/(\d+)"/)?.[1]);
  const student: Student = { email: "bench.video@example.com", name: "Bench Video", password: STUDENT_PASSWORD };
  await buyerOverHttp(server.url, student, courseId);
  const player = await (
    await fetch(`${server.url}/my-courses/${courseId}`, { headers: { cookie: student.cookie as string } })
  ).text();
  const lessonId = Number(player.match(/data-hosted-video="(\d+)"/)?.[1]);
  const media = await (
    await fetch(`${server.url}/api/video/${lessonId}/360p/index.m3u8`, {
      headers: { cookie: student.cookie as string },
    })
  ).text();
  const keyPath = /URI="([^"]+)"/.exec(media)![1]!;
  const check = await fetch(`${server.url}${keyPath}`, { headers: { cookie: student.cookie as string } });
  if (check.status !== 200) throw new Error(`key: HTTP ${check.status}`);
  const out = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      { url: `${server.url}${keyPath}`, connections, duration, headers: { cookie: student.cookie as string } },
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );
  console.log(
    `\nKey endpoint (PGlite, ${connections} connections, ${duration} s): ${Math.round(out.requests.average)} req/s, p50 ${out.latency.p50} ms, p99 ${out.latency.p99} ms, non-2xx ${out.non2xx}`,
  );
} finally {
  await server.stop();
}
