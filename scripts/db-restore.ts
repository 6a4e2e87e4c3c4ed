// `npm run db:restore -- <file>`: restores a backup made by db:backup into the configured
// database. PGlite: the current data directory is kept aside, never deleted. Stop the server first.
import fs from "node:fs";
import path from "node:path";
import { restorePglite, restorePostgres } from "~/db/backup.server";
import { openPglite } from "~/db/client.server";
import { getEnv, resolveDataDir } from "~/lib/env.server";

const file = process.argv[2];
try {
  if (!file || !fs.existsSync(file)) throw new Error("Usage: npm run db:restore -- <backup file made by db:backup>");
  const env = getEnv();
  if (env.DATABASE_URL) {
    await restorePostgres(path.resolve(file), env.DATABASE_URL);
    console.log("Restored the PostgreSQL database.");
  } else {
    const dir = path.join(resolveDataDir(env), "pglite");
    // Take the lock first: refused clearly while the server holds the directory.
    const probe = fs.existsSync(dir) ? await openPglite(dir) : null;
    await probe?.close();
    const { movedAside } = await restorePglite(path.resolve(file), dir);
    console.log(
      `Restored the embedded database in ${dir}.${movedAside ? ` The previous data is kept in ${movedAside}.` : ""}`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
