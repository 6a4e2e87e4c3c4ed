// Builds the app when there is no build or the sources changed since it was made.
import { spawnSync } from "node:child_process";
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

export function buildIfStale({ quiet = false } = {}) {
  const sourceTime = Math.max(...inputs.map((i) => newestMtime(path.join(root, i))));
  const builtTime = fs.existsSync(stamp) ? Number(fs.readFileSync(stamp, "utf8")) : 0;
  const hasBuild = fs.existsSync(path.join(root, "build", "server", "index.js"));
  if (hasBuild && builtTime >= sourceTime) return false;
  if (!quiet) console.log(hasBuild ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    // Always the production build: under Vitest NODE_ENV is "test", and Vite would bundle React's
    // development build (twice the JavaScript), which the e2e tests and benchmarks must not measure.
    // (Build tooling runs before the app exists, so it passes the environment on rather than using
    // getEnv(); the app's own settings are checked when server.js starts it.)
    env: { ...process.env, NODE_ENV: "production" },
    // The ~100 lines of Vite's output go to build/build.log, not the start log.
    stdio: "pipe",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (fs.existsSync(path.join(root, "build"))) fs.writeFileSync(path.join(root, BUILD_LOG), output);
  if (result.status !== 0) {
    throw new Error(`Build failed (exit ${result.status}).\n${output}`);
  }
  fs.writeFileSync(stamp, String(sourceTime));
  if (!quiet) console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s (full output: ${BUILD_LOG}).`);
  return true;
}

if (process.argv[1] === import.meta.filename) buildIfStale();
