/**
 * `npx tsx bench/cpu-per-request.ts`: the server's CPU time per request of a signed-in student's
 * routes, beside req/s. Starts the built server (PGlite), signs a student up, buys the first course,
 * hands in a free test, then runs each route for 5 s at 1 and at 10 connections and reads the
 * server's CPU time (every thread, from /proc/<pid>/stat) before and after: CPU ms per request does
 * not depend on how many cores the machine lends the server, which req/s does.
 *
 *   BENCH_PATHS=/api/me,/my-courses,/my-courses/:id   the routes (default /api/me)
 *   BENCH_CPU_PROF=/tmp/prof                          V8 CPU profiles of the server (node --cpu-prof)
 */
import fs from "node:fs";
import autocannon from "autocannon";
import { buildIfStale } from "../scripts/build-if-stale.js";
import { startServer } from "../tests/helpers/server";
import { buyerOverHttp, STUDENT_PASSWORD, type Student, takeFreeTestOverHttp } from "../tests/helpers/student-http";

buildIfStale({ quiet: true });
const paths = (process.env.BENCH_PATHS ?? "/api/me").split(",");
const profileDir = process.env.BENCH_CPU_PROF;
const server = await startServer({
  nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  env: { LOG_LEVEL: "warn", ORDERS_RECONCILE_INTERVAL_SECONDS: "0" },
});
const pid = server.child.pid as number;

/** CPU time of the process, every thread, in ms. */
function cpuMs(): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

try {
  const home = await (await fetch(`${server.url}/`)).text();
  const courseId = Number(home.match(/href="\/courses\/(\d+)"/)?.[1]);
  const student: Student = { email: "cpu.probe@example.com", name: "CPU Probe", password: STUDENT_PASSWORD };
  await buyerOverHttp(server.url, student, courseId);
  await takeFreeTestOverHttp(server.url, student);
  const headers = { cookie: student.cookie as string };
  console.log("| route | connections | req/s | p50 / p99 ms | server CPU per request |\n|---|---|---|---|---|");
  for (const pattern of paths) {
    const path = pattern.replace(":id", String(courseId));
    for (const connections of [1, 10]) {
      const before = cpuMs();
      const r = await new Promise<autocannon.Result>((resolve, reject) =>
        autocannon({ url: server.url + path, connections, duration: 5, headers }, (e, x) =>
          e ? reject(e) : resolve(x),
        ),
      );
      const perRequest = (cpuMs() - before) / r.requests.total;
      const failed = r.errors + r.non2xx ? ` (${r.errors + r.non2xx} failed)` : "";
      console.log(
        `| \`${pattern}\` | ${connections} | ${Math.round(r.requests.average)}${failed} | ${r.latency.p50} / ${r.latency.p99} | ${perRequest.toFixed(2)} ms |`,
      );
    }
  }
} finally {
  await server.stop();
}
process.exit(0);
