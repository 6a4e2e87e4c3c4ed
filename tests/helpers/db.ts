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

/**
 * Per-test reset from a snapshot instead of a reseed. The first reset of a worker empties the
 * tables, seeds the sample content once and copies every table into the `test_snapshot` schema,
 * with the sequences' values; a statement-level trigger on every table notes each table a test
 * writes to (insert, update, delete, truncate). Each later reset restores only those tables and
 * every sequence, in one call of `test_snapshot.restore()`, with triggers and foreign-key checks
 * off while it runs (session_replication_role = replica), so the database is exactly as seeded:
 * rows, ids and the next ids. See docs/testing.md.
 */
const SNAPSHOT_SQL = [
  "create schema test_snapshot",
  "create unlogged table test_snapshot.dirty (name text primary key)",
  // Statements that wrote each table since the snapshot, restores included (see writeCounts()).
  "create unlogged table test_snapshot.writes (name text primary key, n bigint not null)",
  "create table test_snapshot.sequences (name text primary key, last_value bigint not null, is_called boolean not null)",
  `create function test_snapshot.mark_dirty() returns trigger language plpgsql as $$
begin
  insert into test_snapshot.dirty values (tg_table_name) on conflict do nothing;
  insert into test_snapshot.writes values (tg_table_name, 1)
    on conflict (name) do update set n = test_snapshot.writes.n + 1;
  return null;
end $$`,
  `do $$
declare t text; s record;
begin
  for t in select tablename from pg_tables where schemaname = 'public' loop
    execute format('create table test_snapshot.%I as table public.%I', t, t);
    execute format(
      'create trigger zz_test_snapshot_dirty after insert or update or delete or truncate on public.%I
         for each statement execute function test_snapshot.mark_dirty()', t);
  end loop;
  for s in select sequencename, last_value from pg_sequences where schemaname = 'public' loop
    insert into test_snapshot.sequences
      values (s.sequencename, coalesce(s.last_value, 1), s.last_value is not null);
  end loop;
end $$`,
  `create function test_snapshot.restore() returns void language plpgsql as $$
declare t text; s record;
begin
  set local session_replication_role = replica;
  -- The restore writes with triggers off: it counts as a write of each table it puts back.
  update test_snapshot.writes set n = n + 1 where name in (select name from test_snapshot.dirty);
  for t in select name from test_snapshot.dirty loop
    execute format('delete from public.%I', t);
    execute format('insert into public.%I overriding system value select * from test_snapshot.%I', t, t);
  end loop;
  truncate test_snapshot.dirty;
  for s in select * from test_snapshot.sequences loop
    perform setval(format('public.%I', s.name), s.last_value, s.is_called);
  end loop;
end $$`,
];

let snapshotTaken = false;

async function truncateAll(handle: DbHandle) {
  const rows = await handle.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = rows.rows.map((r) => `"${r.tablename}"`).join(", ");
  if (tables) await handle.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}

/**
 * How many statements wrote each table (insert, update, delete or truncate, by the statement-level
 * trigger; a restore counts too), once the snapshot exists; null before it or after a reset to an
 * empty database. A table whose count is the same as before was not written in between.
 */
export async function writeCounts(): Promise<Map<string, number> | null> {
  if (!snapshotTaken) return null;
  const handle = await getTestDb();
  const rows = await handle.db.execute<{ name: string; n: string }>(sql`select name, n from test_snapshot.writes`);
  return new Map(rows.rows.map((r) => [r.name, Number(r.n)]));
}

/** Puts the worker's database back to the freshly seeded sample content (or empty: `seed: false`). */
export async function resetDb(opts: { seed?: boolean } = {}) {
  const handle = await getTestDb();
  if (opts.seed === false) {
    await truncateAll(handle);
    return handle;
  }
  if (!snapshotTaken) {
    await handle.db.execute(sql.raw("drop schema if exists test_snapshot cascade"));
    await truncateAll(handle);
    await seedDatabase(handle.db);
    for (const statement of SNAPSHOT_SQL) await handle.db.execute(sql.raw(statement));
    snapshotTaken = true;
    return handle;
  }
  await handle.db.execute(sql`select test_snapshot.restore()`);
  // The restore writes through a function, which the embedded database's write tracking cannot see.
  handle.writes?.changedEverything();
  return handle;
}

export { getDbHandle };
