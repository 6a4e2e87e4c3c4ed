/**
 * Moving a store from the embedded database (PGlite) to PostgreSQL without losing data (issue 37):
 * a logical copy, table by table, into an empty PostgreSQL migrated to the same schema.
 * - Both databases are migrated first (the same migrations, so the same tables and columns).
 * - The target must hold no accounts and no orders (a fresh install's seed is emptied and replaced).
 * - Everything is written in one transaction on the target: a failed move leaves it as it was.
 *   Inside it, the user triggers (counters, content versions) are off, so every row is copied as it
 *   is, and the foreign keys are checked once at the end (deferred), so the order of tables and of
 *   rows (a question's parent question) does not matter.
 * - Rows travel as JSON and come back through the table's own row type (jsonb_populate_recordset):
 *   timestamps to the microsecond, jsonb, enums and arrays unchanged; identity columns keep their ids
 *   (OVERRIDING SYSTEM VALUE), generated columns are computed again.
 * - Every sequence of `public` gets the source's state (last value and whether it was used), so the
 *   next order or invoice number follows on.
 * The job queue's own schema (pgboss) is not copied: the recurring jobs are scheduled again on start.
 */
import { sql } from "drizzle-orm";
import type { Db, DbHandle } from "./client.server";
import { migrate } from "./migrate.server";

const BATCH = 2000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function rows<T>(db: Db, query: ReturnType<typeof sql> | string): Promise<T[]> {
  const result = await db.execute(typeof query === "string" ? sql.raw(query) : query);
  return result.rows as T[];
}

export interface MoveResult {
  /** Rows copied per table of `public`, by name. */
  tables: Record<string, number>;
  sequences: number;
  /** Jobs still waiting in the source's queue (not copied; see above). */
  pendingJobs: number;
}

/** Copies every row of `public` from `from` (PGlite) into `to` (an empty PostgreSQL). */
export async function moveDatabase(from: DbHandle, to: DbHandle, log: (line: string) => void = () => {}) {
  await migrate(from);
  await migrate(to);
  const [fromMigrations, toMigrations] = await Promise.all(
    [from, to].map((h) => rows<{ hash: string }>(h.db, `select hash from drizzle.__drizzle_migrations order by id`)),
  );
  if (JSON.stringify(fromMigrations) !== JSON.stringify(toMigrations))
    throw new Error("The two databases are not at the same migration: run the same version of the app on both.");
  // A fresh install has its seed (sample reviewers among the users) but no accounts and no orders.
  const [held] = await rows<{ accounts: number; orders: number }>(
    to.db,
    `select (select count(*) from accounts)::int as accounts, (select count(*) from orders)::int as orders`,
  );
  if ((held?.accounts ?? 0) > 0 || (held?.orders ?? 0) > 0)
    throw new Error(
      `The PostgreSQL database already holds ${held?.accounts} accounts and ${held?.orders} orders: move into an empty database.`,
    );

  const tables = (
    await rows<{ name: string }>(
      from.db,
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((t) => t.name);
  const targetTables = new Set(
    (await rows<{ name: string }>(to.db, `select tablename as name from pg_tables where schemaname = 'public'`)).map(
      (t) => t.name,
    ),
  );
  const missing = tables.filter((t) => !targetTables.has(t));
  if (missing.length) throw new Error(`The PostgreSQL database has no table ${missing.join(", ")}.`);

  // The columns a row is written with: not generated ones; identity ones keep their values.
  const columns = await rows<{ table: string; column: string; identity: string | null }>(
    from.db,
    `select table_name as "table", column_name as "column", identity_generation as identity
       from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER'
      order by table_name, ordinal_position`,
  );
  const foreignKeys = await rows<{ table: string; name: string }>(
    to.db,
    `select conrelid::regclass::text as "table", conname as name from pg_constraint c
       join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' and contype = 'f' and not condeferrable`,
  );
  const sequences = await rows<{ name: string }>(
    from.db,
    `select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  let pendingJobs = 0;
  try {
    const [jobs] = await rows<{ n: number }>(
      from.db,
      `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`,
    );
    pendingJobs = jobs?.n ?? 0;
  } catch {
    // No queue schema yet (a store that never started its server).
  }

  const copied: Record<string, number> = {};
  await to.db.transaction(async (tx) => {
    const target = tx as unknown as Db;
    const all = tables.map(quote).join(", ");
    // A fresh install's seeded rows go; the source's take their place.
    await target.execute(sql.raw(`truncate ${all}`));
    for (const t of tables) await target.execute(sql.raw(`alter table ${quote(t)} disable trigger user`));
    for (const fk of foreignKeys)
      await target.execute(sql.raw(`alter table ${fk.table} alter constraint ${quote(fk.name)} deferrable`));
    await target.execute(sql.raw("set constraints all deferred"));

    for (const table of tables) {
      const cols = columns.filter((c) => c.table === table);
      const list = cols.map((c) => quote(c.column)).join(", ");
      const overriding = cols.some((c) => c.identity === "ALWAYS") ? "overriding system value" : "";
      let count = 0;
      let after = "(0,0)";
      for (;;) {
        // Keyset by the row's physical address: each batch is a range scan (the source is not written meanwhile).
        const batch = await rows<{ ctid: string; row: unknown }>(
          from.db,
          sql.raw(
            `select ctid::text as ctid, to_jsonb(t) as row from ${quote(table)} t
              where ctid > '${after}'::tid order by ctid limit ${BATCH}`,
          ),
        );
        if (batch.length === 0) break;
        const json = JSON.stringify(batch.map((b) => b.row));
        await target.execute(
          sql`${sql.raw(`insert into ${quote(table)} (${list}) ${overriding} select ${list} from jsonb_populate_recordset(null::${quote(table)}, `)}${json}::jsonb${sql.raw(")")}`,
        );
        count += batch.length;
        after = batch[batch.length - 1]!.ctid;
        if (batch.length < BATCH) break;
      }
      copied[table] = count;
      if (count) log(`${table}: ${count} rows`);
    }

    for (const { name } of sequences) {
      const [state] = await rows<{ last_value: string; is_called: boolean }>(
        from.db,
        `select last_value::text, is_called from ${quote(name)}`,
      );
      if (state)
        await target.execute(
          sql`select setval(${`public.${quote(name)}`}::regclass, ${state.last_value}::bigint, ${state.is_called})`,
        );
    }

    // The foreign keys are checked here, then everything is as the migrations made it.
    await target.execute(sql.raw("set constraints all immediate"));
    for (const fk of foreignKeys)
      await target.execute(sql.raw(`alter table ${fk.table} alter constraint ${quote(fk.name)} not deferrable`));
    for (const t of tables) await target.execute(sql.raw(`alter table ${quote(t)} enable trigger user`));

    // Every table holds as many rows as the source's.
    for (const table of tables) {
      const [n] = await rows<{ n: number }>(target, `select count(*)::int as n from ${quote(table)}`);
      if (n?.n !== copied[table]) throw new Error(`${table}: ${copied[table]} rows read but ${n?.n} written`);
    }
  });
  return { tables: copied, sequences: sequences.length, pendingJobs } satisfies MoveResult;
}
