/**
 * `npm run bench:http`: requests per second of the app for anonymous visitors
 * against a plain node:http server answering the very same bytes, per route.
 * Target: app / plain ≥ 0.5. Usage: npm run bench:http -- [seconds per run]
 * `BENCH_STUDENT=1`: every request as a signed-in student who owns a course (the install of
 * `npm run screenshots`), so no page comes from the anonymous page cache.
 * `BENCH_BASELINE=<dir>`, a copy of an earlier `build/` folder: a before/after comparison instead
 * of the plain server. That build is served too (its own install, same seed) and the two are run
 * in turns, `BENCH_PAIRS` (default 5) pairs of runs per route, so a busy machine slows both alike;
 * medians are reported.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import nodePath from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildIfStale } from "../scripts/build-if-stale.js";
import { signInOverHttp } from "../tests/helpers/auth";
import { prepareScreenInstall } from "../tests/helpers/screens";
import { ROOT, startServer } from "../tests/helpers/server";

const duration = Number(process.argv[2] ?? 10);
const connections = 32;

function run(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function plainServer(body: Buffer, contentType: string, encoding?: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": contentType,
      "content-length": body.length,
      ...(encoding ? { "content-encoding": encoding } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A working directory whose `build/` is a copy of `buildDir`, the rest of this checkout linked in. */
function baselineRoot(buildDir: string) {
  const root = fs.mkdtempSync(nodePath.join(os.tmpdir(), "ca-bench-baseline-"));
  fs.cpSync(nodePath.resolve(buildDir), nodePath.join(root, "build"), { recursive: true });
  for (const entry of ["node_modules", "package.json", "drizzle", "public"]) {
    fs.symlinkSync(nodePath.join(ROOT, entry), nodePath.join(root, entry));
  }
  return root;
}

/** The production app on a fresh install (signed in as its student with BENCH_STUDENT=1). */
async function startApp(cwd?: string) {
  const install = process.env.BENCH_STUDENT === "1" ? await prepareScreenInstall() : null;
  const server = await startServer({
    env: { LOG_LEVEL: "warn" },
    ...(install ? { dataDir: install.dataDir } : {}),
    ...(cwd ? { cwd } : {}),
  });
  const cookie = install ? await signInOverHttp(server.url, install.student.email, install.student.password) : null;
  return { server, install, cookie };
}

/** Pairs of runs per route in a before/after comparison (BENCH_PAIRS, default 5). */
const pairs = Number(process.env.BENCH_PAIRS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

buildIfStale({ quiet: true });
const baselineDir = process.env.BENCH_BASELINE;
const app = await startApp();
const baseline = baselineDir ? await startApp(baselineRoot(baselineDir)) : null;
try {
  const { install, cookie } = app;
  const home = await (await fetch(`${app.server.url}/`)).text();
  // Signed in: the course the student owns (its page shows "Open").
  const courseId = install?.ids.ownedCourse ?? home.match(/href="\/courses\/(\d+)"/)?.[1];
  const noteId = home.match(/href="\/notes\/(\d+)"/)?.[1];
  const paths = ["/", "/courses/std/12", `/courses/${courseId}`, `/notes/${noteId}`].filter(
    (p) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(",").includes(p),
  );
  // BENCH_GZIP=1: both sides answer `Accept-Encoding: gzip` (what browsers send); the plain
  // server answers the page gzipped once beforehand, the app gzips every hit (fresh CSP nonce).
  const gzip = process.env.BENCH_GZIP === "1";
  const headersFor = (cookieHeader: string | null): Record<string, string> => ({
    ...(gzip ? { "accept-encoding": "gzip" } : {}),
    ...(cookieHeader ? { cookie: cookieHeader } : {}),
  });
  const headers = headersFor(cookie);
  const pageOf = async (url: string, h: Record<string, string>) => {
    const res = await fetch(url, { headers: { ...h, "accept-encoding": "identity" } });
    const page = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return { page, contentType: res.headers.get("content-type") ?? "text/html" };
  };
  const rows: string[] = [];
  for (const path of paths) {
    const { page, contentType } = await pageOf(`${app.server.url}${path}`, headers);
    const body = gzip ? gzipSync(page) : page;
    if (baseline) {
      const baseHeaders = headersFor(baseline.cookie);
      const basePage = (await pageOf(`${baseline.server.url}${path}`, baseHeaders)).page;
      const baseBytes = (gzip ? gzipSync(basePage) : basePage).length;
      const ours: autocannon.Result[] = [];
      const theirs: autocannon.Result[] = [];
      for (let pair = 0; pair < pairs; pair++) {
        // Each goes first in turn, so neither always follows the other's load.
        if (pair % 2 === 0) theirs.push(await run(`${baseline.server.url}${path}`, baseHeaders));
        ours.push(await run(`${app.server.url}${path}`, headers));
        if (pair % 2 === 1) theirs.push(await run(`${baseline.server.url}${path}`, baseHeaders));
      }
      const rps = (rs: autocannon.Result[]) => median(rs.map((r) => r.requests.average));
      const p50 = (rs: autocannon.Result[]) => median(rs.map((r) => r.latency.p50));
      const errors = [...ours, ...theirs].reduce((n, r) => n + r.errors + r.non2xx, 0);
      rows.push(
        `| \`${path}\` | ${baseBytes} → ${body.length} | ${Math.round(rps(theirs))} → ${Math.round(rps(ours))} | **${(rps(ours) / rps(theirs)).toFixed(2)}** | ${p50(theirs)} → ${p50(ours)} | ${errors} |`,
      );
    } else {
      const plain = await plainServer(body, contentType, gzip ? "gzip" : undefined);
      const appResult = await run(`${app.server.url}${path}`, headers);
      const plainResult = await run(plain.url, headers);
      plain.server.close();
      const ratio = appResult.requests.average / plainResult.requests.average;
      const errors = appResult.errors + appResult.non2xx;
      rows.push(
        `| \`${path}\` | ${body.length} | ${Math.round(appResult.requests.average)} | ${appResult.latency.p99} | ${Math.round(plainResult.requests.average)} | **${ratio.toFixed(2)}** | ${errors} |`,
      );
    }
    console.log(rows.at(-1));
  }
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; ${connections} connections, ${duration} s per run${gzip ? ", Accept-Encoding: gzip" : ""}${cookie ? ", signed in as a student" : ""}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    baseline
      ? `| route | bytes: ${baselineDir} → this build | req/s (median of ${pairs}) | ratio | p50 ms | errors |\n|---|---|---|---|---|---|`
      : "| route | bytes | app req/s | app p99 ms | plain req/s | ratio | errors |\n|---|---|---|---|---|---|---|",
  );
  console.log(rows.join("\n"));
} finally {
  await app.server.stop();
  await baseline?.server.stop();
}
