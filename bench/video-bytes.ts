/**
 * Bytes of video through the app (issue 37): a 10-minute 360p lesson watched to the end by 50 students,
 * each as hls.js would (master → 360p playlist → key → every segment), on the built server with local
 * storage (every byte through the app), then with FILE_STORAGE=s3 on s3rver (the playlists list presigned
 * segment URLs of the store). Counts the body bytes each answer gave the students, split by host (the app
 * or the store), and the app process's CPU seconds while they watched (/proc). The lesson is uploaded by
 * the owner and transcoded by the server's own worker in each run (the ffmpeg source is cached).
 * BENCH_STUDENTS (default 50), BENCH_VIDEO_SECONDS (default 600), BENCH_MODES (default "local,s3").
 * Usage: npm run build && npm run bench:video-bytes
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateSample } from "../app/features/video/transcode.server";
import { signInOverHttp } from "../tests/helpers/auth";
import { startS3Store } from "../tests/helpers/s3-store";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { buyerOverHttp, STUDENT_PASSWORD, type Student } from "../tests/helpers/student-http";

const students = Number(process.env.BENCH_STUDENTS ?? 50);
const seconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 600);
const modes = (process.env.BENCH_MODES ?? "local,s3").split(",") as ("local" | "s3")[];
const OWNER = { email: "owner@example.com", password: "bench-owner-password-1" };

/** The 360p source, made once (ffmpeg's moving test pattern with a tone: every frame changes, like a camera). */
async function source(): Promise<string> {
  const dir = path.join(import.meta.dirname, ".cache");
  const file = path.join(dir, `video-bytes-640x360-${seconds}s.mp4`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const started = Date.now();
    await generateSample(`${file}.tmp.mp4`, { seconds, width: 640, height: 360, title: "Bench lecture" });
    fs.renameSync(`${file}.tmp.mp4`, file);
    console.log(`made ${file} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return file;
}

/** utime + stime of a process, in seconds (Linux). */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function upload(server: RunningServer, lessonId: number, file: string) {
  const bytes = fs.readFileSync(file);
  const headers = { cookie: await signInOverHttp(server.url, OWNER.email, OWNER.password), origin: server.url };
  const begin = await fetch(`${server.url}/admin/videos/${lessonId}`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ intent: "begin", name: "lecture.mp4", size: String(bytes.length) }),
  });
  if (!begin.ok) throw new Error(`upload refused: ${begin.status} ${await begin.text()}`);
  const put = await fetch(`${server.url}/admin/videos/${lessonId}?offset=0`, { method: "PUT", headers, body: bytes });
  if (!put.ok) throw new Error(`chunk refused: ${put.status} ${await put.text()}`);
  const started = Date.now();
  for (;;) {
    const state = (await (await fetch(`${server.url}/admin/videos/${lessonId}`, { headers })).json()) as {
      status?: string;
    };
    if (state.status === "ready") break;
    if (state.status === "failed" || Date.now() - started > 1_800_000)
      throw new Error(`transcode: ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { bytes: bytes.length, transcodeSeconds: (Date.now() - started) / 1000 };
}

interface Tally {
  requests: number;
  bytes: number;
}

/** One student watching to the end at 360p: every answer's body bytes, by the host that sent it. */
async function watch(appUrl: string, lessonId: number, student: Student, byHost: Map<string, Tally>) {
  const get = async (url: URL) => {
    // The store's presigned URLs carry no cookie (hls.js sends none cross-origin); the app's do.
    const sameOrigin = url.origin === new URL(appUrl).origin;
    const res = await fetch(url, { headers: sameOrigin ? { cookie: student.cookie! } : {} });
    if (!res.ok) throw new Error(`${res.status} for ${url.href.slice(0, 120)}`);
    const body = new Uint8Array(await res.arrayBuffer());
    const tally = byHost.get(url.host) ?? { requests: 0, bytes: 0 };
    tally.requests++;
    tally.bytes += body.length;
    byHost.set(url.host, tally);
    return body;
  };
  const master = new URL(`/api/video/${lessonId}/master.m3u8`, appUrl);
  const masterText = new TextDecoder().decode(await get(master));
  const rendition = masterText.split("\n").find((l) => l.startsWith("360p/"));
  if (!rendition) throw new Error(`no 360p in the master playlist:\n${masterText}`);
  const playlistUrl = new URL(rendition, master);
  const playlist = new TextDecoder().decode(await get(playlistUrl));
  const keyUri = /URI="([^"]+)"/.exec(playlist)?.[1];
  if (!keyUri) throw new Error("no key URI");
  await get(new URL(keyUri, playlistUrl));
  const lines = playlist.split("\n");
  const segments = lines.filter((_line, i) => lines[i - 1]?.startsWith("#EXTINF"));
  for (const segment of segments) await get(new URL(segment, playlistUrl));
  return segments.length;
}

async function run(mode: "local" | "s3", file: string) {
  const store = mode === "s3" ? await startS3Store() : undefined;
  const server = await startServer({
    env: {
      LOG_LEVEL: "warn",
      ORDERS_RECONCILE_INTERVAL_SECONDS: "0",
      TRUST_PROXY: "1",
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ...(store?.env ?? {}),
    },
    timeoutMs: 300_000,
  });
  try {
    const home = await (await fetch(`${server.url}/`)).text();
    const courseId = Number(home.match(/href="\/courses\/(\d+)"/)?.[1]);
    const all: Student[] = [];
    for (let i = 0; i < students; i++) {
      const student: Student = {
        email: `watcher${i}@example.com`,
        name: `Watcher ${i}`,
        password: STUDENT_PASSWORD,
        ip: `10.77.${Math.floor(i / 200)}.${(i % 200) + 1}`,
      };
      await buyerOverHttp(server.url, student, courseId);
      all.push(student);
    }
    const page = await (
      await fetch(`${server.url}/my-courses/${courseId}`, { headers: { cookie: all[0]!.cookie! } })
    ).text();
    const lessonId = Number(/data-hosted-video="(\d+)"/.exec(page)?.[1]);
    if (!lessonId) throw new Error("no hosted video on the player page");
    const uploaded = await upload(server, lessonId, file);
    const byHost = new Map<string, Tally>();
    const cpuBefore = cpuSeconds(server.child.pid);
    const started = Date.now();
    const counts = await Promise.all(all.map((s) => watch(server.url, lessonId, s, byHost)));
    const wall = (Date.now() - started) / 1000;
    const cpu = cpuSeconds(server.child.pid) - cpuBefore;
    const appHost = new URL(server.url).host;
    const app = byHost.get(appHost) ?? { requests: 0, bytes: 0 };
    const others = [...byHost].filter(([host]) => host !== appHost);
    const storeTally = others.reduce((t, [, v]) => ({ requests: t.requests + v.requests, bytes: t.bytes + v.bytes }), {
      requests: 0,
      bytes: 0,
    });
    return { mode, uploaded, segments: counts[0]!, app, store: storeTally, wall, cpu };
  } finally {
    await server.stop();
    await store?.close();
    if (store) fs.rmSync(store.directory, { recursive: true, force: true });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const file = await source();
console.log(
  `${students} students × a ${seconds} s 640×360 lesson at 360p, ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}`,
);
const results = [];
for (const mode of modes) {
  const result = await run(mode, file);
  console.log(
    `${mode}: upload ${(result.uploaded.bytes / 1e6).toFixed(1)} MB transcoded in ${result.uploaded.transcodeSeconds.toFixed(0)} s; ${result.segments} segments per student`,
  );
  results.push(result);
}
const mb = (n: number) => (n / 1e6).toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
console.log(
  "\n| storage | requests to the app | bytes from the app (MB) | requests to the store | bytes from the store (MB) | total (MB) | app's share | app CPU while watching (s) | wall (s) |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  const total = r.app.bytes + r.store.bytes;
  console.log(
    `| ${r.mode} | ${r.app.requests} | ${mb(r.app.bytes)} | ${r.store.requests} | ${mb(r.store.bytes)} | ${mb(total)} | ${((100 * r.app.bytes) / total).toFixed(3)} % | ${r.cpu.toFixed(1)} | ${r.wall.toFixed(1)} |`,
  );
}
