// `npm run db:backup`: takes a backup now, as the scheduled job does (into BACKUP_STORAGE's store,
// with the uploaded files when FILE_STORAGE=local, pruned and recorded for the dashboard).
// `npm run db:backup -- <file>`: only the database, into that file.
// The embedded database must not be in use by the server (it is refused clearly otherwise).
import path from "node:path";
import { backupDatabase } from "~/db/backup.server";
import { closeDb, getDbHandle } from "~/db/client.server";
import { configuredBackupSchedule, takeBackup } from "~/features/admin/backups.server";
import { getFileStorage } from "~/platform/files/storage.server";

try {
  const handle = await getDbHandle();
  const target = process.argv[2];
  if (target) {
    const file = path.resolve(target);
    const { bytes } = await backupDatabase(handle, file);
    console.log(`Backed up the ${handle.kind} database to ${file} (${bytes} bytes).`);
  } else {
    const schedule = configuredBackupSchedule(getFileStorage());
    const done = await takeBackup(handle, schedule);
    console.log(
      `Backed up the ${handle.kind} database to ${done.location}${done.location?.endsWith("/") ? "" : "/"}${done.file} (${done.bytes} bytes, ${done.filesCopied} new file(s) copied, ${done.deleted.length} old backup(s) deleted).`,
    );
  }
  await closeDb();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
