/**
 * Reads kept in memory on the embedded database (issue 34). PGlite is opened by one process only
 * (client.server.ts locks its directory), so every write to it passes through this process and is
 * noted by table (./table-writes.server.ts). A read cached with `cachedRead` names the tables it
 * reads; it is served from memory while none of them was written since and it is younger than its
 * time limit (for what changes with the clock alone, such as an access period ending), and read
 * again otherwise.
 *
 * On PostgreSQL other processes write too, so nothing is cached there; nor inside a transaction (the
 * handle of a transaction is not the process's handle).
 */
import { getTableName, type Table } from "drizzle-orm";
import { type Db, type DbOrTx, getDbHandle } from "./client.server";

/** The names of the tables a cached read reads (PostgreSQL's names, as the writes are noted). */
export const tablesRead = (...tables: Table[]): readonly string[] => tables.map((t) => getTableName(t));

/**
 * How long a kept read may be served at most, whatever was written: what changes with the clock alone
 * (an access period ending, "today" turning into tomorrow) shows within this long. Every cached read
 * of the app uses it.
 */
export const READ_MAX_AGE_MS = 30_000;

/**
 * At most this many reads are kept. Every entry is at most 30 s old to be served, so what is worth
 * keeping is what the last 30 s asked for: at this server's ~150 personal pages a second, a few
 * thousand keys. Full, the entries past their time go first, then the rest.
 */
export const MAX_ENTRIES = 5_000;

/**
 * `load()`'s value, kept in memory under `key` on the embedded database while none of `tables` is
 * written and for at most `maxAgeMs`; on PostgreSQL or in a transaction, `load()` every time. The
 * value is shared by every caller: treat it as read-only. `keep(value)` false: this value is served
 * but not kept (a read whose size varies, kept only while it is small).
 */
export async function cachedRead<T>(
  db: DbOrTx,
  key: string,
  tables: readonly string[],
  maxAgeMs: number,
  load: () => Promise<T>,
  { keep }: { keep?: (value: T) => boolean } = {},
): Promise<T> {
  const handle = await getDbHandle();
  const writes = handle.writes;
  if (!writes || (db as Db) !== handle.db) return load();
  const stamp = writes.stamp(tables);
  const now = Date.now();
  const kept = writes.kept;
  const hit = kept.get(key);
  if (hit && hit.stamp === stamp && hit.expires > now) return hit.value as T;
  // The stamp is taken before the read: a write that lands while it runs leaves this entry stale
  // at once, so it is read again next time.
  const value = await load();
  if (keep && !keep(value)) {
    kept.delete(key);
    return value;
  }
  if (kept.size >= MAX_ENTRIES) {
    for (const [k, entry] of kept) if (entry.expires <= now) kept.delete(k);
    if (kept.size >= MAX_ENTRIES) kept.clear();
  }
  kept.set(key, { stamp, expires: now + maxAgeMs, value });
  return value;
}
