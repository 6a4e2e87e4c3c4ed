/**
 * Backup and restore of the whole database.
 * - PGlite: a gzip tarball of the data directory (PGlite's own dumpDataDir), restored
 *   into a fresh directory; the old one is kept aside, never deleted.
 * - PostgreSQL: pg_dump's custom format, restored in one transaction (pg_restore's script, run by psql).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db, DbHandle } from "./client.server";

function run(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? new Error(`${command} is not installed: apt-get install -y postgresql-client`)
          : error,
      ),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

export async function backupDatabase(handle: DbHandle, file: string): Promise<{ bytes: number }> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial`;
  if (handle.kind === "pglite") {
    if (!handle.pglite) throw new Error("PGlite handle without its engine");
    const blob = await handle.pglite.dumpDataDir("gzip");
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  } else {
    if (!handle.url) throw new Error("PostgreSQL handle without its URL");
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${tmp}`,
      `--dbname=${handle.url}`,
    ]);
  }
  // Only a complete file gets the final name.
  fs.renameSync(tmp, file);
  return { bytes: fs.statSync(file).size };
}

/** Restores a PGlite backup into `pgliteDir`; an existing directory is moved aside first. Returns where it went. */
export async function restorePglite(file: string, pgliteDir: string): Promise<{ movedAside: string | null }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const data = new Blob([fs.readFileSync(file)]);
  const staging = `${pgliteDir}.restoring`;
  fs.rmSync(staging, { recursive: true, force: true });
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const pg = await PGlite.create(staging, { loadDataDir: data, extensions: { pg_trgm } });
  await pg.query("select 1");
  await pg.close();
  let movedAside: string | null = null;
  if (fs.existsSync(pgliteDir)) {
    movedAside = `${pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(pgliteDir, movedAside);
  }
  fs.renameSync(staging, pgliteDir);
  return { movedAside };
}

/**
 * Restores a pg_dump file into the database at `url`, in one transaction (a failed restore changes
 * nothing). pg_restore first writes the whole script to a file beside the dump (dropping what the dump
 * holds, then recreating it); only once that succeeded does psql run it, after dropping the job queue's
 * schema: pg-boss partitions its job table, and a script's --clean cannot drop a partition's inherited
 * primary key ("cannot drop inherited constraint"). The queue's jobs come back from the dump.
 */
export async function restorePostgres(file: string, url: string) {
  const script = `${file}.restore.sql`;
  try {
    await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", `--file=${script}`, file]);
    await run("psql", [
      "--no-psqlrc",
      "--quiet",
      "--single-transaction",
      "--set=ON_ERROR_STOP=1",
      "--command=DROP SCHEMA IF EXISTS pgboss CASCADE",
      `--file=${script}`,
      `--dbname=${url}`,
    ]);
  } finally {
    fs.rmSync(script, { force: true });
  }
}

/** Every table's rows in a stable order, for comparing a database before and after a round trip. */
export async function snapshotTables(db: Db): Promise<Record<string, unknown[]>> {
  const tables = await db.execute<{ schemaname: string; tablename: string }>(
    sql`select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { schemaname, tablename } of tables.rows) {
    const rows = await db.execute(
      sql.raw(`select to_jsonb(t) as row from "${schemaname}"."${tablename}" t order by to_jsonb(t)::text`),
    );
    out[`${schemaname}.${tablename}`] = rows.rows.map((r) => (r as { row: unknown }).row);
  }
  return out;
}
