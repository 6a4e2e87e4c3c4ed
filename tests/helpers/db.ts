/**
 * Test database per worker: PGlite in memory by default, or a throw-away
 * database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
import { sql } from "drizzle-orm";
import { type DbHandle, getDbHandle, openPglite, openPostgres, setDbHandle } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { seedDatabase } from "~/db/seed/seed.server";

const key = Symbol.for("commerce-academy.test-db");
type G = typeof globalThis & { [key]?: Promise<DbHandle> };
const g = globalThis as G;

async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const pg = await import("pg");
  // One database per checkout and worker slot, dropped and made anew at each run.
  const { createHash } = await import("node:crypto");
  const checkout = createHash("sha1").update(process.cwd()).digest("hex").slice(0, 8);
  const name = `ca_test_${checkout}_${process.env.VITEST_POOL_ID ?? "0"}`;
  const admin = new pg.default.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function open(): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const handle = adminUrl
    ? await openPostgres(await createPostgresDatabase(adminUrl), 5)
    : await openPglite("memory://");
  await migrate(handle);
  return handle;
}

/** The worker's database, migrated, installed as the app's handle. */
export async function getTestDb(): Promise<DbHandle> {
  g[key] ??= open();
  const handle = await g[key];
  setDbHandle(handle);
  return handle;
}

/** Empties every table and seeds the sample content again. */
export async function resetDb(opts: { seed?: boolean } = {}) {
  const handle = await getTestDb();
  const rows = await handle.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = rows.rows.map((r) => `"${r.tablename}"`).join(", ");
  if (tables) await handle.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
  if (opts.seed !== false) await seedDatabase(handle.db);
  return handle;
}

export { getDbHandle };
