import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { snapshotTables } from "~/db/backup.server";
import { openPglite } from "~/db/client.server";
import { ROOT } from "../helpers/server";

function cli(script: string, args: string[], dataDir: string) {
  return spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), script, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
}

describe("npm run db:backup / db:restore on the embedded database", () => {
  it("restores exactly what was backed up and keeps the replaced data aside", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-cli-"));
    expect(cli("scripts/seed.ts", [], dataDir).status).toBe(0);
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
});
