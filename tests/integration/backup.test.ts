import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backupDatabase, restorePglite, restorePostgres, snapshotTables } from "~/db/backup.server";
import { openPglite, openPostgres } from "~/db/client.server";
import * as schema from "~/db/schema";
import { getTestDb } from "../helpers/db";
import { createUser } from "../helpers/factories";

describe("backup and restore", () => {
  it("round-trips every table of the database", { timeout: 180_000 }, async () => {
    const handle = await getTestDb();
    // Some data beyond the seed, with unicode and a null, to make the comparison meaningful.
    const user = await createUser({ name: "Zoë Saxena — टेस्ट", image: null });
    await handle.db.insert(schema.contactMessages).values({ name: user.name, email: user.email, message: "Hi ✓" });
    await handle.db.update(schema.settings).set({ maintenanceMode: true }).where(eq(schema.settings.id, 1));
    if (handle.kind === "postgres") {
      // The job queue's tables are partitioned (pg-boss), which pg_restore --clean alone cannot replace.
      await handle.db.execute(sql`create schema if not exists pgboss`);
      await handle.db.execute(
        sql`create table if not exists pgboss.backup_probe (name text, id int, primary key (name, id)) partition by list (name)`,
      );
      await handle.db.execute(
        sql`create table if not exists pgboss.backup_probe_p partition of pgboss.backup_probe for values in ('probe')`,
      );
      await handle.db.execute(sql`insert into pgboss.backup_probe values ('probe', 1) on conflict do nothing`);
    }
    const before = await snapshotTables(handle.db);
    expect(Object.keys(before).length).toBeGreaterThan(15);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-backup-"));
    const file = path.join(dir, handle.kind === "pglite" ? "backup.tar.gz" : "backup.dump");
    const { bytes } = await backupDatabase(handle, file);
    expect(bytes).toBeGreaterThan(1000);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    if (handle.kind === "pglite") {
      const target = path.join(dir, "pglite");
      fs.mkdirSync(target);
      fs.writeFileSync(path.join(target, "marker"), "old data");
      const { movedAside } = await restorePglite(file, target);
      expect(movedAside && fs.readFileSync(path.join(movedAside, "marker"), "utf8")).toBe("old data");
      const restored = await openPglite(target);
      try {
        expect(await snapshotTables(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    } else {
      // Restore into the same database after changing it: the change must be undone.
      await handle.db.delete(schema.contactMessages);
      await restorePostgres(file, handle.url!);
      const fresh = await openPostgres(handle.url!, 1);
      try {
        expect(await snapshotTables(fresh.db)).toEqual(before);
        expect((await fresh.db.execute(sql`select name from pgboss.backup_probe`)).rows).toEqual([{ name: "probe" }]);
      } finally {
        await fresh.db.execute(sql`drop table if exists pgboss.backup_probe`);
        await fresh.close();
      }
    }
  });
});
