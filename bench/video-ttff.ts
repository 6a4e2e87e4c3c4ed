/**
 * Time to first frame and rebuffering of the hosted player's 360p rendition under Chromium's
 * "Slow 4G" throttling (DevTools preset: 562.5 ms RTT, 1.44 Mbit/s down, 675 kbit/s up), on the
 * built server (PGlite) with the seeded 6-second sample lecture. BENCH_RUNS (default 3).
 * Usage: npm run build && npx tsx bench/video-ttff.ts
 */

import { signInBrowser } from "../tests/helpers/auth";
import { launchBrowser } from "../tests/helpers/browser";
import { startServer } from "../tests/helpers/server";
import {
  addToServerCart,
  payOnTestGateway,
  placeOrderOverHttp,
  STUDENT_PASSWORD,
  type Student,
  signUpOverHttp,
} from "../tests/helpers/student-http";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const server = await startServer({
  env: { LOG_LEVEL: "warn", ORDERS_RECONCILE_INTERVAL_SECONDS: "0" },
  timeoutMs: 180_000,
});
const browser = await launchBrowser();
try {
  const home = await (await fetch(`${server.url}/`)).text();
  const courseId = Number(home.match(/href="\/courses\/(\d+)"/)?.[1]);
  const student: Student = { email: "ttff@example.com", name: "TTFF", password: STUDENT_PASSWORD };
  await signUpOverHttp(server.url, student);
  await addToServerCart(server.url, student, courseId);
  await payOnTestGateway(server.url, student, await placeOrderOverHttp(server.url, student));
  console.log(
    "| run | page open → video ended (s) | play → first frame (s) | rebuffers after the first frame | time waiting, start-up included (s) | rendition |",
  );
  console.log("|---|---|---|---|---|---|");
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signInBrowser(context, server.url, student.email, student.password);
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
    await quality.selectOption({ label: "360p" });
    // A string, not a function: tsx would wrap a function's inner helpers in names the page lacks.
    const result = (await page.evaluate(`(async () => {
      const v = document.querySelector("video");
      let waits = 0, stalledMs = 0, waitStart = 0;
      v.addEventListener("waiting", () => { waits++; waitStart = performance.now(); });
      v.addEventListener("playing", () => { if (waitStart) stalledMs += performance.now() - waitStart; waitStart = 0; });
      v.muted = true;
      const t0 = performance.now();
      await v.play();
      await new Promise((resolve) => {
        const check = () => (v.currentTime > 0 && v.readyState >= 2 ? resolve() : requestAnimationFrame(check));
        check();
      });
      const firstFrame = performance.now() - t0;
      await new Promise((resolve) => v.addEventListener("ended", () => resolve(), { once: true }));
      return { firstFrame, waits: Math.max(0, waits - 1), stalledMs, height: v.videoHeight };
    })()`)) as { firstFrame: number; waits: number; stalledMs: number; height: number };
    const total = (Date.now() - started) / 1000;
    console.log(
      `| ${run} | ${total.toFixed(1)} | ${(result.firstFrame / 1000).toFixed(2)} | ${result.waits} | ${(result.stalledMs / 1000).toFixed(1)} | ${result.height}p |`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
