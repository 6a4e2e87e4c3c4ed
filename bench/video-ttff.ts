/**
 * Time to first frame and rebuffering of the hosted player's 360p rendition under Chromium's
 * "Slow 4G" throttling (DevTools preset: 562.5 ms RTT, 1.44 Mbit/s down, 675 kbit/s up), on the
 * built server (PGlite) with the first seeded lesson's sample lecture (Accountancy, 55 s), played to
 * its end. Play is pressed as soon as the quality menu lists the renditions (the earliest a student
 * could pick one). BENCH_RUNS (default 3); BENCH_QUALITY=auto leaves the menu on Auto instead of 360p;
 * BENCH_QUALITY=remembered opens the lesson with 360p kept from an earlier lesson on the device (the
 * player's `ca.video-quality`) and presses play without touching the menu;
 * BENCH_TRACE=1 prints the video element's events and each video request (ms from play: start,
 * first byte, end; bytes).
 * BENCH_SOURCE=camera first uploads (as the owner) a 1280×720 ffmpeg test pattern of BENCH_SECONDS
 * (default 30) into that lesson and waits for its transcode: every frame moves, so its renditions run
 * at their full bit rate like a camera's, where the slides of the sample lecture need a quarter of it.
 * BENCH_CWD=<dir> runs the server of another checkout's build (a before/after on the same machine).
 * Usage: npm run build && npx tsx bench/video-ttff.ts
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateSample } from "~/features/video/transcode.server";
import { signInBrowser, signInOverHttp } from "../tests/helpers/auth";
import { launchBrowser } from "../tests/helpers/browser";
import { startServer } from "../tests/helpers/server";
import { buyerOverHttp, STUDENT_PASSWORD, type Student } from "../tests/helpers/student-http";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const remembered = process.env.BENCH_QUALITY === "remembered";
const quality360 = process.env.BENCH_QUALITY !== "auto" && !remembered;
const camera = process.env.BENCH_SOURCE === "camera";
const OWNER = { email: "owner@example.com", password: "bench-owner-password-1" };
const server = await startServer({
  env: {
    LOG_LEVEL: "warn",
    ORDERS_RECONCILE_INTERVAL_SECONDS: "0",
    ...(camera ? { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password } : {}),
  },
  timeoutMs: 180_000,
  cwd: process.env.BENCH_CWD,
});
const browser = await launchBrowser();
try {
  const home = await (await fetch(`${server.url}/`)).text();
  const courseId = Number(home.match(/href="\/courses\/(\d+)"/)?.[1]);
  const student: Student = { email: "ttff@example.com", name: "TTFF", password: STUDENT_PASSWORD };
  await buyerOverHttp(server.url, student, courseId);
  if (camera) await uploadCameraVideo(courseId, student);
  console.log(
    "| run | page open → video ended (s) | page open → first frame (s) | play → first frame (s) | rebuffers after the first frame | time waiting, start-up included (s) | rendition |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signInBrowser(context, server.url, student.email, student.password);
    // A string, not a function (see below).
    if (remembered) await context.addInitScript(`localStorage.setItem("ca.video-quality", "360")`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1.44 * 1024 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    });
    const started = Date.now();
    await page.goto(`${server.url}/my-courses/${courseId}`, { waitUntil: "domcontentloaded" });
    const quality = page.getByRole("combobox", { name: "Video quality" });
    await page.waitForFunction(
      () => document.querySelectorAll("select[aria-label='Video quality'] option").length > 1,
      null,
      {
        timeout: 60_000,
      },
    );
    if (quality360) await quality.selectOption({ label: "360p" });
    // A string, not a function: tsx would wrap a function's inner helpers in names the page lacks.
    const result = (await page.evaluate(`(async () => {
      const v = document.querySelector("video");
      let waits = 0, stalledMs = 0, waitStart = 0;
      v.addEventListener("waiting", () => { waits++; waitStart = performance.now(); });
      v.addEventListener("playing", () => { if (waitStart) stalledMs += performance.now() - waitStart; waitStart = 0; });
      const events = [];
      for (const name of ["loadeddata", "canplay", "canplaythrough", "playing", "waiting", "seeking", "seeked", "stalled"])
        v.addEventListener(name, () => events.push(name + " " + Math.round(performance.now() - t0) + " @" + v.currentTime.toFixed(2) + " buf " + Array.from({ length: v.buffered.length }, (_, i) => v.buffered.start(i).toFixed(2) + "-" + v.buffered.end(i).toFixed(2)).join(",")));
      v.muted = true;
      const t0 = performance.now();
      await v.play();
      await new Promise((resolve) => {
        const check = () => (v.currentTime > 0 && v.readyState >= 2 ? resolve() : requestAnimationFrame(check));
        check();
      });
      const firstFrame = performance.now() - t0;
      const firstFrameAt = performance.timeOrigin + performance.now();
      await new Promise((resolve) => v.addEventListener("ended", () => resolve(), { once: true }));
      const trace = events.slice(0, 12).concat(performance.getEntriesByType("resource")
        .filter((e) => e.name.includes("/api/video/") || e.name.includes("hls"))
        .map((e) => [new URL(e.name).pathname.split("/").slice(-2).join("/"), Math.round(e.startTime - t0), Math.round(e.responseStart - t0), Math.round(e.responseEnd - t0), e.transferSize].join(" ")));
      return { firstFrame, firstFrameAt, waits: Math.max(0, waits - 1), stalledMs, height: v.videoHeight, trace };
    })()`)) as {
      firstFrame: number;
      firstFrameAt: number;
      waits: number;
      stalledMs: number;
      height: number;
      trace: string[];
    };
    // BENCH_TRACE=1: the video element's events (ms from play(), position, buffered ranges), then each
    // video request (ms from play(): start, first byte, end; bytes).
    if (process.env.BENCH_TRACE) console.log(result.trace.map((line) => `    ${line}`).join("\n"));
    const total = (Date.now() - started) / 1000;
    console.log(
      `| ${run} | ${total.toFixed(1)} | ${((result.firstFrameAt - started) / 1000).toFixed(2)} | ${(result.firstFrame / 1000).toFixed(2)} | ${result.waits} | ${(result.stalledMs / 1000).toFixed(1)} | ${result.height}p |`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

/** Replaces the video of the lesson the player opens with a full-bit-rate test pattern (BENCH_SOURCE=camera). */
async function uploadCameraVideo(courseId: number, student: Student) {
  const studentCookie = await signInOverHttp(server.url, student.email, student.password);
  const page = await (
    await fetch(`${server.url}/my-courses/${courseId}`, { headers: { cookie: studentCookie } })
  ).text();
  const lessonId = Number(/data-hosted-video="(\d+)"/.exec(page)?.[1]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-ttff-")), "camera.mp4");
  await generateSample(file, { seconds: Number(process.env.BENCH_SECONDS ?? 30), title: "Camera" });
  const bytes = fs.readFileSync(file);
  const headers = { cookie: await signInOverHttp(server.url, OWNER.email, OWNER.password), origin: server.url };
  const begin = await fetch(`${server.url}/admin/videos/${lessonId}`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ intent: "begin", name: "camera.mp4", size: String(bytes.length) }),
  });
  if (!begin.ok) throw new Error(`upload refused: ${begin.status} ${await begin.text()}`);
  const put = await fetch(`${server.url}/admin/videos/${lessonId}?offset=0`, { method: "PUT", headers, body: bytes });
  if (!put.ok) throw new Error(`chunk refused: ${put.status} ${await put.text()}`);
  const deadline = Date.now() + 600_000;
  for (;;) {
    const state = (await (await fetch(`${server.url}/admin/videos/${lessonId}`, { headers })).json()) as {
      status?: string;
    };
    if (state.status === "ready") break;
    if (state.status === "failed" || Date.now() > deadline) throw new Error(`transcode: ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.log(`lesson ${lessonId}: ${bytes.length} B camera-like upload, transcoded`);
}
