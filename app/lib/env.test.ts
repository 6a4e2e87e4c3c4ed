import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, getEnv, parseEnv, resetEnvCache } from "./env.server";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

/** The message parseEnv stops with for these variables (it must be one line and name the variable). */
function problem(vars: Record<string, string>) {
  try {
    parseEnv(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error(`accepted ${JSON.stringify(vars)}`);
}

describe("env", () => {
  it("APP_URL unset: http://localhost:<PORT>, answering as localhost and 127.0.0.1 on that port", () => {
    const env = parseEnv({ PORT: "4101" });
    expect(env.APP_URL).toBe("http://localhost:4101");
    expect(env.APP_ORIGINS).toEqual(["http://localhost:4101", "http://127.0.0.1:4101"]);
    expect(parseEnv({}).APP_URL).toBe("http://localhost:3000");
    expect(parseEnv({ APP_URL: "", PORT: "4102" }).APP_URL).toBe("http://localhost:4102");
  });

  it("APP_URL set: that origin only, unless it is a loopback address", () => {
    expect(parseEnv({ APP_URL: "https://shop.example", PORT: "4101" }).APP_ORIGINS).toEqual(["https://shop.example"]);
    expect(parseEnv({ APP_URL: "http://127.0.0.1:5000" }).APP_ORIGINS).toEqual([
      "http://127.0.0.1:5000",
      "http://localhost:5000",
    ]);
    expect(problem({ APP_URL: "ftp://shop.example" })).toMatch(/APP_URL must be an http\(s\) URL/);
  });

  it("production with DATABASE_URL requires APP_URL and BETTER_AUTH_SECRET", () => {
    const base = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app" };
    expect(problem(base)).toMatch(/APP_URL is required in production with DATABASE_URL/);
    expect(problem(base)).toMatch(/BETTER_AUTH_SECRET is required in production with DATABASE_URL/);
    expect(parseEnv({ ...base, APP_URL: "https://shop.example", BETTER_AUTH_SECRET: "s".repeat(32) }).APP_URL).toBe(
      "https://shop.example",
    );
    // The embedded database (one process) may derive it.
    expect(parseEnv({ NODE_ENV: "production", PORT: "4101" }).APP_URL).toBe("http://localhost:4101");
  });

  it("uses documented defaults", () => {
    delete process.env.PORT;
    delete process.env.DATA_DIR;
    delete process.env.DATABASE_URL;
    resetEnvCache();
    const env = getEnv();
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("fails fast with a clear message on a bad value", () => {
    process.env.DATABASE_URL = "mysql://nope";
    resetEnvCache();
    expect(() => getEnv()).toThrow(/DATABASE_URL must start with postgres:\/\//);
  });

  it("logs query counts in development only, unless LOG_QUERY_COUNTS says otherwise", () => {
    const parsed = (vars: Record<string, string>) => {
      Object.assign(process.env, vars);
      resetEnvCache();
      return getEnv().LOG_QUERY_COUNTS;
    };
    expect(parsed({ NODE_ENV: "development", LOG_QUERY_COUNTS: "" })).toBe(true);
    expect(parsed({ NODE_ENV: "production", LOG_QUERY_COUNTS: "" })).toBe(false);
    expect(parsed({ NODE_ENV: "production", LOG_QUERY_COUNTS: "1" })).toBe(true);
    expect(parsed({ NODE_ENV: "development", LOG_QUERY_COUNTS: "0" })).toBe(false);
    process.env.LOG_QUERY_COUNTS = "yes";
    resetEnvCache();
    expect(() => getEnv()).toThrow(/LOG_QUERY_COUNTS must be 1 or 0/);
  });

  it("caches until resetEnvCache()", () => {
    process.env.PAGE_CACHE = "0";
    resetEnvCache();
    expect(getEnv().PAGE_CACHE).toBe(false);
    process.env.PAGE_CACHE = "1";
    expect(getEnv().PAGE_CACHE).toBe(false);
    resetEnvCache();
    expect(getEnv().PAGE_CACHE).toBe(true);
  });

  it("gives every other setting the README's default, also for an empty value", () => {
    const defaults = {
      PORT: 3000,
      HOST: "0.0.0.0",
      LOG_LEVEL: "info",
      TRUST_PROXY: false,
      MIGRATIONS_DIR: "./drizzle",
      PAGE_CACHE: true,
      SEED_SAMPLE: true,
      SMTP_URL: undefined,
      MAIL_FROM: "Commerce Academy <no-reply@commerce-academy.in>",
      RAZORPAY_KEY_ID: undefined,
      RAZORPAY_KEY_SECRET: undefined,
      RAZORPAY_WEBHOOK_SECRET: undefined,
      RAZORPAY_API_BASE_URL: "https://api.razorpay.com",
      ORDERS_RECONCILE_INTERVAL_SECONDS: 300,
      ORDER_PENDING_EXPIRY_MINUTES: 15,
      PDF_TIMEOUT_SECONDS: 20,
      PGLITE_SHARED_BUFFERS_MB: 32,
      VIDEO_MAX_UPLOAD_MB: 2048,
      VIDEO_TRANSCODE_TIMEOUT_MINUTES: 120,
      VIDEO_URL_HOURS: 6,
      S3_PUBLIC_URL: undefined,
    };
    const empty = Object.fromEntries(Object.keys(defaults).map((k) => [k, ""]));
    for (const env of [parseEnv({}), parseEnv(empty)]) {
      for (const [key, value] of Object.entries(defaults)) expect(env[key as keyof typeof env], key).toEqual(value);
    }
  });

  it("reads the values it is given", () => {
    // [variable, the value given, the value read]
    const table: [string, string, unknown][] = [
      ["TRUST_PROXY", "1", true],
      ["MIGRATIONS_DIR", "/srv/migrations", "/srv/migrations"],
      ["PAGE_CACHE", "0", false],
      ["SEED_SAMPLE", "0", false],
      ["SMTP_URL", "smtp://user:pass@mail.example.com:587", "smtp://user:pass@mail.example.com:587"],
      ["MAIL_FROM", "Shop <shop@example.com>", "Shop <shop@example.com>"],
      ["RAZORPAY_KEY_ID", "rzp_test_x", "rzp_test_x"],
      ["RAZORPAY_KEY_SECRET", "secret", "secret"],
      ["RAZORPAY_WEBHOOK_SECRET", "hook", "hook"],
      ["RAZORPAY_API_BASE_URL", "http://127.0.0.1:9999", "http://127.0.0.1:9999"],
      ["ORDERS_RECONCILE_INTERVAL_SECONDS", "0", 0],
      ["ORDER_PENDING_EXPIRY_MINUTES", "30", 30],
      ["PDF_TIMEOUT_SECONDS", "2.5", 2.5],
      ["PGLITE_SHARED_BUFFERS_MB", "128", 128],
      ["VIDEO_MAX_UPLOAD_MB", "500", 500],
      ["VIDEO_TRANSCODE_TIMEOUT_MINUTES", "5", 5],
      ["VIDEO_URL_HOURS", "12", 12],
      ["S3_PUBLIC_URL", "https://media.example.com", "https://media.example.com"],
    ];
    const env = parseEnv(Object.fromEntries(table.map(([key, given]) => [key, given])));
    expect(env).toMatchObject(Object.fromEntries(table.map(([key, , read]) => [key, read])));
    expect(problem({ VIDEO_MAX_UPLOAD_MB: "0" })).toMatch(/VIDEO_MAX_UPLOAD_MB must be at least 1/);
    expect(problem({ VIDEO_MAX_UPLOAD_MB: "big" })).toMatch(/VIDEO_MAX_UPLOAD_MB must be/);
    expect(parseEnv({ PAGE_CACHE: "true", TRUST_PROXY: "false" })).toMatchObject({
      PAGE_CACHE: true,
      TRUST_PROXY: false,
    });
  });

  it("refuses a bad value with one line naming the variable", () => {
    expect(problem({ PAGE_CACHE: "maybe" })).toMatch(/^Invalid environment variables: PAGE_CACHE must be 1 or 0/);
    expect(problem({ TRUST_PROXY: "yes" })).toMatch(/TRUST_PROXY must be 1 or 0/);
    expect(problem({ ORDERS_RECONCILE_INTERVAL_SECONDS: "-1" })).toMatch(
      /ORDERS_RECONCILE_INTERVAL_SECONDS must be 0 \(off\) or more/,
    );
    expect(problem({ ORDERS_RECONCILE_INTERVAL_SECONDS: "often" })).toMatch(
      /ORDERS_RECONCILE_INTERVAL_SECONDS must be/,
    );
    expect(problem({ ORDERS_RECONCILE_INTERVAL_SECONDS: "1.5" })).toMatch(/ORDERS_RECONCILE_INTERVAL_SECONDS must be/);
    expect(problem({ ORDERS_RECONCILE_INTERVAL_SECONDS: "99999999" })).toMatch(/at most 2147483/);
    expect(problem({ ORDER_PENDING_EXPIRY_MINUTES: "0" })).toMatch(/ORDER_PENDING_EXPIRY_MINUTES must be more than 0/);
    expect(problem({ ORDER_PENDING_EXPIRY_MINUTES: "soon" })).toMatch(/ORDER_PENDING_EXPIRY_MINUTES must be/);
    expect(problem({ PDF_TIMEOUT_SECONDS: "0" })).toMatch(/PDF_TIMEOUT_SECONDS must be more than 0/);
    expect(problem({ PDF_TIMEOUT_SECONDS: "a while" })).toMatch(/PDF_TIMEOUT_SECONDS must be a number of seconds/);
    expect(problem({ PDF_TIMEOUT_SECONDS: "86400" })).toMatch(/PDF_TIMEOUT_SECONDS must be at most 3600/);
    expect(problem({ SMTP_URL: "not a url" })).toMatch(/SMTP_URL must be a URL like smtp:\/\//);
    expect(problem({ SMTP_URL: "https://mail.example.com" })).toMatch(/SMTP_URL must be/);
    expect(problem({ RAZORPAY_API_BASE_URL: "api.razorpay.com" })).toMatch(/RAZORPAY_API_BASE_URL must be/);
    expect(problem({ RAZORPAY_KEY_ID: "rzp_live_x" })).toMatch(
      /^Invalid environment variables: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together \(only RAZORPAY_KEY_ID is set\)/,
    );
    expect(problem({ RAZORPAY_KEY_SECRET: "s" })).toMatch(/only RAZORPAY_KEY_SECRET is set/);
    expect(problem({ FILE_STORAGE: "s3" })).toMatch(/S3_BUCKET: required when FILE_STORAGE=s3/);
    expect(problem({ BACKUP_STORAGE: "s3" })).toMatch(/S3_BUCKET: required when BACKUP_STORAGE=s3/);
    expect(problem({ BACKUP_STORAGE: "ftp" })).toMatch(/BACKUP_STORAGE must be dir or s3/);
    expect(problem({ LOG_LEVEL: "loud" })).toMatch(/LOG_LEVEL/);
    expect(problem({ PORT: "eighty" })).toMatch(/PORT must be a port number \(0 to 65535\)/);
    expect(problem({ WEB_CONCURRENCY: "0" })).toMatch(/WEB_CONCURRENCY must be a whole number of server processes/);
    expect(problem({ WEB_CONCURRENCY: "all" })).toMatch(/WEB_CONCURRENCY must be/);
    expect(problem({ VIDEO_URL_HOURS: "1" })).toMatch(/VIDEO_URL_HOURS must be at least 2/);
    expect(problem({ VIDEO_URL_HOURS: "169" })).toMatch(/VIDEO_URL_HOURS must be at most 168 \(7 days/);
    expect(problem({ VIDEO_URL_HOURS: "2.5" })).toMatch(/VIDEO_URL_HOURS must be a whole number of hours/);
    expect(problem({ VIDEO_URL_HOURS: "long" })).toMatch(/VIDEO_URL_HOURS must be a number of hours/);
    expect(problem({ S3_PUBLIC_URL: "media.example.com" })).toMatch(/S3_PUBLIC_URL must be an http\(s\) URL/);
    expect(problem({ S3_PUBLIC_URL: "ftp://media.example.com" })).toMatch(/S3_PUBLIC_URL must be an http\(s\) URL/);
    for (const value of ["0", "2048", "1.5", "lots"])
      expect(problem({ PGLITE_SHARED_BUFFERS_MB: value })).toMatch(
        /PGLITE_SHARED_BUFFERS_MB must be a whole number of megabytes from 1 to 1024/,
      );
  });

  it("server processes: one per core on PostgreSQL unless WEB_CONCURRENCY says, always one on the embedded database", () => {
    const pg = "postgres://postgres@127.0.0.1:5432/test";
    expect(parseEnv({ DATABASE_URL: pg }).SERVER_PROCESSES).toBe(os.availableParallelism());
    expect(parseEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: "3" }).SERVER_PROCESSES).toBe(3);
    expect(parseEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: "" }).SERVER_PROCESSES).toBe(os.availableParallelism());
    expect(parseEnv({}).SERVER_PROCESSES).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "4" }).SERVER_PROCESSES).toBe(1);
  });

  it("lists every bad value on the same line", () => {
    const message = problem({ PAGE_CACHE: "maybe", SMTP_URL: "not a url" });
    expect(message).toMatch(/PAGE_CACHE must be 1 or 0; SMTP_URL must be a URL/);
    expect(message).toMatch(/See \.env\.example\.$/);
  });
});

describe("every setting is documented", () => {
  it("each variable the schema reads is in docs/configuration.md and .env.example", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const root = path.resolve(import.meta.dirname, "..", "..");
    const source = fs.readFileSync(path.join(root, "app/lib/env.server.ts"), "utf8");
    const body = source.slice(
      source.indexOf("const schema = z.object({"),
      source.indexOf("\n});", source.indexOf("const schema")),
    );
    const names = [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(30);
    expect(names).toContain("FFMPEG_PATH");
    const docs = fs.readFileSync(path.join(root, "docs/configuration.md"), "utf8");
    const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");
    expect(names.filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
    expect(names.filter((name) => !new RegExp(`^#? ?${name}=`, "m").test(example))).toEqual([]);
  });
});
