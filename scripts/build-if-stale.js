// Builds the app when there is no build or the sources changed since it was made.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build", ".source-stamp");
const inputs = [
  "app",
  "server",
  "public",
  "server.js",
  "vite.config.ts",
  "scripts/vite-precompress.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Where the last build's full output is kept (`npm start` prints one line and this path). */
export const BUILD_LOG = path.join("build", "build.log");

/** The sources' newest time when the build is missing or older than them; undefined when it is fresh. */
function staleSince() {
  const sourceTime = Math.max(...inputs.map((i) => newestMtime(path.join(root, i))));
  const builtTime = fs.existsSync(stamp) ? Number(fs.readFileSync(stamp, "utf8")) : 0;
  const hasBuild = fs.existsSync(path.join(root, "build", "server", "index.js"));
  if (hasBuild && builtTime >= sourceTime) return undefined;
  return { sourceTime, hasBuild };
}

const BUILD_COMMAND = [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"];
// Always the production build: under Vitest NODE_ENV is "test", and Vite would bundle React's
// development build (twice the JavaScript), which the e2e tests and benchmarks must not measure.
// (Build tooling runs before the app exists, so it passes the environment on rather than using
// getEnv(); the app's own settings are checked when server.js starts it.)
const buildEnv = () => ({ ...process.env, NODE_ENV: "production" });

/** Keeps the build's output in build/build.log (not the start log) and stamps a good build. */
function finish({ status, output, sourceTime, started, quiet }) {
  if (fs.existsSync(path.join(root, "build"))) fs.writeFileSync(path.join(root, BUILD_LOG), output);
  if (status !== 0) throw new Error(`Build failed (exit ${status}).\n${output}`);
  fs.writeFileSync(stamp, String(sourceTime));
  if (!quiet) console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s (full output: ${BUILD_LOG}).`);
  return true;
}

export function buildIfStale({ quiet = false } = {}) {
  const stale = staleSince();
  if (!stale) return false;
  if (!quiet)
    console.log(stale.hasBuild ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const started = Date.now();
  const result = spawnSync(process.execPath, BUILD_COMMAND, {
    cwd: root,
    env: buildEnv(),
    // The ~100 lines of Vite's output go to build/build.log, not the start log.
    stdio: "pipe",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  return finish({ status: result.status, output, sourceTime: stale.sourceTime, started, quiet });
}

/**
 * The same without blocking the caller's event loop (tests/e2e/global-setup.ts builds while Vitest
 * runs the unit and integration tests).
 */
export async function buildIfStaleAsync({ quiet = false } = {}) {
  const stale = staleSince();
  if (!stale) return false;
  const started = Date.now();
  const child = spawn(process.execPath, BUILD_COMMAND, { cwd: root, env: buildEnv(), stdio: "pipe" });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const status = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  return finish({ status, output, sourceTime: stale.sourceTime, started, quiet });
}

if (process.argv[1] === import.meta.filename) buildIfStale();
