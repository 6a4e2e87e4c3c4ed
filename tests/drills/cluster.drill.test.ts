/**
 * Drill: with PostgreSQL, `npm start` runs one server process per core (WEB_CONCURRENCY). Two
 * workers share the port and both answer; a worker killed with SIGKILL is replaced while the
 * other keeps answering; SIGTERM to the primary drains and stops every worker, exit code 0.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDrillDatabase } from "../helpers/pg-drill";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;

beforeAll(async () => {
  const url = await createDrillDatabase("cluster");
  server = await startServer({
    env: {
      DATABASE_URL: url,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "info",
      ORDERS_RECONCILE_INTERVAL_SECONDS: "0",
    },
  });
});
afterAll(async () => {
  await server?.stop("SIGKILL");
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The primary's child processes (the workers). */
function workerPids(): number[] {
  try {
    const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(server.child.pid)], { encoding: "utf8" });
    return out
      .split("\n")
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A GET on a new connection each time (no keep-alive), so the connections spread over the workers. */
function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { agent: false, timeout: 10_000 }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("timeout", function (this: http.ClientRequest) {
        this.destroy(new Error(`GET ${path} timed out`));
      })
      .on("error", reject);
  });
}

/** The pids in the request log lines (pino writes each process's pid) since `from` characters of output. */
function servingPids(from: number): Set<number> {
  const pids = new Set<number>();
  for (const line of server.output().slice(from).split("\n")) {
    if (!line.includes('"request completed"')) continue;
    const pid = /"pid":(\d+)/.exec(line)?.[1];
    if (pid) pids.add(Number(pid));
  }
  return pids;
}

describe("one server process per core on PostgreSQL", () => {
  it("two workers share the port and both answer", async () => {
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    const from = server.output().length;
    // A worker may still be starting (it listens once its own start-up is done): bursts of requests
    // until both have answered, for up to 30 seconds; every answer must be a 200 meanwhile.
    const deadline = Date.now() + 30_000;
    do {
      const statuses = await Promise.all(Array.from({ length: 40 }, () => get("/about")));
      expect(statuses.every((s) => s === 200)).toBe(true);
      await sleep(500); // the last log lines
    } while (servingPids(from).size < workers.length && Date.now() < deadline);
    expect([...servingPids(from)].sort(), server.output().slice(from, from + 3000)).toEqual([...workers].sort());
  });

  it("/metrics asked of either worker counts the requests of both, and shows each one's PostgreSQL pool", async () => {
    // The page-views both workers logged so far (every /about above, in both processes' lines).
    const logged = server
      .output()
      .split("\n")
      .filter((l) => l.includes('"request completed"') && l.includes('"url":"/about"')).length;
    expect(logged).toBeGreaterThanOrEqual(40);
    for (let i = 0; i < 4; i++) {
      const text = await new Promise<string>((resolve, reject) => {
        http
          .get(`${server.url}/metrics`, { agent: false, timeout: 10_000 }, (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk) => {
              body += chunk;
            });
            res.on("end", () => resolve(body));
          })
          .on("error", reject);
      });
      const counted = Number(
        /^http_requests_total\{route="\/about",method="GET",status="200"\} (\d+)/m.exec(text)?.[1],
      );
      expect(counted).toBe(logged);
      // Summed over the two processes: each has its pool (at least one connection open).
      expect(Number(/^db_pool_connections\{state="total"\} (\d+)/m.exec(text)?.[1])).toBeGreaterThanOrEqual(2);
    }
  });

  it("a worker killed with SIGKILL is replaced; the other answers meanwhile", async () => {
    const before = workerPids();
    expect(before).toHaveLength(2);
    const [victim, survivor] = before as [number, number];
    process.kill(victim, "SIGKILL");
    // Once the primary has seen the death, the survivor takes every connection while the new one starts.
    for (let i = 0; i < 100 && !server.output().includes("a server process died"); i++) await sleep(100);
    expect(server.output()).toContain("a server process died: starting another");
    expect(await get("/about")).toBe(200);
    let now: number[] = [];
    for (let i = 0; i < 150; i++) {
      now = workerPids();
      if (now.length === 2 && !now.includes(victim)) break;
      await sleep(200);
    }
    expect(now).toHaveLength(2);
    expect(now).toContain(survivor);
    expect(now).not.toContain(victim);
    // The new worker listens (its log line) and the two answer again.
    const listening = () => server.output().match(/listening on http/g)?.length ?? 0;
    for (let i = 0; i < 300 && listening() < 3; i++) await sleep(100);
    expect(listening()).toBe(3);
    const statuses = await Promise.all(Array.from({ length: 10 }, () => get("/healthz")));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it("SIGTERM to the primary drains every worker and exits 0", async () => {
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    const { code, ms } = await server.stop("SIGTERM");
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(workers.filter(alive)).toEqual([]);
    expect(server.output().match(/database closed/g)?.length).toBe(2);
  });
});
