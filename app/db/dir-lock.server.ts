/**
 * PGlite admits one process per data directory; a second one would corrupt it. A lock file in the
 * directory turns that into a clear error instead.
 *
 * The file names its holder by pid and, on Linux, by when that process started (the boot's id and
 * the process's start time in /proc). A lock left by a process that died (`kill -9`, a power cut) is
 * taken over. A pid alone was not enough: after a reboot the dead server's pid is soon some other
 * process's, which looked alive, and the store would not start until someone deleted the file.
 */
import fs from "node:fs";
import path from "node:path";

export const LOCK_FILE = "commerce-academy.lock";

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}), probably the running server. ` +
        "Stop it first, or run this command against PostgreSQL with DATABASE_URL. Nothing was changed.",
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Which process `pid` is, beyond its number: this boot's id and the process's start time (field 22
 * of /proc/<pid>/stat, in clock ticks since boot). Undefined where /proc has neither (not Linux).
 */
export function processIdentity(pid: number): string | undefined {
  try {
    const boot = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and brackets: count from its closing bracket.
    const startTime = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    return startTime ? `${boot}:${startTime}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the lock file's text names a process that still runs (another one than this). */
function heldByAnother(text: string): number | undefined {
  const [pidText, identity] = text.trim().split(/\s+/);
  const holder = Number(pidText);
  if (!Number.isInteger(holder) || holder <= 0 || holder === process.pid || !isAlive(holder)) return undefined;
  // A lock written with the holder's identity: the live process with that pid must be the same one.
  if (identity) {
    const now = processIdentity(holder);
    if (now !== undefined && now !== identity) return undefined;
  }
  return holder;
}

/** Locks `dir` for this process, or throws DatabaseLockedError; returns the release. */
export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, LOCK_FILE);
  const mine = [process.pid, processIdentity(process.pid)].filter(Boolean).join(" ");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === mine) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = heldByAnother(fs.readFileSync(lockPath, "utf8"));
      if (holder !== undefined) throw new DatabaseLockedError(dir, holder);
      fs.rmSync(lockPath, { force: true }); // a stale lock: its process is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
