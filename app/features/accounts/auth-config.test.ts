import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { resolveAuthSecret, wantsSecureCookies } from "./auth.server";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

describe("auth secret", () => {
  it("uses BETTER_AUTH_SECRET when set", () => {
    setEnv({ BETTER_AUTH_SECRET: "x".repeat(40), NODE_ENV: "production" });
    expect(resolveAuthSecret()).toBe("x".repeat(40));
  });

  it("with the embedded database, is generated once and kept in DATA_DIR", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-secret-"));
    setEnv({ BETTER_AUTH_SECRET: undefined, NODE_ENV: "production", DATABASE_URL: undefined, DATA_DIR: dir });
    const first = resolveAuthSecret();
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret()).toBe(first);
    expect(fs.readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o077).toBe(0);
  });
});

describe("secure cookies", () => {
  it("on https, and in production on a public http address; not on loopback or in development", () => {
    setEnv({ NODE_ENV: "development", APP_URL: "https://shop.example" });
    expect(wantsSecureCookies()).toBe(true);
    setEnv({ NODE_ENV: "production", APP_URL: "http://shop.example" });
    expect(wantsSecureCookies()).toBe(true);
    setEnv({ NODE_ENV: "production", APP_URL: "http://127.0.0.1:4000" });
    expect(wantsSecureCookies()).toBe(false);
    setEnv({ NODE_ENV: "development", APP_URL: "http://localhost:3000" });
    expect(wantsSecureCookies()).toBe(false);
  });
});
