// `npm run db:move-to-postgres -- <postgres-url>`: copies the embedded database (DATA_DIR/pglite)
// into an empty PostgreSQL database, migrated to the same schema first (db/move.server.ts).
// Stop the server first (the embedded database admits one process and is refused otherwise).
// Then start with DATABASE_URL=<postgres-url>. docs/postgresql.md, "Moving from the embedded database".
import fs from "node:fs";
import path from "node:path";
import { openPglite, openPostgres } from "~/db/client.server";
import { moveDatabase } from "~/db/move.server";
import { getEnv, resolveDataDir } from "~/lib/env.server";

const url = process.argv[2];
try {
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    throw new Error("Usage: npm run db:move-to-postgres -- postgres://user:password@host:5432/database");
  const dir = path.join(resolveDataDir(getEnv()), "pglite");
  if (!fs.existsSync(dir)) throw new Error(`There is no embedded database in ${dir} (DATA_DIR).`);
  const from = await openPglite(dir);
  const to = await openPostgres(url, 2);
  try {
    const started = performance.now();
    const moved = await moveDatabase(from, to, (line) => console.log(`  ${line}`));
    const total = Object.values(moved.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Copied ${total} rows of ${Object.keys(moved.tables).length} tables and ${moved.sequences} sequences in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (moved.pendingJobs > 0)
      console.log(
        `${moved.pendingJobs} job(s) were still waiting in the embedded database's queue and were not copied (the recurring ones are scheduled again on start).`,
      );
    console.log("Now start the store with DATABASE_URL set to that database; the embedded one is left as it was.");
  } finally {
    await from.close();
    await to.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
