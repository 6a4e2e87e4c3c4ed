/** Starts the built production server as a child process on a free port with its own data. */
import { type ChildProcess, type SpawnSyncReturns, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { warmSampleCache } from "~/features/video/sample.server";
import { NODE_FLAGS } from "../../server/node-flags.js";
import { TEST_NODE_FLAGS } from "./test-node-flags";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

/**
 * Runs a TypeScript script of this checkout (`scripts/…`) with tsx, as `npm run` does, and waits for
 * it: in this checkout, with `env` over this process's environment, output as text. One process
 * (`node --import tsx`; tsx's own CLI would start a second node to run the script).
 */
export function runScript(
  script: string,
  args: string[],
  opts: { env: Record<string, string>; input?: string; timeout?: number },
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    input: opts.input,
    timeout: opts.timeout,
    encoding: "utf8",
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

export async function startServer(
  opts: {
    dataDir?: string;
    env?: Record<string, string | undefined>;
    timeoutMs?: number;
    /** Working directory: the server serves `<cwd>/build` (default: this checkout's). */
    cwd?: string;
    /** Node options before the script (e.g. `--cpu-prof`, which NODE_OPTIONS does not allow). */
    nodeArgs?: string[];
  } = {},
): Promise<RunningServer> {
  // The sample lectures are made once into a cache the server copies from (features/video/sample.server.ts):
  // made here, before the clock of the server's start runs.
  await warmSampleCache({ log: console.warn });
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "ca-e2e-"));
  let log = "";
  // The flags npm start and the systemd unit give node (server/node-flags.js); under Vitest the
  // suite's (test-node-flags.ts), not for the benchmarks in bench/, which measure the server as
  // production runs it; then the caller's own.
  const nodeArgs = [...NODE_FLAGS, ...(process.env.VITEST ? TEST_NODE_FLAGS : []), ...(opts.nodeArgs ?? [])];
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, "server.js")], {
    cwd: opts.cwd ?? ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      // One process unless a test asks for several (tests/drills/cluster.drill.test.ts).
      WEB_CONCURRENCY: "1",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  // Room for a start on a machine busy with other suites (a quiet one starts in seconds).
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    child,
    output: () => log,
    stop(signal: NodeJS.Signals = "SIGTERM") {
      const started = Date.now();
      return new Promise((resolve) => {
        // A child killed by a signal has exitCode null but signalCode set: it is gone too.
        if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, ms: 0 });
        child.once("exit", (code) => resolve({ code, ms: Date.now() - started }));
        child.kill(signal);
      });
    },
  };
}
