import fs from "node:fs";
import path from "node:path";
import { freezeIssuedDocuments } from "~/features/orders/freeze.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import type { DbHandle } from "./client.server";
import { seedDatabase } from "./seed/seed.server";

export function migrationsFolder() {
  const dir = path.resolve(getEnv().MIGRATIONS_DIR);
  if (!fs.existsSync(path.join(dir, "meta", "_journal.json"))) {
    throw new Error(`No migrations found in ${dir}. Run the server from the project folder or set MIGRATIONS_DIR.`);
  }
  return dir;
}

/**
 * Applies pending SQL migrations, then the data steps written in TypeScript (today: freezing the tax
 * documents issued before migration 0018). Several instances may start at once on PostgreSQL: an
 * advisory lock serialises the SQL; the data steps are safe to run side by side.
 */
export async function migrate(handle: DbHandle) {
  await migrateSql(handle);
  const frozen = await freezeIssuedDocuments(handle.db);
  if (frozen.invoices + frozen.notes > 0) {
    log.info(`[migrate] froze ${frozen.invoices} issued invoices and ${frozen.notes} credit notes (ADR 0016)`);
  }
}

async function migrateSql(handle: DbHandle) {
  const folder = migrationsFolder();
  if (handle.kind === "pglite") {
    const { migrate: run } = await import("drizzle-orm/pglite/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite and pg drivers share the query API
    await run(handle.db as any, { migrationsFolder: folder });
    return;
  }
  const { migrate: run } = await import("drizzle-orm/node-postgres/migrator");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pg = await import("pg");
  // The lock is per connection, so migrate on one dedicated connection.
  const client = new pg.default.Client({ connectionString: handle.url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(7321000)");
    await run(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
}

export async function migrateAndSeed(handle: DbHandle) {
  await migrate(handle);
  return seedDatabase(handle.db, { sample: getEnv().SEED_SAMPLE });
}
