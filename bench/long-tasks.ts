/**
 * `npm run bench:longtasks`: how long the main thread is blocked while a page loads and hydrates,
 * on a CPU slowed down for real (Chromium's CPU throttling), not simulated as Lighthouse does.
 *
 * For each of Lighthouse's five pages, RUNS cold visits (default 5) in a fresh context at 412×823 with
 * the CPU slowed RATE times (default 4, Lighthouse's mobile setting; `--rate 6` for a slower phone).
 * The page's own PerformanceObserver records every long task (> 50 ms) until the network is idle and
 * 1.5 s after. Reported per page, median over the runs: the longest task, and the blocking time (the
 * sum of each long task's time over 50 ms, Lighthouse's TBT definition, over the whole load rather
 * than between first paint and interactive).
 *
 * Usage: npm run bench:longtasks [-- --runs 5] [--rate 4]
 */
import os from "node:os";
import { buildIfStale } from "../scripts/build-if-stale.js";
import { launchBrowser } from "../tests/helpers/browser";
import { publicRoutes } from "../tests/helpers/bundle";
import { startServer } from "../tests/helpers/server";

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1] || 0) || 5;
const rate = Number(args[args.indexOf("--rate") + 1] || 0) || 4;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

declare global {
  interface Window {
    __longTasks?: number[];
  }
}

buildIfStale({ quiet: false });
const app = await startServer({ env: { LOG_LEVEL: "warn" } });
const browser = await launchBrowser();
try {
  const routes = await publicRoutes(app.url);
  const pages = ["/", "/courses/std/12", routes.courseDetail, routes.noteDetail, "/checkout"];
  for (const p of pages) await fetch(`${app.url}${p}`); // warm the page cache, as lighthouse.ts does
  const rows: string[] = [];
  for (const path of pages) {
    const longest: number[] = [];
    const blocking: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      await page.addInitScript(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTasks?.push(entry.duration);
        }).observe({ type: "longtask", buffered: true });
      });
      await page.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(1500);
      const tasks = (await page.evaluate(() => window.__longTasks)) ?? [];
      longest.push(Math.max(0, ...tasks));
      blocking.push(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0));
      counts.push(tasks.length);
      await context.close();
    }
    rows.push(
      `| \`${path}\` | ${Math.round(median(longest))} ms (${longest.map(Math.round).join("/")}) | ${Math.round(median(blocking))} ms (${blocking.map(Math.round).join("/")}) | ${median(counts)} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(`\nLong tasks while loading, CPU ${rate}× slower, ${runs} runs per page (median, then each run)\n`);
  console.log("| page | longest task | blocking time (Σ over 50 ms) | long tasks |");
  console.log("|---|---|---|---|");
  for (const row of rows) console.log(row);
  console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`);
} finally {
  await browser.close();
  await app.stop();
}
