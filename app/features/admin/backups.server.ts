/**
 * Scheduled backups (issue 37): a job on the queue takes a backup of the whole database every
 * BACKUP_INTERVAL_HOURS (PGlite: its data directory as a gzip tarball; PostgreSQL: pg_dump's custom
 * format; db/backup.server.ts) into BACKUP_DIR, keeps the newest of each of the last
 * BACKUP_KEEP_DAILY days and BACKUP_KEEP_WEEKLY weeks, deletes the rest, and records the last good
 * one in app_meta, which the dashboard and /metrics show. One job per interval for all instances.
 * `npm run db:restore -- <file>` restores one (docs/running.md).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { backupDatabase } from "~/db/backup.server";
import type { Db, DbHandle } from "~/db/client.server";
import { LAST_BACKUP_KEY } from "~/db/meta-keys";
import * as schema from "~/db/schema";
import { formatDateTime } from "~/lib/dates";
import type { JobDefinition } from "~/platform/jobs/queue.server";

export const BACKUP_JOB = "db.backup";
const NAME = /^commerce-academy-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.(tar\.gz|dump)$/;

export interface LastBackup {
  /** ISO time the backup finished. */
  at: string;
  file: string;
  bytes: number;
  ms: number;
}

/** The backup file's name for a time: sorts by time, and says which database made it. */
export function backupFileName(at: Date, kind: DbHandle["kind"]): string {
  return `commerce-academy-${at.toISOString().replace(/[:.]/g, "-")}.${kind === "pglite" ? "tar.gz" : "dump"}`;
}

function timeOf(name: string): number | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, ms] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms));
}

/**
 * Which of the backup files in a folder to delete: kept are the newest of each of the `daily` most
 * recent days that have one, and the newest of each of the `weekly` most recent weeks (weeks start
 * on Monday, UTC). Files that are not backups by name are never touched.
 */
export function backupsToDelete(names: string[], daily: number, weekly: number): string[] {
  const backups = names
    .map((name) => ({ name, at: timeOf(name) }))
    .filter((b): b is { name: string; at: number } => b.at !== undefined)
    .sort((a, b) => b.at - a.at);
  const keep = new Set<string>();
  const newestOf = (period: (at: number) => number, count: number) => {
    const seen = new Set<number>();
    for (const b of backups) {
      const p = period(b.at);
      if (seen.has(p)) continue;
      if (seen.size >= count) break;
      seen.add(p);
      keep.add(b.name);
    }
  };
  const DAY = 86_400_000;
  newestOf((at) => Math.floor(at / DAY), daily);
  // 1970-01-01 was a Thursday: shifted by 3 days, weeks start on Monday.
  newestOf((at) => Math.floor((at / DAY + 3) / 7), weekly);
  return backups.filter((b) => !keep.has(b.name)).map((b) => b.name);
}

export interface BackupSchedule {
  dir: string;
  intervalHours: number;
  keepDaily: number;
  keepWeekly: number;
}

/** Takes one backup now, prunes the old ones and records it. */
export async function takeBackup(handle: DbHandle, schedule: BackupSchedule, now = new Date()) {
  fs.mkdirSync(schedule.dir, { recursive: true });
  const file = backupFileName(now, handle.kind);
  const started = performance.now();
  const { bytes } = await backupDatabase(handle, path.join(schedule.dir, file));
  const last: LastBackup = { at: new Date().toISOString(), file, bytes, ms: Math.round(performance.now() - started) };
  const deleted = backupsToDelete(fs.readdirSync(schedule.dir), schedule.keepDaily, schedule.keepWeekly);
  for (const name of deleted) fs.rmSync(path.join(schedule.dir, name), { force: true });
  const value = JSON.stringify(last);
  await handle.db
    .insert(schema.appMeta)
    .values({ key: LAST_BACKUP_KEY, value })
    .onConflictDoUpdate({ target: schema.appMeta.key, set: { value, updatedAt: new Date() } });
  return { ...last, deleted };
}

/** The last good backup, or null before the first. */
export async function lastBackup(db: Db): Promise<LastBackup | null> {
  const [row] = await db
    .select({ value: schema.appMeta.value })
    .from(schema.appMeta)
    .where(eq(schema.appMeta.key, LAST_BACKUP_KEY));
  if (!row) return null;
  try {
    return JSON.parse(row.value) as LastBackup;
  } catch {
    return null;
  }
}

/** Whether a backup is due: none yet, or the last is older than the interval (less 5 %, for the hourly ask). */
export function backupDue(last: LastBackup | null, intervalHours: number, now = Date.now()): boolean {
  if (!last) return true;
  const at = Date.parse(last.at);
  return !Number.isFinite(at) || now - at >= intervalHours * 3600_000 * 0.95;
}

/** The backup job for the queue; none when BACKUP_INTERVAL_HOURS is 0. */
export function backupJobs(handle: DbHandle, schedule: BackupSchedule): JobDefinition[] {
  if (schedule.intervalHours <= 0) return [];
  return [
    {
      name: BACKUP_JOB,
      queue: { policy: "stately", retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 60 * 60 },
      // Asked for every hour (one job an hour for all instances); it backs up once the last good
      // backup is an interval old, so restarts do not put the next backup off.
      every: { seconds: Math.min(3600, Math.round(schedule.intervalHours * 3600)) },
      pollingIntervalSeconds: 60,
      async run() {
        if (!backupDue(await lastBackup(handle.db), schedule.intervalHours)) return { skipped: true };
        return await takeBackup(handle, schedule);
      },
    },
  ];
}

/** What the dashboard says of the backups: off, none yet, the last good one, or overdue (two intervals). */
export function backupStatus(
  last: LastBackup | null,
  intervalHours: number,
  now = Date.now(),
): { state: "off" | "none" | "ok" | "overdue"; message: string } {
  if (intervalHours <= 0) {
    const since = last ? ` The last was taken ${formatDateTime(last.at)}.` : "";
    return { state: "off", message: `Scheduled backups are off (BACKUP_INTERVAL_HOURS=0).${since}` };
  }
  if (!last)
    return { state: "none", message: "No backup yet: the first is taken within an hour of the server's start." };
  const size =
    last.bytes >= 1024 * 1024 ? `${(last.bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(last.bytes / 1024)} KB`;
  const said = `Last backup ${formatDateTime(last.at)} (${size}, ${last.file}).`;
  const overdue = now - Date.parse(last.at) > 2 * intervalHours * 3600_000;
  return overdue
    ? { state: "overdue", message: `${said} The next is overdue: check the server's log for "job db.backup failed".` }
    : { state: "ok", message: said };
}
