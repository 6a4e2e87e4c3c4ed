/**
 * Database outage handling. A connectivity error seen anywhere marks the
 * database as suspect; while it is, page requests get a friendly 503 without
 * touching the app, and a probe (at most once a second) lifts the mark as soon
 * as the database answers again. Nothing here needs a restart to recover.
 */
import { sql } from "drizzle-orm";
import { getDbHandle } from "./client.server";

const CONNECTIVITY_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const CONNECTIVITY_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection refused|database timeout|Client has encountered a connection error/i;

export function isConnectivityError(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 6; depth++) {
    const err = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] };
    if (typeof err.code === "string" && CONNECTIVITY_CODES.has(err.code)) return true;
    if (typeof err.message === "string" && CONNECTIVITY_MESSAGES.test(err.message)) return true;
    if (Array.isArray(err.errors) && err.errors.some(isConnectivityError)) return true;
    e = err.cause;
  }
  return false;
}

let suspectSince: number | null = null;
let lastProbe = 0;
let probing: Promise<boolean> | null = null;

export function markDatabaseSuspect(error: unknown): boolean {
  if (!isConnectivityError(error)) return false;
  suspectSince ??= Date.now();
  return true;
}

export function isDatabaseSuspect() {
  return suspectSince !== null;
}

/** Answers whether the database responds within `timeoutMs`. */
export async function probeDatabase(timeoutMs = 2000): Promise<boolean> {
  try {
    const handle = await getDbHandle();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      handle.db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database timeout")), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    suspectSince = null;
    return true;
  } catch (error) {
    suspectSince ??= Date.now();
    markDatabaseSuspect(error);
    return false;
  }
}

/** While suspect: re-probe at most once a second; answers whether the database is usable now. */
export async function databaseAvailable(): Promise<boolean> {
  if (suspectSince === null) return true;
  if (probing) return probing;
  if (Date.now() - lastProbe < 1000) return false;
  lastProbe = Date.now();
  probing = probeDatabase(1500).finally(() => {
    probing = null;
  });
  return probing;
}

export const UNAVAILABLE_HTML = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>We'll be right back | Commerce Academy</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a;text-align:center;padding:24px}h1{font-size:1.75rem;margin:0 0 12px}p{color:#475569;max-width:28rem;margin:0 auto 20px}a{color:#1c3fb3;font-weight:600}</style></head><body><main><h1>We'll be right back</h1><p>Commerce Academy is briefly unavailable. Your courses, notes and orders are safe. Please try again in a minute.</p><a href="/">Try again</a></main></body></html>`;
