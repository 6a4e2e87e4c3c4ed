/**
 * Drill: the database disappears for 10 s under load. /readyz fails, pages answer
 * a friendly 503 (no stack traces, never a 500), and service comes back by itself.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDrillDatabase } from "../helpers/pg-drill";
import { type RunningServer, startServer } from "../helpers/server";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";

let proxy: TcpProxy;
let server: RunningServer;

beforeAll(async () => {
  const url = new URL(await createDrillDatabase("outage"));
  proxy = await startTcpProxy(Number(url.port || 5432), url.hostname);
  url.port = String(proxy.port);
  server = await startServer({
    env: {
      DATABASE_URL: url.toString(),
      DATABASE_POOL_MAX: "4",
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("database outage drill", () => {
  it("answers 503 with a friendly page during a 10 s outage and recovers without a restart", async () => {
    const statuses: number[] = [];
    const leaks: string[] = [];
    let running = true;
    const load = async () => {
      while (running) {
        try {
          const res = await fetch(`${server.url}/`);
          const body = await res.text();
          statuses.push(res.status);
          if (/\n\s+at\s|Error:|node_modules/.test(body)) leaks.push(body.slice(0, 300));
        } catch {
          statuses.push(0);
        }
        await sleep(20);
      }
    };
    const workers = [load(), load(), load(), load()];
    await sleep(1000);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    await proxy.cut();
    const outageStart = Date.now();
    await sleep(1500);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    const page = await fetch(`${server.url}/`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(await page.text()).toMatch(/We'll be right back/);
    while (Date.now() - outageStart < 10_000) await sleep(200);

    await proxy.restore();
    let recoveredAfter = -1;
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${server.url}/`);
      await res.text();
      if (res.status === 200) {
        recoveredAfter = i;
        break;
      }
      await sleep(100);
    }
    running = false;
    await Promise.all(workers);

    expect(recoveredAfter).toBeGreaterThanOrEqual(0);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
