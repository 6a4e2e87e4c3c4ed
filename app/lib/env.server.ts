import os from "node:os";
import path from "node:path";
import { z } from "zod";

/** An empty value counts as unset, so `VAR=` in an env file means "use the default". */
const unsetIfEmpty = <T extends z.ZodType>(type: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), type);

/** A switch: 1/0 or true/false. */
const flag = (name: string, fallback: boolean) =>
  unsetIfEmpty(
    z
      .enum(["0", "1", "true", "false"], { error: `${name} must be 1 or 0` })
      .transform((value) => value === "1" || value === "true")
      .default(fallback),
  );

const RAZORPAY_API_BASE_URL = "https://api.razorpay.com";
const PORT_MESSAGE = "PORT must be a port number (0 to 65535)";
const WORKERS_MESSAGE = "WEB_CONCURRENCY must be a whole number of server processes (1 to 64)";

const SHARED_BUFFERS_MESSAGE = "PGLITE_SHARED_BUFFERS_MB must be a whole number of megabytes from 1 to 1024";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: unsetIfEmpty(
    z.coerce
      .number({ error: PORT_MESSAGE })
      .int(PORT_MESSAGE)
      .min(0, PORT_MESSAGE)
      .max(65535, PORT_MESSAGE)
      .default(3000),
  ),
  HOST: unsetIfEmpty(z.string().default("0.0.0.0")),
  /**
   * Public origin used in links, canonical URLs and emails. Unset: http://localhost:<PORT>.
   * Required in production with DATABASE_URL (config below).
   */
  APP_URL: unsetIfEmpty(z.url({ protocol: /^https?$/, error: "APP_URL must be an http(s) URL" }).optional()),
  /** Folder for the embedded database and uploaded files. */
  DATA_DIR: z.string().default("./data"),
  /** postgres://… switches from the embedded PGlite to a PostgreSQL server. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL's shared_buffers inside the embedded PGlite, in MB (resident from the start). */
  PGLITE_SHARED_BUFFERS_MB: unsetIfEmpty(
    z.coerce
      .number({ error: SHARED_BUFFERS_MESSAGE })
      .int(SHARED_BUFFERS_MESSAGE)
      .min(1, SHARED_BUFFERS_MESSAGE)
      .max(1024, SHARED_BUFFERS_MESSAGE)
      .default(32),
  ),
  /** Server processes with DATABASE_URL (node:cluster workers); unset = one per core. PGlite always runs in one. */
  WEB_CONCURRENCY: unsetIfEmpty(
    z.coerce
      .number({ error: WORKERS_MESSAGE })
      .int(WORKERS_MESSAGE)
      .min(1, WORKERS_MESSAGE)
      .max(64, WORKERS_MESSAGE)
      .optional(),
  ),
  LOG_LEVEL: unsetIfEmpty(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  /** Where uploaded files and note/PYQ PDFs live: DATA_DIR/files on local disk, or an S3-compatible bucket. */
  FILE_STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** https://… of an S3-compatible service (MinIO, R2, Spaces); empty = AWS S3. */
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * The origin browsers reach the bucket at, when it is not S3_ENDPOINT's (a CDN in front of the store,
   * or its public address while the app talks to an internal one). Presigned video URLs point here.
   */
  S3_PUBLIC_URL: unsetIfEmpty(
    z
      .url({ protocol: /^https?$/, error: "S3_PUBLIC_URL must be an http(s) URL (e.g. https://media.example.com)" })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** 1 for services that need path-style URLs (MinIO). */
  S3_FORCE_PATH_STYLE: z.enum(["0", "1", "true", "false", ""]).default("0"),
  /** Signs session cookies and tokens. Required in production with DATABASE_URL (several instances). */
  BETTER_AUTH_SECRET: z
    .string()
    .min(32, "BETTER_AUTH_SECRET must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Owner account created on first start when no admin exists yet. */
  ADMIN_EMAIL: z
    .email()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_NAME: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** 1 behind one reverse proxy: the client address comes from X-Forwarded-For. */
  TRUST_PROXY: flag("TRUST_PROXY", false),
  /** 0: this instance only queues background jobs (transcodes, backups, reconciling); another runs them. */
  RUN_JOBS: flag("RUN_JOBS", true),
  /** Folder of the SQL migrations. */
  MIGRATIONS_DIR: unsetIfEmpty(z.string().default("./drizzle")),
  /** Lets a scraper read /metrics from another machine (`Authorization: Bearer <token>`); loopback needs none. */
  METRICS_TOKEN: unsetIfEmpty(
    z.string().min(24, "METRICS_TOKEN must be at least 24 characters (e.g. openssl rand -hex 24)").optional(),
  ),
  /** Where the backups go: `dir` = BACKUP_DIR, `s3` = the S3_* bucket under `backups/`. */
  BACKUP_STORAGE: unsetIfEmpty(z.enum(["dir", "s3"], { error: "BACKUP_STORAGE must be dir or s3" }).default("dir")),
  /** Where the scheduled backups go; empty = DATA_DIR/backups (put it on another disk). */
  BACKUP_DIR: unsetIfEmpty(z.string().optional()),
  /** Hours between scheduled backups; 0 turns them off. */
  BACKUP_INTERVAL_HOURS: unsetIfEmpty(
    z.coerce
      .number({ error: "BACKUP_INTERVAL_HOURS must be a number of hours (0 = off)" })
      .min(0, "BACKUP_INTERVAL_HOURS must be 0 (off) or more")
      .max(24 * 31, "BACKUP_INTERVAL_HOURS must be at most 744 (31 days)")
      .default(24),
  ),
  /** Backups kept: the newest of each of this many recent days, and of this many recent weeks. */
  BACKUP_KEEP_DAILY: unsetIfEmpty(
    z.coerce.number({ error: "BACKUP_KEEP_DAILY must be a whole number" }).int().min(1).max(366).default(7),
  ),
  BACKUP_KEEP_WEEKLY: unsetIfEmpty(
    z.coerce.number({ error: "BACKUP_KEEP_WEEKLY must be a whole number" }).int().min(0).max(520).default(4),
  ),
  /** Off (0) turns off the shared anonymous full-page cache. */
  PAGE_CACHE: flag("PAGE_CACHE", true),
  /** Off (0): a new install starts as an empty store (settings only), without the sample content. */
  SEED_SAMPLE: flag("SEED_SAMPLE", true),
  /** 1 logs how many database queries each request made (default: on in development only). */
  LOG_QUERY_COUNTS: unsetIfEmpty(
    z
      .enum(["0", "1", "true", "false"], { error: "LOG_QUERY_COUNTS must be 1 or 0" })
      .transform((value) => value === "1" || value === "true")
      .optional(),
  ),
  /** smtp://user:pass@host:587 sends email; unset = messages only go to the outbox. */
  SMTP_URL: unsetIfEmpty(
    z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be a URL like smtp://user:pass@host:587" }).optional(),
  ),
  MAIL_FROM: unsetIfEmpty(z.string().default("Commerce Academy <no-reply@commerce-academy.in>")),
  /** Razorpay API keys: both set = Razorpay takes payments, neither = the built-in test gateway. */
  RAZORPAY_KEY_ID: unsetIfEmpty(z.string().trim().optional()),
  RAZORPAY_KEY_SECRET: unsetIfEmpty(z.string().trim().optional()),
  RAZORPAY_WEBHOOK_SECRET: unsetIfEmpty(z.string().trim().optional()),
  RAZORPAY_API_BASE_URL: unsetIfEmpty(
    z
      .url({ protocol: /^https?$/, error: "RAZORPAY_API_BASE_URL must be an http(s) URL" })
      .trim()
      .default(RAZORPAY_API_BASE_URL),
  ),
  /** Seconds between order reconciliations in this instance; 0 = off. At most setInterval's limit (~24 days). */
  ORDERS_RECONCILE_INTERVAL_SECONDS: unsetIfEmpty(
    z.coerce
      .number({ error: "ORDERS_RECONCILE_INTERVAL_SECONDS must be a whole number of seconds (0 = off)" })
      .int("ORDERS_RECONCILE_INTERVAL_SECONDS must be a whole number of seconds (0 = off)")
      .min(0, "ORDERS_RECONCILE_INTERVAL_SECONDS must be 0 (off) or more")
      .max(2_147_483, "ORDERS_RECONCILE_INTERVAL_SECONDS must be at most 2147483 (about 24 days)")
      .default(300),
  ),
  /** Unpaid orders older than this many minutes are cancelled and give their coupon use back. */
  ORDER_PENDING_EXPIRY_MINUTES: unsetIfEmpty(
    z.coerce
      .number({ error: "ORDER_PENDING_EXPIRY_MINUTES must be a number of minutes" })
      .positive("ORDER_PENDING_EXPIRY_MINUTES must be more than 0")
      .default(15),
  ),
  /** Time limit of one PDF job (stamping a download, an invoice, a report), in seconds: past it the job is stopped. */
  PDF_TIMEOUT_SECONDS: unsetIfEmpty(
    z.coerce
      .number({ error: "PDF_TIMEOUT_SECONDS must be a number of seconds" })
      .positive("PDF_TIMEOUT_SECONDS must be more than 0")
      .max(3600, "PDF_TIMEOUT_SECONDS must be at most 3600 (an hour)")
      .default(20),
  ),
  /**
   * A PKCS#12 file (.p12/.pfx: certificate and private key) that digitally signs invoices and credit
   * notes, and its password. Unset: documents are not signed. Checked at start-up (orders/signing.server.ts).
   */
  INVOICE_SIGNING_P12_FILE: unsetIfEmpty(z.string().trim().optional()),
  INVOICE_SIGNING_P12_PASSWORD: z.string().optional(),
  /**
   * The ffmpeg and ffprobe programs that transcode lesson videos and make the sample lectures. Unset:
   * the first `ffmpeg`/`ffprobe` on PATH (Debian's, from `apt-get install ffmpeg`), else the copies
   * `npm install` ships (features/video/transcode.server.ts `videoTools`).
   */
  FFMPEG_PATH: unsetIfEmpty(z.string().trim().optional()),
  FFPROBE_PATH: unsetIfEmpty(z.string().trim().optional()),
  /** Largest video file an admin may upload for a lesson, in megabytes (default 2048 = 2 GB). */
  VIDEO_MAX_UPLOAD_MB: unsetIfEmpty(
    z.coerce
      .number({ error: "VIDEO_MAX_UPLOAD_MB must be a whole number of megabytes" })
      .int("VIDEO_MAX_UPLOAD_MB must be a whole number of megabytes")
      .min(1, "VIDEO_MAX_UPLOAD_MB must be at least 1")
      .max(102_400, "VIDEO_MAX_UPLOAD_MB must be at most 102400 (100 GB)")
      .default(2048),
  ),
  /**
   * An upload of a lesson video that received no chunk for this many hours expires: its bytes are
   * removed and the lesson shows what it had before (default 24; fractions allowed).
   */
  VIDEO_UPLOAD_EXPIRY_HOURS: unsetIfEmpty(
    z.coerce
      .number({ error: "VIDEO_UPLOAD_EXPIRY_HOURS must be a number of hours" })
      .positive("VIDEO_UPLOAD_EXPIRY_HOURS must be more than 0")
      .max(720, "VIDEO_UPLOAD_EXPIRY_HOURS must be at most 720 (30 days)")
      .default(24),
  ),
  /**
   * With FILE_STORAGE=s3, how long the presigned URL of each video segment in a playlist stays valid,
   * in hours (default 6; at most 168, SigV4's 7 days). Signed on the hour, so it lasts 5–6 hours.
   */
  VIDEO_URL_HOURS: unsetIfEmpty(
    z.coerce
      .number({ error: "VIDEO_URL_HOURS must be a number of hours" })
      .int("VIDEO_URL_HOURS must be a whole number of hours")
      .min(2, "VIDEO_URL_HOURS must be at least 2 (URLs are signed on the hour)")
      .max(168, "VIDEO_URL_HOURS must be at most 168 (7 days, the limit of a presigned URL)")
      .default(6),
  ),
  /** A transcode running longer than this (its process was killed) is given up and retried, in minutes. */
  VIDEO_TRANSCODE_TIMEOUT_MINUTES: unsetIfEmpty(
    z.coerce
      .number({ error: "VIDEO_TRANSCODE_TIMEOUT_MINUTES must be a whole number of minutes" })
      .int("VIDEO_TRANSCODE_TIMEOUT_MINUTES must be a whole number of minutes")
      .min(1, "VIDEO_TRANSCODE_TIMEOUT_MINUTES must be at least 1")
      .max(1440, "VIDEO_TRANSCODE_TIMEOUT_MINUTES must be at most 1440 (a day)")
      .default(120),
  ),
});

/** Loopback names are interchangeable: http://localhost:4101 and http://127.0.0.1:4101 are the same server. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1"];

/** The origins this server answers as: APP_URL's, and on a loopback address both loopback names. */
export function appOrigins(appUrl: string): string[] {
  const url = new URL(appUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const hostname of LOOPBACK_HOSTS) {
      const other = new URL(url.origin);
      other.hostname = hostname;
      origins.add(other.origin);
    }
  }
  return [...origins];
}

const config = schema
  .superRefine((env, ctx) => {
    const productionWithPostgres = env.NODE_ENV === "production" && Boolean(env.DATABASE_URL);
    // Several instances behind a public address: links and cookies must not guess it from PORT.
    if (productionWithPostgres && !env.APP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message: "APP_URL is required in production with DATABASE_URL (the public address, e.g. https://shop.example)",
      });
    }
    if (productionWithPostgres && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message:
          "BETTER_AUTH_SECRET is required in production with DATABASE_URL (every instance must use the same one; `openssl rand -base64 32`)",
      });
    }
    // Half a Razorpay key pair would silently fall back to the test gateway and give courses away.
    if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
      const set = env.RAZORPAY_KEY_ID ? "RAZORPAY_KEY_ID" : "RAZORPAY_KEY_SECRET";
      ctx.addIssue({
        code: "custom",
        path: [set === "RAZORPAY_KEY_ID" ? "RAZORPAY_KEY_SECRET" : "RAZORPAY_KEY_ID"],
        message: `RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together (only ${set} is set)`,
      });
    }
    if (env.INVOICE_SIGNING_P12_PASSWORD && !env.INVOICE_SIGNING_P12_FILE) {
      ctx.addIssue({
        code: "custom",
        path: ["INVOICE_SIGNING_P12_FILE"],
        message: "required when INVOICE_SIGNING_P12_PASSWORD is set (the path of the .p12 file)",
      });
    }
    if (env.FILE_STORAGE === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "required when FILE_STORAGE=s3" });
    } else if (env.BACKUP_STORAGE === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "required when BACKUP_STORAGE=s3" });
    }
  })
  .transform((env) => {
    const APP_URL = env.APP_URL ?? `http://localhost:${env.PORT}`;
    // The embedded database lives in one process, so only PostgreSQL can be shared by several.
    const SERVER_PROCESSES = env.DATABASE_URL ? (env.WEB_CONCURRENCY ?? os.availableParallelism()) : 1;
    const LOG_QUERY_COUNTS = env.LOG_QUERY_COUNTS ?? env.NODE_ENV === "development";
    return { ...env, APP_URL, APP_ORIGINS: appOrigins(APP_URL), SERVER_PROCESSES, LOG_QUERY_COUNTS };
  });

export type Env = z.output<typeof config>;

/** A bad or missing setting. Its message is one line naming the variable(s); server.js prints just that. */
export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvError";
  }
}

/** Parses a set of variables (process.env by default) without caching; throws EnvError on a bad value. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = config.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join(".");
    return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
  });
  throw new EnvError(`Invalid environment variables: ${problems.join("; ")}. See .env.example.`);
}

let cached: Env | undefined;

/** The parsed configuration: process.env is read once; a bad value throws EnvError (start-up stops). */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Where and how often the scheduled backups run (features/admin/backups.server.ts). */
export function backupSchedule(env: Env = getEnv()) {
  return {
    storage: env.BACKUP_STORAGE,
    dir: path.resolve(env.BACKUP_DIR ?? path.join(resolveDataDir(env), "backups")),
    intervalHours: env.BACKUP_INTERVAL_HOURS,
    keepDaily: env.BACKUP_KEEP_DAILY,
    keepWeekly: env.BACKUP_KEEP_WEEKLY,
  };
}

export function resolveDataDir(env: Env = getEnv()): string {
  return path.resolve(env.DATA_DIR);
}

/** For tests that change process.env between cases: the next getEnv() reads it again. */
export function resetEnvCache() {
  cached = undefined;
}
