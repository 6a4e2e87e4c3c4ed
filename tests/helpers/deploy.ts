/**
 * Runs the files in deploy/ as an owner would, with the drill's own ports and folders: the systemd
 * unit's settings and the env template become an instance's environment, nginx runs
 * deploy/nginx/commerce-academy.conf in front of the instances, and Caddy runs deploy/caddy/Caddyfile
 * unchanged (its addresses come from environment variables). Used by tests/drills/deploy.drill.test.ts.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, ROOT } from "./server";

export const DEPLOY = path.join(ROOT, "deploy");

/** Lines `KEY=value` of an env file (comments and blank lines skipped; no shell quoting). */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) throw new Error(`Not KEY=value: ${line}`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

export interface Unit {
  /** Environment= lines, with %i (the instance: its port) substituted. */
  environment: Record<string, string>;
  execStart: string[];
  workingDirectory: string;
  environmentFile: string;
}

/** The [Service] settings of deploy/systemd/commerce-academy@.service for instance `%i`. */
export function readUnit(instance: string): Unit {
  const text = fs.readFileSync(path.join(DEPLOY, "systemd", "commerce-academy@.service"), "utf8");
  const environment: Record<string, string> = {};
  let execStart: string[] = [];
  let workingDirectory = "";
  let environmentFile = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim().replaceAll("%i", instance);
    if (line.startsWith("Environment=")) {
      const [key, ...value] = line.slice("Environment=".length).split("=");
      environment[key!] = value.join("=");
    } else if (line.startsWith("ExecStart=")) execStart = line.slice("ExecStart=".length).split(/\s+/);
    else if (line.startsWith("WorkingDirectory=")) workingDirectory = line.slice("WorkingDirectory=".length);
    else if (line.startsWith("EnvironmentFile=")) environmentFile = line.slice("EnvironmentFile=".length);
  }
  return { environment, execStart, workingDirectory, environmentFile };
}

/**
 * `systemd-analyze verify` of the unit as instance `instance` (a template is verified as one of its
 * instances): what it prints (an unknown key, a bad value) is a mistake systemd would ignore.
 */
export function verifyUnit(instance: string): string {
  requireProgram("systemd-analyze", "systemd");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-unit-"));
  const file = path.join(dir, `commerce-academy@${instance}.service`);
  fs.copyFileSync(path.join(DEPLOY, "systemd", "commerce-academy@.service"), file);
  const result = spawnSync("systemd-analyze", ["verify", "--man=no", file], { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`.trim() + (result.status === 0 ? "" : `\nexit ${result.status}`);
}

async function waitForPort(url: string, child: ChildProcess, log: () => string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}:\n${log()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer:\n${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function requireProgram(name: string, apt: string) {
  try {
    execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
  } catch {
    throw new Error(`${name} is not installed: apt-get install -y ${apt} (.ci/run installs it)`);
  }
}

export interface RunningProxy {
  url: string;
  /** nginx's access log (log_format commerce_academy). */
  accessLog: () => string;
  stop(): Promise<void>;
}

/** A proxy's log so far (empty before its first line). */
function readIfThere(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** A process's output, collected as it comes. */
function collect(child: ChildProcess): () => string {
  let log = "";
  const add = (d: Buffer) => {
    log += d;
  };
  child.stdout?.on("data", add);
  child.stderr?.on("data", add);
  return () => log;
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
}

/**
 * nginx with deploy/nginx/commerce-academy.conf, its two upstream servers replaced by `upstreams`
 * and its `listen 80` by a loopback port. The site file is included as it is in /etc/nginx.
 */
export async function startNginx(upstreams: [number, number], port?: number): Promise<RunningProxy> {
  requireProgram("nginx", "nginx");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-nginx-"));
  const listen = port ?? (await freePort());
  let site = fs.readFileSync(path.join(DEPLOY, "nginx", "commerce-academy.conf"), "utf8");
  const replace = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`deploy/nginx/commerce-academy.conf has no "${from}"`);
    site = site.replaceAll(from, to);
  };
  replace("server 127.0.0.1:3001 ", `server 127.0.0.1:${upstreams[0]} `);
  replace("server 127.0.0.1:3002 ", `server 127.0.0.1:${upstreams[1]} `);
  replace("listen 80;", `listen 127.0.0.1:${listen};`);
  replace("listen [::]:80;", "");
  replace("/var/log/nginx/commerce-academy.access.log", path.join(dir, "access.log"));
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  const temp = (name: string) => `${name} ${path.join(dir, name.replace("_path", ""))};`;
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      process.getuid?.() === 0 ? "user root;" : "",
      "worker_processes 1;",
      `pid ${path.join(dir, "nginx.pid")};`,
      `error_log ${path.join(dir, "error.log")} warn;`,
      "events { worker_connections 512; }",
      "http {",
      "  include /etc/nginx/mime.types;",
      `  ${["client_body_temp_path", "proxy_temp_path", "fastcgi_temp_path", "uwsgi_temp_path", "scgi_temp_path"].map(temp).join("\n  ")}`,
      `  include ${path.join(dir, "site.conf")};`,
      "}",
    ].join("\n"),
  );
  const args = ["-p", dir, "-c", path.join(dir, "nginx.conf")];
  execFileSync("nginx", [...args, "-t", "-q", "-g", "daemon off;"], { stdio: "pipe" });
  const child = spawn("nginx", [...args, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  const output = collect(child);
  const url = `http://127.0.0.1:${listen}`;
  await waitForPort(`${url}/healthz`, child, output);
  return { url, accessLog: () => readIfThere(path.join(dir, "access.log")), stop: stopper(child) };
}

/** Caddy running deploy/caddy/Caddyfile unchanged: plain HTTP on a loopback port to one instance. */
export async function startCaddy(upstream: number): Promise<RunningProxy> {
  requireProgram("caddy", "caddy");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-caddy-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn("caddy", ["run", "--config", path.join(DEPLOY, "caddy", "Caddyfile"), "--adapter", "caddyfile"], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, "data"),
      XDG_CONFIG_HOME: path.join(dir, "config"),
      SITE_ADDRESS: url,
      APP_UPSTREAM: `127.0.0.1:${upstream}`,
      CADDY_ADMIN: "off",
      CADDY_LOG: path.join(dir, "access.log"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await waitForPort(`${url}/healthz`, child, collect(child));
  return { url, accessLog: () => readIfThere(path.join(dir, "access.log")), stop: stopper(child) };
}
