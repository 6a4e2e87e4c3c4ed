/**
 * `npm run bench:http`: requests per second of the app for anonymous visitors
 * against a plain node:http server answering the very same bytes, per route.
 * Target: app / plain ≥ 0.5. Usage: npm run bench:http -- [seconds per run]
 * `BENCH_STUDENT=1`: every request as a signed-in student who owns a course (the install of
 * `npm run screenshots`), so no page comes from the anonymous page cache.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildIfStale } from "../scripts/build-if-stale.js";
import { signInOverHttp } from "../tests/helpers/auth";
import { prepareScreenInstall } from "../tests/helpers/screens";
import { startServer } from "../tests/helpers/server";

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

buildIfStale({ quiet: true });
const install = process.env.BENCH_STUDENT === "1" ? await prepareScreenInstall() : null;
const app = await startServer({ env: { LOG_LEVEL: "warn" }, ...(install ? { dataDir: install.dataDir } : {}) });
try {
  const cookie = install ? await signInOverHttp(app.url, install.student.email, install.student.password) : null;
  const home = await (await fetch(`${app.url}/`)).text();
  // Signed in: the course the student owns (its page shows "Open").
  const courseId = install?.ids.ownedCourse ?? home.match(/href="\/courses\/(\d+)"/)?.[1];
  const noteId = home.match(/href="\/notes\/(\d+)"/)?.[1];
  const paths = ["/", "/courses/std/12", `/courses/${courseId}`, `/notes/${noteId}`].filter(
    (p) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(",").includes(p),
  );
  // BENCH_GZIP=1: both sides answer `Accept-Encoding: gzip` (what browsers send); the plain
  // server answers the page gzipped once beforehand, the app gzips every hit (fresh CSP nonce).
  const gzip = process.env.BENCH_GZIP === "1";
  const headers: Record<string, string> = {
    ...(gzip ? { "accept-encoding": "gzip" } : {}),
    ...(cookie ? { cookie } : {}),
  };
  const rows: string[] = [];
  for (const path of paths) {
    const res = await fetch(`${app.url}${path}`, { headers: { ...headers, "accept-encoding": "identity" } });
    const page = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const body = gzip ? gzipSync(page) : page;
    const plain = await plainServer(body, res.headers.get("content-type") ?? "text/html", gzip ? "gzip" : undefined);
    const appResult = await run(`${app.url}${path}`, headers);
    const plainResult = await run(plain.url, headers);
    plain.server.close();
    const ratio = appResult.requests.average / plainResult.requests.average;
    const errors = appResult.errors + appResult.non2xx;
    rows.push(
      `| \`${path}\` | ${body.length} | ${Math.round(appResult.requests.average)} | ${appResult.latency.p99} | ${Math.round(plainResult.requests.average)} | **${ratio.toFixed(2)}** | ${errors} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; ${connections} connections, ${duration} s per run${gzip ? ", Accept-Encoding: gzip" : ""}${cookie ? ", signed in as a student" : ""}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    "| route | bytes | app req/s | app p99 ms | plain req/s | ratio | errors |\n|---|---|---|---|---|---|---|",
  );
  console.log(rows.join("\n"));
} finally {
  await app.stop();
}
