// `npm run db:backup -- [file]`: backs up the configured database (PGlite or PostgreSQL).
// The embedded database must not be in use by the server (it is refused clearly otherwise).
import path from "node:path";
import { backupDatabase } from "~/db/backup.server";
import { closeDb, getDbHandle } from "~/db/client.server";

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
try {
  const handle = await getDbHandle();
  const file = path.resolve(
    process.argv[2] ?? `backups/commerce-academy-${stamp}.${handle.kind === "pglite" ? "tar.gz" : "dump"}`,
  );
  const { bytes } = await backupDatabase(handle, file);
  console.log(`Backed up the ${handle.kind} database to ${file} (${bytes} bytes).`);
  await closeDb();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
