import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { restorePglite } from "~/db/backup.server";
import * as schema from "~/db/schema";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { cookieFor, createTestUser } from "../../../tests/helpers/auth";
import { getTestDb } from "../../../tests/helpers/db";
import { makeRequest, routeCall } from "../../../tests/helpers/route";
import {
  BACKUP_JOB,
  backupDue,
  backupFileName,
  backupJobs,
  backupStatus,
  backupsToDelete,
  dirBackupStore,
  lastBackup,
  takeBackup,
} from "./backups.server";

const HOUR = 3600_000;

/** The owner's dashboard, as the admin layout's guard lets it run. */
async function dashboardOfOwner() {
  const owner = await createTestUser({ role: "admin" });
  const request = makeRequest("/admin", { headers: { cookie: await cookieFor(owner) } });
  return routeCall(dashboardLoader, { request });
}
const at = (iso: string) => backupFileName(new Date(iso), "pglite");

describe("which backups are kept", () => {
  it("the newest of each of the last N days and of the last M weeks; never a file that is not a backup", () => {
    // Two a day for 60 days, ending Thursday 26 Nov 2026.
    const names: string[] = [];
    for (let d = 0; d < 60; d++) {
      const day = new Date(Date.UTC(2026, 10, 26) - d * 24 * HOUR);
      names.push(
        at(new Date(day.getTime() + 2 * HOUR).toISOString()),
        at(new Date(day.getTime() + 14 * HOUR).toISOString()),
      );
    }
    names.push("notes.txt", "commerce-academy-manual.tar.gz");
    // A backup named before names were lower case (object store keys) is still one.
    const older = "commerce-academy-2026-09-01T02-00-00-000Z.tar.gz";
    names.push(older);
    const deleted = new Set(backupsToDelete(names, 7, 4));
    expect(deleted.has(older)).toBe(true);
    names.pop();
    deleted.delete(older);
    const kept = names.filter((n) => !deleted.has(n));
    expect(deleted.has("notes.txt")).toBe(false);
    expect(deleted.has("commerce-academy-manual.tar.gz")).toBe(false);
    const backupsKept = kept
      .filter((n) => n.startsWith("commerce-academy-2026"))
      .sort()
      .reverse();
    // 7 days (20–26 Nov, their 14:00 backups); the weeks of 23 Nov and 16 Nov are already kept by
    // 26 Nov and 22 Nov (Sunday); 15 Nov (the week of 9 Nov) and 8 Nov (the week of 2 Nov) are added.
    expect(backupsKept).toEqual([
      at("2026-11-26T14:00:00.000Z"),
      at("2026-11-25T14:00:00.000Z"),
      at("2026-11-24T14:00:00.000Z"),
      at("2026-11-23T14:00:00.000Z"),
      at("2026-11-22T14:00:00.000Z"),
      at("2026-11-21T14:00:00.000Z"),
      at("2026-11-20T14:00:00.000Z"),
      at("2026-11-15T14:00:00.000Z"),
      at("2026-11-08T14:00:00.000Z"),
    ]);
    expect(backupsToDelete(names, 1, 0).length).toBe(119);
  });

  it("is due with none yet, or once the last is an interval old (less 5 %)", () => {
    const now = Date.parse("2026-11-26T12:00:00.000Z");
    expect(backupDue(null, 24, now)).toBe(true);
    const last = (hoursAgo: number) => ({
      at: new Date(now - hoursAgo * HOUR).toISOString(),
      file: "x",
      bytes: 1,
      ms: 1,
    });
    expect(backupDue(last(23), 24, now)).toBe(true);
    expect(backupDue(last(22), 24, now)).toBe(false);
    expect(backupStatus(null, 24, now).state).toBe("none");
    expect(backupStatus(last(30), 24, now)).toMatchObject({
      state: "ok",
      message: expect.stringContaining("Last backup"),
    });
    expect(backupStatus(last(49), 24, now)).toMatchObject({
      state: "overdue",
      message: expect.stringContaining("overdue"),
    });
    expect(backupStatus(last(1), 0, now)).toMatchObject({ state: "off", message: expect.stringContaining("are off") });
  });
});

describe("a scheduled backup", () => {
  it("writes the whole database, prunes old ones, records itself, and the job skips while it is fresh", async () => {
    const handle = await getTestDb();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backups-"));
    const schedule = { store: dirBackupStore(dir), files: null, intervalHours: 24, keepDaily: 2, keepWeekly: 0 };
    // Three older backups (empty files) and an unrelated file already there.
    for (const iso of ["2026-11-20T01:00:00.000Z", "2026-11-21T01:00:00.000Z", "2026-11-22T01:00:00.000Z"]) {
      fs.writeFileSync(path.join(dir, backupFileName(new Date(iso), handle.kind)), "");
    }
    fs.writeFileSync(path.join(dir, "README.txt"), "mine");
    // One named before backup names were lower case.
    const legacy = `commerce-academy-2026-11-19T01-00-00-000Z.${handle.kind === "pglite" ? "tar.gz" : "dump"}`;
    fs.writeFileSync(path.join(dir, legacy), "");
    expect((await dashboardOfOwner()).backup.state).toBe("none");
    const result = await takeBackup(handle, schedule, new Date("2026-11-26T03:00:00.000Z"));
    expect(result.deleted.sort()).toEqual(
      [
        legacy,
        ...["2026-11-20T01:00:00.000Z", "2026-11-21T01:00:00.000Z"].map((iso) =>
          backupFileName(new Date(iso), handle.kind),
        ),
      ].sort(),
    );
    // (.staging: where the dump is written before it takes its name, on the same disk.)
    expect(fs.readdirSync(dir).sort()).toEqual(
      [result.file, backupFileName(new Date("2026-11-22T01:00:00.000Z"), handle.kind), "README.txt", ".staging"].sort(),
    );
    const file = path.join(dir, result.file);
    expect(fs.statSync(file).size).toBe(result.bytes);
    const head = fs.readFileSync(file).subarray(0, 5);
    if (handle.kind === "pglite") {
      expect([...head.subarray(0, 2)]).toEqual([0x1f, 0x8b]); // gzip
      // It restores into a database with the same orders and products.
      const [orders] = await handle.db.select({ n: count() }).from(schema.orders);
      const [products] = await handle.db.select({ n: count() }).from(schema.products);
      const target = path.join(dir, "restored");
      await restorePglite(file, target);
      const { PGlite } = await import("@electric-sql/pglite");
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      const restored = await PGlite.create(target, { extensions: { pg_trgm } });
      const n = async (table: string) =>
        Number((await restored.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);
      expect(await n("orders")).toBe(orders!.n);
      expect(await n("products")).toBe(products!.n);
      await restored.close();
    } else {
      expect(head.toString("latin1")).toBe("PGDMP"); // pg_dump's custom format
    }
    expect(await lastBackup(handle.db)).toMatchObject({ file: result.file, bytes: result.bytes });
    // The owner's dashboard says when and which.
    const { backup } = await dashboardOfOwner();
    expect(backup.state).toBe("ok");
    expect(backup.message).toContain(result.file);

    // The job: the last backup is fresh, so it skips; with none recorded it backs up.
    const [job] = backupJobs(handle, schedule);
    expect(job?.name).toBe(BACKUP_JOB);
    const ctx = { signal: new AbortController().signal, jobId: "1", retryCount: 0 };
    expect(await job!.run({}, ctx)).toEqual({ skipped: true });
    expect(backupJobs(handle, { ...schedule, intervalHours: 0 })).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
