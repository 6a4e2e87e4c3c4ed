/**
 * Scheduled backups (issue 37): a job on the queue takes a backup of the whole database every
 * BACKUP_INTERVAL_HOURS (PGlite: its data directory as a gzip tarball; PostgreSQL: pg_dump's custom
 * format; db/backup.server.ts) into the backup store (BACKUP_STORAGE: BACKUP_DIR, or the S3_* bucket
 * under `backups/`), keeps the newest of each of the last BACKUP_KEEP_DAILY days and
 * BACKUP_KEEP_WEEKLY weeks, deletes the rest, and records the last good one in app_meta, which the
 * dashboard and /metrics show. One job per interval for all instances.
 * With FILE_STORAGE=local the uploaded files are copied too, under `files/` in the same store, each
 * key once (keys are never reused; a copied file is never deleted by the pruning), so every retained
 * backup finds its files. With FILE_STORAGE=s3 the bucket is the files' own backup (docs/running.md).
 * `npm run db:restore -- <file | s3:backups/<name> | --latest>` restores one (docs/running.md).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { backupDatabase } from "~/db/backup.server";
import type { Db, DbHandle } from "~/db/client.server";
import { LAST_BACKUP_KEY } from "~/db/meta-keys";
import * as schema from "~/db/schema";
import { formatDateTime } from "~/lib/dates";
import { backupSchedule as backupSettings, getEnv } from "~/lib/env.server";
import {
  createConfiguredS3Storage,
  createLocalStorage,
  type FileStorage,
  putFile,
} from "~/platform/files/storage.server";
import type { JobDefinition } from "~/platform/jobs/queue.server";

export const BACKUP_JOB = "db.backup";
// Lower case (an object store key), but an older upper-case name is still a backup to keep or prune.
const NAME = /^commerce-academy-(\d{4})-(\d{2})-(\d{2})t(\d{2})-(\d{2})-(\d{2})-(\d{3})z\.(tar\.gz|dump)$/i;
/** Where the copies of the uploaded files go inside a backup store. */
export const FILES_PREFIX = "files/";

export interface LastBackup {
  /** ISO time the backup finished. */
  at: string;
  file: string;
  /** The store it went to (a folder, or s3://bucket/backups/); absent in records before BACKUP_STORAGE. */
  location?: string;
  bytes: number;
  ms: number;
  /** Uploaded files copied into the store by this backup (FILE_STORAGE=local). */
  filesCopied?: number;
}

/** The backup file's name for a time: sorts by time, and says which database made it. */
export function backupFileName(at: Date, kind: DbHandle["kind"]): string {
  return `commerce-academy-${at.toISOString().replace(/[:.]/g, "-").toLowerCase()}.${kind === "pglite" ? "tar.gz" : "dump"}`;
}

/** Whether a name is a backup's, and of which database. */
export function backupKind(name: string): DbHandle["kind"] | undefined {
  const m = NAME.exec(name);
  return m ? (m[8] === "dump" ? "postgres" : "pglite") : undefined;
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

/**
 * Where backups are kept: a folder, or a bucket under `backups/`. Names are a backup's file name, or
 * `files/<key>` for a copied upload.
 */
export interface BackupStore {
  /** For people: the folder, or s3://bucket/backups/. */
  readonly location: string;
  /** Names starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Stores a complete file from disk under `name`. */
  save(name: string, file: string): Promise<void>;
  /** Writes `name` to the file `to`; false when there is no such backup. */
  download(name: string, to: string): Promise<boolean>;
  delete(name: string): Promise<void>;
  /** The stored file as a stream, or null (copies a file back on restore). */
  read: FileStorage["get"];
  /** A folder on the store's own disk to write a backup in before `save` (a dir store); else the temp dir. */
  readonly stagingDir?: string;
}

/** A backup store over a file storage (local folder or S3 bucket) that can list its keys. */
export function backupStoreOn(
  storage: FileStorage,
  prefix: string,
  location: string,
  stagingDir?: string,
): BackupStore {
  const list = storage.list;
  if (!list) throw new Error(`The ${storage.kind} storage cannot list its files: it cannot hold backups`);
  return {
    location,
    async list(p) {
      return (await list(prefix + p)).map((key) => key.slice(prefix.length));
    },
    save: (name, file) => putFile(storage, prefix + name, file),
    async download(name, to) {
      const stored = await storage.get(prefix + name);
      if (!stored) return false;
      fs.mkdirSync(path.dirname(path.resolve(to)), { recursive: true });
      await pipeline(stored.stream, fs.createWriteStream(to));
      return true;
    },
    delete: (name) => storage.delete(prefix + name),
    read: (name) => storage.get(prefix + name),
    stagingDir,
  };
}

export function dirBackupStore(dir: string): BackupStore {
  const root = path.resolve(dir);
  // A dump is staged on the same disk (a tmpfs /tmp may be too small for it).
  const store = backupStoreOn(createLocalStorage(root), "", root, path.join(root, ".staging"));
  // A backup named before names were lower case is no storage key: reached by its path (the name
  // pattern admits no other character, so never outside the folder).
  const legacy = (name: string) => NAME.test(name) && name !== name.toLowerCase();
  return {
    ...store,
    delete: (name) => (legacy(name) ? fs.promises.rm(path.join(root, name), { force: true }) : store.delete(name)),
    async read(name) {
      if (!legacy(name)) return store.read(name);
      return fs.existsSync(path.join(root, name)) ? { stream: fs.createReadStream(path.join(root, name)) } : null;
    },
    async download(name, to) {
      if (!legacy(name)) return store.download(name, to);
      if (!fs.existsSync(path.join(root, name))) return false;
      await fs.promises.copyFile(path.join(root, name), to);
      return true;
    },
  };
}

/** The bucket of the S3_* settings, under `backups/`. */
export function s3BackupStore(
  storage: FileStorage = createConfiguredS3Storage(),
  bucket: string = getEnv().S3_BUCKET ?? "",
): BackupStore {
  return backupStoreOn(storage, "backups/", `s3://${bucket}/backups/`);
}

export interface BackupSchedule {
  store: BackupStore;
  /** The uploaded files to copy into the store with each backup: FILE_STORAGE=local's; null with s3. */
  files: FileStorage | null;
  intervalHours: number;
  keepDaily: number;
  keepWeekly: number;
}

/** The configured store (BACKUP_STORAGE), and the files to copy when they live on this machine. */
export function configuredBackupSchedule(files: FileStorage): BackupSchedule {
  const env = getEnv();
  const settings = backupSettings(env);
  return {
    store: settings.storage === "s3" ? s3BackupStore() : dirBackupStore(settings.dir),
    files: env.FILE_STORAGE === "local" ? files : null,
    intervalHours: settings.intervalHours,
    keepDaily: settings.keepDaily,
    keepWeekly: settings.keepWeekly,
  };
}

/** Copies one stored file from a storage to another through a temporary file (large videos too). */
async function copyThroughDisk(
  read: FileStorage["get"],
  key: string,
  write: (file: string) => Promise<void>,
  tmpDir = os.tmpdir(),
): Promise<boolean> {
  const stored = await read(key);
  if (!stored) return false;
  fs.mkdirSync(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `ca-copy-${randomUUID()}`);
  try {
    await pipeline(stored.stream, fs.createWriteStream(tmp));
    await write(tmp);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return true;
}

/** Copies into the store every uploaded file it does not hold yet; returns how many. */
export async function backupFiles(files: FileStorage, store: BackupStore): Promise<number> {
  if (!files.list) throw new Error(`The ${files.kind} file storage cannot list its files`);
  const have = new Set(await store.list(FILES_PREFIX));
  let copied = 0;
  for (const key of await files.list("")) {
    if (have.has(FILES_PREFIX + key)) continue;
    if (await copyThroughDisk(files.get, key, (tmp) => store.save(FILES_PREFIX + key, tmp), store.stagingDir)) copied++;
  }
  return copied;
}

/** Copies back from the store every uploaded file the file storage lacks (never overwrites); returns how many. */
export async function restoreFiles(store: BackupStore, files: FileStorage): Promise<number> {
  let restored = 0;
  for (const name of await store.list(FILES_PREFIX)) {
    const key = name.slice(FILES_PREFIX.length);
    if (await files.exists(key)) continue;
    if (await copyThroughDisk(store.read, name, (tmp) => putFile(files, key, tmp))) restored++;
  }
  return restored;
}

/** The newest backup in the store (of one database kind when given), or null. */
export async function latestBackup(store: BackupStore, kind?: DbHandle["kind"]): Promise<string | null> {
  const names = (await store.list("commerce-academy-")).filter((n) => {
    const k = backupKind(n);
    return k !== undefined && (!kind || k === kind);
  });
  return names.sort((a, b) => (timeOf(b) ?? 0) - (timeOf(a) ?? 0))[0] ?? null;
}

/** Takes one backup now (database, then the files it refers to), prunes the old ones and records it. */
export async function takeBackup(handle: DbHandle, schedule: BackupSchedule, now = new Date()) {
  const { store } = schedule;
  const file = backupFileName(now, handle.kind);
  const started = performance.now();
  const stagingRoot = store.stagingDir ?? os.tmpdir();
  fs.mkdirSync(stagingRoot, { recursive: true });
  const staging = fs.mkdtempSync(path.join(stagingRoot, "ca-backup-"));
  let bytes: number;
  try {
    const local = path.join(staging, file);
    ({ bytes } = await backupDatabase(handle, local));
    await store.save(file, local);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  // After the database: a file uploaded meanwhile is copied too, and every file it names is there.
  const filesCopied = schedule.files ? await backupFiles(schedule.files, store) : 0;
  const last: LastBackup = {
    at: new Date().toISOString(),
    file,
    location: store.location,
    bytes,
    ms: Math.round(performance.now() - started),
    filesCopied,
  };
  const deleted = backupsToDelete(await store.list("commerce-academy-"), schedule.keepDaily, schedule.keepWeekly);
  for (const name of deleted) await store.delete(name);
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

/** A backup to restore, on this disk: `file`, and the store its files are copied back from. */
export interface FetchedBackup {
  file: string;
  store: BackupStore;
  /** Removes the downloaded copy (nothing for a file given by its path). */
  cleanup(): void;
}

/**
 * The backup named on db:restore's command line, as a file on this disk: `--latest` (the newest of
 * this database's kind in the configured store), `s3:backups/<name>` (from the S3_* bucket), or a
 * path. A download goes to a temporary folder, removed by `cleanup`.
 */
export async function fetchBackup(
  source: string,
  kind: DbHandle["kind"],
  stores: { configured: BackupStore; s3: () => BackupStore },
): Promise<FetchedBackup> {
  const download = async (store: BackupStore, name: string): Promise<FetchedBackup> => {
    const dir = fs.mkdtempSync(path.join(store.stagingDir ?? os.tmpdir(), "ca-restore-"));
    const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
    const file = path.join(dir, name.replace(/\//g, "_"));
    try {
      if (!(await store.download(name, file))) throw new Error(`There is no backup ${name} in ${store.location}.`);
    } catch (error) {
      cleanup();
      throw error;
    }
    return { file, store, cleanup };
  };
  if (source === "--latest") {
    const name = await latestBackup(stores.configured, kind);
    if (!name) throw new Error(`There is no ${kind} backup in ${stores.configured.location}.`);
    return download(stores.configured, name);
  }
  if (source.startsWith("s3:")) {
    const key = source.slice(3);
    if (!key.startsWith("backups/") || key.length === "backups/".length)
      throw new Error("Name a backup in the bucket as s3:backups/<name> (see the dashboard's Backups card).");
    return download(stores.s3(), key.slice("backups/".length));
  }
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new Error(`There is no backup file ${source}.`);
  return { file: path.resolve(source), store: stores.configured, cleanup() {} };
}

/** Which database made a backup file, by its first bytes (gzip: PGlite's tarball; PGDMP: pg_dump). */
export function backupFileKind(file: string): DbHandle["kind"] | undefined {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
    if (head.toString("latin1") === "PGDMP") return "postgres";
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
