/**
 * `npm run bench:http`: requests per second of the app against a plain node:http server answering
 * the very same bytes, per route, in three parts:
 *   cached    anonymous pages from the page cache
 *   uncached  anonymous pages rendered afresh (a second server with PAGE_CACHE=0)
 *   student   a signed-in student who bought a course and has a note in the cart: catalog pages
 *             (shared from the page cache once a visitor has viewed them, docs/decisions/0012),
 *             /my-courses, the player, /account, /account/orders, /my-courses/tests (an attempt
 *             of a free test handed in), /api/cart and /api/me (personalised: never
 *             cached); a signed-in catalog page view is reported as its document plus /api/me
 * Each row: req/s, p50/p99 latency, and the ratio app / plain. The server's RSS (all its
 * processes) is reported at idle and after the load.
 *
 * Usage: npm run bench:http -- [seconds per run, default 10]
 *   BENCH_CONNECTIONS=10       concurrent connections (default 10)
 *   BENCH_POSTGRES=1           run on PostgreSQL: a fresh database per server, made through
 *                              TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_WORKERS=2            server processes (WEB_CONCURRENCY; PostgreSQL only)
 *   BENCH_PARTS=student,cached which parts to run (default all three)
 *   BENCH_ONLY=/,/my-courses   only these routes (patterns as printed, e.g. /my-courses/:id)
 *   BENCH_GZIP=1               both sides answer Accept-Encoding: gzip
 *   BENCH_NODE_ARGS="--max-old-space-size=256"   Node options for the server (space-separated)
 *   BENCH_CPU_PROF=/tmp/prof   the server writes a V8 CPU profile there when it stops
 *                              (node --cpu-prof); summarise it with bench/profile-summary.ts
 *   BENCH_PARTS=soak           a mixed signed-in load instead: the student's routes in turn, for
 *                              BENCH_SOAK_SECONDS (default 600), the server's RSS every 30 s
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildIfStale } from "../scripts/build-if-stale.js";
import { createDrillDatabase } from "../tests/helpers/pg-drill";
import { type RunningServer, startServer } from "../tests/helpers/server";
import {
  addToServerCart,
  buyerOverHttp,
  STUDENT_PASSWORD,
  type Student,
  takeFreeTestOverHttp,
} from "../tests/helpers/student-http";

const duration = Number(process.argv[2] ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const postgres = process.env.BENCH_POSTGRES === "1";
const workers = process.env.BENCH_WORKERS ?? "1";
const parts = (process.env.BENCH_PARTS ?? "cached,uncached,student").split(",");
const only = process.env.BENCH_ONLY?.split(",");
const gzip = process.env.BENCH_GZIP === "1";
const cpuProfileDir = process.env.BENCH_CPU_PROF;

function run(url: string, headers: Record<string, string>): Promise<autocannon.Result> {
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

/** Resident memory of the server and its worker processes, in MB. */
function rssMb(server: RunningServer): number {
  const pids = [server.child.pid as number];
  try {
    const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(server.child.pid)], { encoding: "utf8" });
    pids.push(...out.split("\n").map(Number).filter(Boolean));
  } catch {
    // no worker processes
  }
  let kb = 0;
  for (const pid of pids) {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}

async function start(part: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const db: Record<string, string> = postgres
    ? {
        DATABASE_URL: await createDrillDatabase(`bench_${part}`),
        BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
        WEB_CONCURRENCY: workers,
      }
    : {};
  return startServer({
    env: { LOG_LEVEL: "warn", ORDERS_RECONCILE_INTERVAL_SECONDS: "0", ...db, ...env },
    nodeArgs: [
      ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      ...(cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : []),
    ],
  });
}

/**
 * A student who bought the first course on the home page, has its first note in the cart and has
 * handed in a free test.
 */
async function studentOf(server: RunningServer) {
  const home = await (await fetch(`${server.url}/`)).text();
  const courseId = Number(home.match(/href="\/courses\/(\d+)"/)?.[1]);
  const noteId = Number(home.match(/href="\/notes\/(\d+)"/)?.[1]);
  const student: Student = { email: "bench.student@example.com", name: "Bench Student", password: STUDENT_PASSWORD };
  await buyerOverHttp(server.url, student, courseId);
  await addToServerCart(server.url, student, noteId);
  // An attempt of a free test handed in: My Tests lists it with its chapter strengths.
  await takeFreeTestOverHttp(server.url, student);
  return { cookie: student.cookie as string, courseId, noteId };
}

const rows: string[] = [];
/** req/s by "part pattern", for the page-view figures. */
const measured = new Map<string, number>();
const memory: string[] = [];

/**
 * The student's cookies with a new signed session cache (60 s): a browser's cookie jar takes the
 * renewed one from the pages it views, autocannon sends fixed headers, so each run starts with a
 * fresh one (the page without a cache reads the session row and sends a new cache).
 */
async function renewed(server: RunningServer, cookie: string): Promise<string> {
  cookie = cookie
    .split("; ")
    .filter((pair) => !pair.startsWith("ca.session_data="))
    .join("; ");
  const res = await fetch(`${server.url}/account`, { headers: { cookie } });
  await res.arrayBuffer();
  const jar = new Map(cookie.split("; ").map((pair) => [pair.split("=")[0], pair] as const));
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(";")[0] as string;
    const name = pair.split("=")[0] as string;
    if (pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** Requests that failed or answered other than 2xx, over every run: the smoke in .ci/run fails on any. */
let failedRequests = 0;

async function measure(part: string, server: RunningServer, routes: [string, string][], cookie?: string) {
  const headers: Record<string, string> = gzip ? { "accept-encoding": "gzip" } : {};
  const idle = rssMb(server);
  for (const [pattern, path] of routes) {
    if (only && !only.includes(pattern)) continue;
    if (cookie) {
      cookie = await renewed(server, cookie);
      headers.cookie = cookie;
      // A visitor has viewed the page lately: a shared catalog page is in the cache (ADR 0012).
      await (await fetch(`${server.url}${path}`)).arrayBuffer();
    }
    const res = await fetch(`${server.url}${path}`, { headers: { ...headers, "accept-encoding": "identity" } });
    const shared = cookie && res.headers.get("x-page-cache") === "hit" ? " (shared)" : "";
    const page = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const body = gzip ? gzipSync(page) : page;
    const plain = await plainServer(body, res.headers.get("content-type") ?? "text/html", gzip ? "gzip" : undefined);
    const app = await run(`${server.url}${path}`, headers);
    const base = await run(plain.url, headers);
    plain.server.close();
    const ratio = app.requests.average / base.requests.average;
    measured.set(`${part} ${pattern}`, app.requests.average);
    failedRequests += app.errors + app.non2xx;
    rows.push(
      `| ${part} | \`${pattern}\`${shared} | ${body.length} | **${Math.round(app.requests.average)}** | ${app.latency.p50} | ${app.latency.p99} | ${Math.round(base.requests.average)} | **${ratio.toFixed(3)}** | ${app.errors + app.non2xx} |`,
    );
    console.log(rows.at(-1));
  }
  memory.push(`| ${part} | ${idle} | ${rssMb(server)} |`);
}

buildIfStale({ quiet: true });

/**
 * Memory under a long signed-in load: every student route in turn (autocannon cycles through the
 * list), the server's RSS sampled every 30 s. The cookie is the one from sign-in: once its signed
 * session cache (60 s) is stale each request reads the session row, as a tab left open would.
 */
async function soak(
  server: RunningServer,
  student: Awaited<ReturnType<typeof studentOf>>,
  catalog: [string, string][],
) {
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
  const paths = [
    ...catalog.map(([, path]) => path),
    "/my-courses",
    `/my-courses/${student.courseId}`,
    "/account",
    "/account/orders",
    "/my-courses/tests",
    "/api/cart",
    "/api/me",
  ];
  for (const path of paths) await (await fetch(`${server.url}${path}`)).arrayBuffer();
  /** The server's V8 heap (total / used) and external memory (PGlite's WebAssembly memory is most of it), from /metrics. */
  const heap = async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? 0) / 1048576);
    return `${mb("nodejs_heap_size_total_bytes")} / ${mb("nodejs_heap_size_used_bytes")} | ${mb("nodejs_external_memory_bytes")}`;
  };
  const samples = [`| 0 s | ${rssMb(server)} | ${await heap()} |`];
  const started = Date.now();
  const timer = setInterval(async () => {
    samples.push(`| ${Math.round((Date.now() - started) / 1000)} s | ${rssMb(server)} | ${await heap()} |`);
    console.log(samples.at(-1));
  }, 30_000);
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: server.url,
        connections,
        duration: seconds,
        headers: { cookie: student.cookie },
        requests: paths.map((path) => ({ method: "GET" as const, path })),
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
  clearInterval(timer);
  samples.push(`| ${seconds} s, end | ${rssMb(server)} | ${await heap()} |`);
  await new Promise((r) => setTimeout(r, 30_000));
  samples.push(`| 30 s after the load | ${rssMb(server)} | ${await heap()} |`);
  console.log(
    `\nsoak: ${paths.length} signed-in routes in turn, ${seconds} s, ${connections} connections: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.errors + result.non2xx} errors`,
  );
  console.log("| time | server RSS MB | V8 heap total / used MB | external MB |\n|---|---|---|---|");
  console.log(samples.join("\n"));
}

if (parts.includes("cached") || parts.includes("student") || parts.includes("soak")) {
  const server = await start("main");
  try {
    const home = await (await fetch(`${server.url}/`)).text();
    const courseId = home.match(/href="\/courses\/(\d+)"/)?.[1];
    const noteId = home.match(/href="\/notes\/(\d+)"/)?.[1];
    const catalog: [string, string][] = [
      ["/", "/"],
      ["/courses/std/12", "/courses/std/12"],
      ["/courses/:id", `/courses/${courseId}`],
      ["/notes/:id", `/notes/${noteId}`],
    ];
    if (parts.includes("cached")) await measure("cached", server, catalog);
    if (parts.includes("soak")) await soak(server, await studentOf(server), catalog);
    if (parts.includes("student")) {
      const student = await studentOf(server);
      await measure(
        "student",
        server,
        [
          ...catalog,
          ["/my-courses", "/my-courses"],
          ["/my-courses/:id", `/my-courses/${student.courseId}`],
          ["/account", "/account"],
          ["/account/orders", "/account/orders"],
          ["/my-courses/tests", "/my-courses/tests"],
          ["/api/cart", "/api/cart"],
          ["/api/me", "/api/me"],
        ],
        student.cookie,
      );
    }
  } finally {
    await server.stop();
  }
}

if (parts.includes("uncached")) {
  const server = await start("uncached", { PAGE_CACHE: "0" });
  try {
    const home = await (await fetch(`${server.url}/`)).text();
    const courseId = home.match(/href="\/courses\/(\d+)"/)?.[1];
    await measure("uncached", server, [
      ["/", "/"],
      ["/courses/std/12", "/courses/std/12"],
      ["/courses/:id", `/courses/${courseId}`],
    ]);
  } finally {
    await server.stop();
  }
}

console.log(
  `\n${postgres ? `PostgreSQL, ${workers} server process(es)` : "embedded PGlite"}; ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; ${connections} connections, ${duration} s per run${gzip ? ", Accept-Encoding: gzip" : ""}; load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  "| part | route | bytes | app req/s | p50 ms | p99 ms | plain req/s | app / plain | errors |\n|---|---|---|---|---|---|---|---|---|",
);
console.log(rows.join("\n"));
const me = measured.get("student /api/me");
if (me) {
  // A signed-in view of a shared catalog page is its document plus one /api/me (ADR 0012).
  console.log("\n| signed-in page view | document req/s | + /api/me req/s | page views/s |\n|---|---|---|---|");
  for (const pattern of ["/", "/courses/std/12", "/courses/:id", "/notes/:id"]) {
    const doc = measured.get(`student ${pattern}`);
    if (doc)
      console.log(
        `| \`${pattern}\` | ${Math.round(doc)} | ${Math.round(me)} | **${Math.round(1 / (1 / doc + 1 / me))}** |`,
      );
  }
}
console.log("\n| server | RSS idle MB | RSS after the load MB |\n|---|---|---|");
console.log(memory.join("\n"));
if (failedRequests > 0) {
  console.error(`${failedRequests} request(s) failed or answered other than 2xx`);
  process.exitCode = 1;
}
