/**
 * `npx tsx bench/start-memory.ts [data dir]`: the built server's resident memory after start, on a new
 * data directory (the first start: initdb, migrations, seed, sample files) or on the one given (make
 * it with a first run). RSS and threads once ready, 15 s and 45 s later (the PDF pool's idle timeout
 * is 30 s), the largest mappings from /proc/<pid>/smaps, and after a student's purchase (an invoice
 * PDF made on a worker thread).
 */
import fs from "node:fs";
import { buildIfStale } from "../scripts/build-if-stale.js";
import { startServer } from "../tests/helpers/server";
import { buyerOverHttp, STUDENT_PASSWORD, type Student } from "../tests/helpers/student-http";

buildIfStale({ quiet: true });
const server = await startServer({
  dataDir: process.argv[2],
  env: { LOG_LEVEL: "warn", ORDERS_RECONCILE_INTERVAL_SECONDS: "0" },
});
const pid = server.child.pid as number;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sample(label: string) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  console.log(`| ${label} | ${mb} | ${fs.readdirSync(`/proc/${pid}/task`).length} |`);
}

/** Resident MB per mapping (anonymous memory, the node binary, the C heap…), largest first. */
function mappings(): string {
  const byName = new Map<string, number>();
  let name = "";
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) name = head[1] || "[anon]";
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) byName.set(name, (byName.get(name) ?? 0) + Number(rss[1]));
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([n, kb]) => `${n} ${Math.round(kb / 1024)} MB`)
    .join(", ");
}

try {
  console.log("| when | RSS MB | threads |\n|---|---|---|");
  sample("ready");
  await sleep(15_000);
  sample("ready + 15 s");
  await sleep(30_000);
  sample("ready + 45 s");
  const largest = mappings();
  const home = await (await fetch(`${server.url}/`)).text();
  const courseId = Number(home.match(/href="\/courses\/(\d+)"/)?.[1]);
  const student: Student = { email: "memory.probe@example.com", name: "Memory Probe", password: STUDENT_PASSWORD };
  await buyerOverHttp(server.url, student, courseId);
  sample("after a purchase");
  console.log(`\nlargest mappings at ready + 45 s: ${largest}`);
} finally {
  await server.stop();
}
process.exit(0);
