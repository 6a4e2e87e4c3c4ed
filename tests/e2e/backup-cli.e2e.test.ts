import fs from "node:fs";
import path from "node:path";
import { snapshotTables } from "~/db/backup.server";
import { openPglite } from "~/db/client.server";
import { describe, expect, freshInstall, it } from "../helpers/fixtures";
import { runScript } from "../helpers/server";

function cli(script: string, args: string[], dataDir: string) {
  return runScript(script, args, { env: { DATA_DIR: dataDir, DATABASE_URL: "" } });
}

describe("npm run db:backup / db:restore on the embedded database", () => {
  it("restores exactly what was backed up and keeps the replaced data aside", async () => {
    // A seeded install: a copy of the run's template (what scripts/seed.ts and the first start make).
    const dataDir = await freshInstall();
    const pgliteDir = path.join(dataDir, "pglite");
    let handle = await openPglite(pgliteDir);
    const before = await snapshotTables(handle.db);
    await handle.close();

    const file = path.join(dataDir, "backup.tar.gz");
    const backup = cli("scripts/db-backup.ts", [file], dataDir);
    expect(backup.stdout).toMatch(/Backed up the pglite database/);
    expect(backup.status).toBe(0);

    handle = await openPglite(pgliteDir);
    await handle.db.execute("delete from testimonials");
    await handle.close();

    const restore = cli("scripts/db-restore.ts", [file], dataDir);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/previous data is kept in/);

    handle = await openPglite(pgliteDir);
    try {
      expect(await snapshotTables(handle.db)).toEqual(before);
    } finally {
      await handle.close();
    }
    expect(cli("scripts/db-restore.ts", ["/no/such/file"], dataDir).status).not.toBe(0);
  });

  it("without a file: backs up like the scheduled job, files too, and --latest restores both", async () => {
    // A seeded install: a copy of the run's template (what scripts/seed.ts and the first start make).
    const dataDir = await freshInstall();
    const upload = path.join(dataDir, "files", "notes", "cli-note.pdf");
    fs.mkdirSync(path.dirname(upload), { recursive: true });
    fs.writeFileSync(upload, "%PDF-1.4 the owner's note");
    // With the seed's sample files (covers, notes).
    const uploads = fs
      .readdirSync(path.join(dataDir, "files"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile()).length;
    const backup = cli("scripts/db-backup.ts", [], dataDir);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(
        String.raw`Backed up the pglite database to .*backups/commerce-academy-.*\.tar\.gz .*, ${uploads} new file\(s\) copied`,
      ),
    );
    expect(fs.readFileSync(path.join(dataDir, "backups", "files", "notes", "cli-note.pdf"), "utf8")).toBe(
      "%PDF-1.4 the owner's note",
    );

    const pgliteDir = path.join(dataDir, "pglite");
    let handle = await openPglite(pgliteDir);
    const before = await snapshotTables(handle.db);
    await handle.db.execute("delete from testimonials");
    await handle.close();
    fs.rmSync(path.join(dataDir, "files"), { recursive: true });

    const restore = cli("scripts/db-restore.ts", ["--latest"], dataDir);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Copied back ${uploads} uploaded file(s)`);
    expect(fs.readFileSync(upload, "utf8")).toBe("%PDF-1.4 the owner's note");
    handle = await openPglite(pgliteDir);
    try {
      const after = await snapshotTables(handle.db);
      // The backup was recorded after the dump was taken.
      before["public.app_meta"] = before["public.app_meta"]!.filter(
        (r) => (r as { key: string }).key !== "last_backup",
      );
      expect(after).toEqual(before);
    } finally {
      await handle.close();
    }
    // A PostgreSQL install refuses the embedded database's backup, and says how to move instead.
    const wrong = runScript("scripts/db-restore.ts", ["--latest"], {
      env: { DATA_DIR: dataDir, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
    });
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toMatch(/no postgres backup in/);
  });
});
