/**
 * One database client per process: PGlite on disk by default, a `pg` pool when
 * DATABASE_URL is set. Created on first use, closed by `closeDb()` at shutdown.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { Pool } from "pg";
import { getEnv, resolveDataDir } from "~/lib/env.server";
import { acquireDirLock } from "./dir-lock.server";
import { queryCountLogger } from "./query-count.server";
import * as schema from "./schema";
import { type TableWrites, trackTableWrites } from "./table-writes.server";

/** Drizzle's logger counts queries per request when LOG_QUERY_COUNTS is on (query-count.server.ts). */
const counting = () => (getEnv().LOG_QUERY_COUNTS ? { logger: queryCountLogger } : {});

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; has the same query API as `Db`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** Connection string (PostgreSQL only), for work that needs its own connection. */
  url?: string;
  /** The embedded engine (PGlite only), for backups. */
  pglite?: PGlite;
  /** The tables written through this process (PGlite only: the only writer), for reads kept in memory. */
  writes?: TableWrites;
  /** The PostgreSQL pool's connections now (PostgreSQL only), for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const globalKey = Symbol.for("commerce-academy.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<DbHandle> };
const g = globalThis as GlobalWithDb;

/**
 * On a new data directory PGlite runs PostgreSQL's initdb inside the process that opens it, and the
 * memory initdb takes (~500 MB of WebAssembly memory and buffers) stays resident for the life of
 * that process: a server's first start idled at ~800 MB RSS against ~300 MB on every later start
 * (issue 34, bench/RESULTS.md). A short-lived child process initialises the directory instead. If
 * the child cannot run, PGlite initialises it here as before.
 */
async function initialiseInChild(dataDir: string) {
  if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const entry = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  const script = `const { PGlite } = await import(${JSON.stringify(entry)});
const db = await PGlite.create(process.argv[1]);
await db.close();`;
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script, dataDir], { stdio: "ignore" });
    child.on("error", () => resolve());
    child.on("exit", () => resolve());
  });
}

export async function openPglite(dataDir: string | "memory://"): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  let release = () => {};
  if (dataDir !== "memory://") release = acquireDirLock(dataDir);
  let client: PGlite;
  try {
    if (dataDir !== "memory://") await initialiseInChild(dataDir);
    // pg_trgm backs the admin contains-searches (drizzle/0005); PGlite ships it as a contrib extension.
    // PostgreSQL's shared buffers live in PGlite's WebAssembly memory and are all touched at start:
    // the default 128 MB is resident from the first second. The operating system caches the files
    // below them anyway (figures in bench/RESULTS.md, "Memory").
    const sharedBuffers = `shared_buffers=${getEnv().PGLITE_SHARED_BUFFERS_MB}MB`;
    client = await PGlite.create(dataDir === "memory://" ? undefined : dataDir, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, "-c", sharedBuffers],
    });
  } catch (error) {
    release();
    throw error;
  }
  const writes = trackTableWrites(client);
  const db = drizzle(client, { schema, ...counting() }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    writes,
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

export async function openPostgres(url: string, max = 10): Promise<DbHandle> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool: Pool = new pg.default.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema, ...counting() });
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, kind: "postgres", url, poolStats, close: () => pool.end() };
}

export function openConfiguredDb(): Promise<DbHandle> {
  const env = getEnv();
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, env.DATABASE_POOL_MAX);
  return openPglite(path.join(resolveDataDir(env), "pglite"));
}

/** The process-wide handle. Tests install their own with `setDbHandle`. */
export function getDbHandle(): Promise<DbHandle> {
  g[globalKey] ??= openConfiguredDb().catch((error) => {
    g[globalKey] = undefined;
    throw error;
  });
  return g[globalKey];
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export function setDbHandle(handle: DbHandle | undefined) {
  g[globalKey] = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDb() {
  const pending = g[globalKey];
  g[globalKey] = undefined;
  if (pending) await (await pending).close();
}
