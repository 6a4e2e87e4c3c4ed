/**
 * `npx tsx bench/form-flood.ts [checkout dir]`: the third outside probe's hostile form (issue 31,
 * item 3) against the built production server: 1 MB of `f0=1&f1=1&…` (~120,000 fields) posted
 * anonymously to /login, /signup, /contact and /forgot-password. Reports, per path, the answer's
 * status, size and time (median and slowest of 5, one after the other), then /healthz's latency
 * (median and slowest) while 12 of those forms are in flight at once, 5 rounds on /login.
 *
 * The checkout dir (default: this one, built if stale) is where the server runs from, so the same
 * script measures an older build: `git worktree add /tmp/before <commit>`, build it, pass its path.
 */
import { performance } from "node:perf_hooks";
import { buildIfStale } from "../scripts/build-if-stale.js";
import { startServer } from "../tests/helpers/server";

const cwd = process.argv[2];
if (!cwd) buildIfStale({ quiet: true });

/** 1,000,000 bytes of distinct fields, `f0=1&f1=1&…` (~120,000 of them), as the probe sent. */
function probeBody() {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < 1_000_000; i++) {
    const field = `f${i}=1&`;
    parts.push(field);
    size += field.length;
  }
  return Buffer.from(parts.join("").slice(0, 1_000_000), "latin1");
}
const BODY = probeBody();
const FIELDS = BODY.toString("latin1").split("&").length;
const PATHS = ["/login", "/signup", "/contact", "/forgot-password"];

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

// A fresh data directory is migrated and seeded first: on a busy machine that takes a while.
const server = await startServer({ ...(cwd ? { cwd } : {}), env: { LOG_LEVEL: "error" }, timeoutMs: 300_000 });
try {
  async function post(path: string) {
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: BODY,
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { status: res.status, bytes, ms: performance.now() - started };
  }

  // Warm up the routes (first renders compile code paths).
  for (const path of PATHS) await post(path);
  console.log(
    `body: ${BODY.length.toLocaleString("en")} bytes, ${FIELDS.toLocaleString("en")} fields (${cwd ?? "this checkout"})`,
  );
  console.log("| path | status | answer bytes | ms (median of 5) | ms (slowest) |");
  console.log("|---|---|---|---|---|");
  for (const path of PATHS) {
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await post(path));
    const ms = runs.map((r) => r.ms);
    console.log(
      `| ${path} | ${runs[0]!.status} | ${runs[0]!.bytes.toLocaleString("en")} | ${percentile(ms, 50).toFixed(0)} | ${Math.max(...ms).toFixed(0)} |`,
    );
  }

  const health: number[] = [];
  const flood: number[] = [];
  for (let round = 0; round < 5; round++) {
    let inFlight = true;
    const forms = Promise.all(Array.from({ length: 12 }, () => post("/login"))).then((answers) => {
      inFlight = false;
      return answers;
    });
    while (inFlight) {
      const started = performance.now();
      await (await fetch(`${server.url}/healthz`)).arrayBuffer();
      health.push(performance.now() - started);
    }
    flood.push(...(await forms).map((a) => a.ms));
  }
  console.log(
    `/healthz during 12 at once (5 rounds, ${health.length} checks): median ${percentile(health, 50).toFixed(1)} ms, ` +
      `slowest ${Math.max(...health).toFixed(1)} ms; the forms themselves: median ${percentile(flood, 50).toFixed(0)} ms, ` +
      `slowest ${Math.max(...flood).toFixed(0)} ms`,
  );
} finally {
  await server.stop();
}
