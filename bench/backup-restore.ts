/**
 * `npm run bench:backup -- [orders]`: how long a backup and a restore take, and how big a backup is,
 * for the seeded store and for a store of `orders` paid orders (default 100,000, each with its line
 * and enrolment; bench/generate-data.ts with 1,000 products and orders/2 buyers), on PostgreSQL
 * (pg_dump custom format, restored into a fresh database by db/backup.server.ts's restorePostgres),
 * plus the embedded database's tarball and the move from it to PostgreSQL for the seeded store.
 * Every restore is checked: the same number of orders and the same order ids (md5 of them all).
 * Uses the PostgreSQL server of BENCH_DATABASE_URL (default TEST_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test): it makes and drops databases named ca_bench_backup_*.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { backupDatabase, restorePglite, restorePostgres } from "~/db/backup.server";
import { type DbHandle, openPglite, openPostgres } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { moveDatabase } from "~/db/move.server";
import { seedDatabase } from "~/db/seed/seed.server";

const orders = Number(process.argv[2] ?? 100_000);
const adminUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ca-bench-backup-"));

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
async function freshDatabase(name: string) {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
const seconds = (started: number) => (performance.now() - started) / 1000;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function fingerprint(handle: DbHandle) {
  const r = await handle.db.execute<{ orders: number; enrolments: number; ids: string }>(
    sql`select (select count(*)::int from orders) as orders, (select count(*)::int from enrolments) as enrolments,
               (select md5(coalesce(string_agg(id::text, ',' order by id), '')) from orders) as ids`,
  );
  return r.rows[0]!;
}

const results: string[] = [];
function report(store: string, engine: string, size: number, backup: number, restore: number, rows: string) {
  const line = `| ${store} | ${engine} | ${mb(size)} MB | ${backup.toFixed(1)} s | ${restore.toFixed(1)} s | ${rows} |`;
  results.push(line);
  console.log(line);
}

async function postgresRound(label: string, source: string) {
  const handle = await openPostgres(source, 2);
  const before = await fingerprint(handle);
  const file = path.join(work, `${label}.dump`);
  let started = performance.now();
  const { bytes } = await backupDatabase(handle, file);
  const backup = seconds(started);
  await handle.close();
  const target = await freshDatabase(`ca_bench_backup_${label}_restored`);
  started = performance.now();
  await restorePostgres(file, target);
  const restore = seconds(started);
  const restored = await openPostgres(target, 1);
  const after = await fingerprint(restored);
  await restored.close();
  if (JSON.stringify(after) !== JSON.stringify(before))
    throw new Error(`${label}: restored ${JSON.stringify(after)}, backed up ${JSON.stringify(before)}`);
  report(
    label,
    "PostgreSQL (pg_dump)",
    bytes,
    backup,
    restore,
    `${before.orders} orders, ${before.enrolments} enrolments`,
  );
  fs.rmSync(file, { force: true });
  await admin(`drop database if exists ca_bench_backup_${label}_restored with (force)`);
}

try {
  // The seeded store on PostgreSQL.
  const seeded = await freshDatabase("ca_bench_backup_seeded");
  const seededHandle = await openPostgres(seeded, 2);
  await migrate(seededHandle);
  await seedDatabase(seededHandle.db);
  await seededHandle.close();
  await postgresRound("seeded", seeded);

  // The seeded store on the embedded database: its tarball, and the move to PostgreSQL.
  const pgliteDir = path.join(work, "pglite");
  const lite = await openPglite(pgliteDir);
  await migrate(lite);
  await seedDatabase(lite.db);
  const liteBefore = await fingerprint(lite);
  let started = performance.now();
  const tarball = path.join(work, "seeded.tar.gz");
  const { bytes } = await backupDatabase(lite, tarball);
  const liteBackup = seconds(started);
  started = performance.now();
  await restorePglite(tarball, path.join(work, "pglite-restored"));
  const liteRestore = seconds(started);
  const liteRestored = await openPglite(path.join(work, "pglite-restored"));
  const liteAfter = await fingerprint(liteRestored);
  await liteRestored.close();
  if (JSON.stringify(liteAfter) !== JSON.stringify(liteBefore)) throw new Error("PGlite restore differs");
  report(
    "seeded",
    "PGlite (tarball)",
    bytes,
    liteBackup,
    liteRestore,
    `${liteBefore.orders} orders, ${liteBefore.enrolments} enrolments`,
  );
  const moveTarget = await openPostgres(await freshDatabase("ca_bench_backup_moved"), 2);
  started = performance.now();
  const moved = await moveDatabase(lite, moveTarget);
  const moveSeconds = seconds(started);
  const movedPrint = await fingerprint(moveTarget);
  if (JSON.stringify(movedPrint) !== JSON.stringify(liteBefore)) throw new Error("The move differs");
  const rows = Object.values(moved.tables).reduce((a, b) => a + b, 0);
  console.log(`move PGlite → PostgreSQL (seeded): ${rows} rows in ${moveSeconds.toFixed(1)} s`);
  results.push(
    `\nPGlite → PostgreSQL move of the seeded store (db:move-to-postgres): ${rows} rows, ${moveSeconds.toFixed(1)} s`,
  );
  await moveTarget.close();
  await lite.close();
  await admin("drop database if exists ca_bench_backup_moved with (force)");

  // A store of `orders` paid orders, generated inside PostgreSQL.
  const big = await freshDatabase("ca_bench_backup_orders");
  started = performance.now();
  const generated = spawnSync(
    process.execPath,
    [
      path.join(import.meta.dirname, "../node_modules/tsx/dist/cli.mjs"),
      path.join(import.meta.dirname, "generate-data.ts"),
      "1000",
      String(Math.max(1, Math.floor(orders / 2))),
      String(orders),
    ],
    { env: { ...process.env, DATABASE_URL: big }, stdio: ["ignore", "inherit", "inherit"] },
  );
  if (generated.status !== 0) throw new Error("bench/generate-data.ts failed");
  console.log(`generated ${orders} orders in ${seconds(started).toFixed(1)} s`);
  await postgresRound(`orders_${orders}`, big);
  await admin("drop database if exists ca_bench_backup_orders with (force)");
  await admin("drop database if exists ca_bench_backup_seeded with (force)");

  console.log("\n| store | database | backup size | backup | restore (fresh database) | checked |");
  console.log("|---|---|---|---|---|---|");
  for (const line of results) console.log(line);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
