// `npm run db:restore -- <file | s3:backups/<name> | --latest>`: restores a backup made by db:backup
// or the scheduled job into the configured database, then copies back the uploaded files the
// backup store holds and DATA_DIR/files lacks (FILE_STORAGE=local). `--latest`: the newest in the
// configured store (BACKUP_STORAGE); `s3:backups/<name>`: one in the S3_* bucket. PGlite: the current
// data directory is kept aside, never deleted. Stop the server first.
import fs from "node:fs";
import path from "node:path";
import { restorePglite, restorePostgres } from "~/db/backup.server";
import { openPglite } from "~/db/client.server";
import {
  backupFileKind,
  configuredBackupSchedule,
  fetchBackup,
  restoreFiles,
  s3BackupStore,
} from "~/features/admin/backups.server";
import { getEnv, resolveDataDir } from "~/lib/env.server";
import { getFileStorage } from "~/platform/files/storage.server";

const source = process.argv[2];
try {
  if (!source) throw new Error("Usage: npm run db:restore -- <backup file | s3:backups/<name> | --latest>");
  const env = getEnv();
  const kind = env.DATABASE_URL ? "postgres" : "pglite";
  const files = getFileStorage();
  const schedule = configuredBackupSchedule(files);
  const backup = await fetchBackup(source, kind, { configured: schedule.store, s3: () => s3BackupStore() });
  try {
    const made = backupFileKind(backup.file);
    if (made !== kind)
      throw new Error(
        made
          ? `This is a backup of the ${made === "pglite" ? "embedded database (PGlite)" : "PostgreSQL database"} and this install runs on ${kind === "pglite" ? "the embedded database" : "PostgreSQL"}.${made === "pglite" ? " To move to PostgreSQL, restore it with DATABASE_URL unset and run npm run db:move-to-postgres (docs/postgresql.md)." : ""}`
          : `${source} is not a backup made by db:backup.`,
      );
    if (env.DATABASE_URL) {
      await restorePostgres(backup.file, env.DATABASE_URL);
      console.log("Restored the PostgreSQL database.");
    } else {
      const dir = path.join(resolveDataDir(env), "pglite");
      // Take the lock first: refused clearly while the server holds the directory.
      const probe = fs.existsSync(dir) ? await openPglite(dir) : null;
      await probe?.close();
      const { movedAside } = await restorePglite(backup.file, dir);
      console.log(
        `Restored the embedded database in ${dir}.${movedAside ? ` The previous data is kept in ${movedAside}.` : ""}`,
      );
    }
  } finally {
    backup.cleanup();
  }
  if (schedule.files) {
    const restored = await restoreFiles(backup.store, schedule.files);
    console.log(`Copied back ${restored} uploaded file(s) from ${backup.store.location}.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
