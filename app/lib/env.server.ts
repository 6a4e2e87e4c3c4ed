import path from "node:path";
import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Public origin used in links, canonical URLs and emails. */
  APP_URL: z.url().default("http://localhost:3000"),
  /** Folder for the embedded database and uploaded files. */
  DATA_DIR: z.string().default("./data"),
  /** postgres://… switches from the embedded PGlite to a PostgreSQL server. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Where uploaded files and note/PYQ PDFs live: DATA_DIR/files on local disk, or an S3-compatible bucket. */
  FILE_STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** https://… of an S3-compatible service (MinIO, R2, Spaces); empty = AWS S3. */
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
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
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Parses process.env once; a bad value stops the process with a clear message. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment variables:\n${problems}\nSee .env.example.`);
  }
  cached = parsed.data;
  return cached;
}

export function resolveDataDir(env: Env = getEnv()): string {
  return path.resolve(env.DATA_DIR);
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
