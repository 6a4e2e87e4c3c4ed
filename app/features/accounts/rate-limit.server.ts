/**
 * Counters for our own forms (per email and per IP), in the shared `rate_limits` table so every
 * app instance sees them. Same row semantics as Better Auth's database storage: `last_request`
 * is the time of the last counted attempt; after `windowSeconds` of quiet the counter restarts.
 *
 * A limited attempt is reserved before the work it guards (`reserve`): one statement per key
 * counts it only while the key has room, so simultaneous requests cannot all pass a check made
 * before any of them is counted (a burst of log-ins checking more passwords than the limit).
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";

export interface RateRule {
  /** Seconds. Keep ≤ the longest Better Auth window (auth.server.ts), which prunes the table. */
  windowSeconds: number;
  max: number;
}

export const LOGIN_FAILURES_PER_EMAIL: RateRule = { windowSeconds: 900, max: 5 };
export const LOGIN_FAILURES_PER_IP: RateRule = { windowSeconds: 900, max: 20 };
export const SIGNUPS_PER_IP: RateRule = { windowSeconds: 900, max: 10 };
export const RESETS_PER_EMAIL: RateRule = { windowSeconds: 900, max: 3 };
export const RESETS_PER_IP: RateRule = { windowSeconds: 900, max: 10 };
/** Contact form messages stored (contact/contact.server.ts), per IP and per signed-in account. */
export const CONTACT_PER_IP: RateRule = { windowSeconds: 900, max: 5 };
export const CONTACT_PER_ACCOUNT: RateRule = { windowSeconds: 900, max: 5 };
/** Review reports per account (reviews/reviews.server.ts). */
export const REPORTS_PER_ACCOUNT: RateRule = { windowSeconds: 900, max: 5 };

export function rateKey(kind: string, value: string) {
  // Hash so the table holds no email addresses.
  return `ca:${kind}:${crypto.createHash("sha256").update(value.toLowerCase()).digest("hex").slice(0, 32)}`;
}

/** Seconds until the key may try again, or 0 when it is under its limit. */
export async function retryAfter(db: DbOrTx, key: string, rule: RateRule): Promise<number> {
  const rows = await db.execute<{ count: number; last_request: string | number }>(
    sql`select count, last_request from rate_limits where key = ${key}`,
  );
  const row = rows.rows[0];
  if (!row) return 0;
  const last = Number(row.last_request);
  const elapsed = Date.now() - last;
  if (elapsed >= rule.windowSeconds * 1000) return 0;
  if (Number(row.count) < rule.max) return 0;
  return Math.ceil((rule.windowSeconds * 1000 - elapsed) / 1000);
}

/**
 * Counts one attempt on `key` if the key has room, in one statement (so it holds under concurrency
 * and across instances): true when counted, false when the key is at its limit.
 */
async function take(db: DbOrTx, key: string, rule: RateRule): Promise<boolean> {
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  const rows = await db.execute(sql`
    insert into rate_limits (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = ${now}
    where rate_limits.last_request <= ${windowStart} or rate_limits.count < ${rule.max}
    returning count`);
  return rows.rows.length > 0;
}

/** Gives back one attempt taken by `reserve` (the attempt turned out not to count, e.g. a log-in that succeeded). */
export async function release(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/**
 * Reserves one attempt on every key before the guarded work runs: 0 when each key had room (all are
 * counted), else the seconds to wait, with nothing counted. Each key is taken atomically, so N
 * simultaneous requests against a limit of 5 get at most 5 reservations.
 */
export async function reserve(db: DbOrTx, checks: Array<[string, RateRule]>): Promise<number> {
  const taken: string[] = [];
  for (const [key, rule] of checks) {
    if (await take(db, key, rule)) {
      taken.push(key);
      continue;
    }
    for (const done of taken) await release(db, done);
    // The window may have ended between the two statements: still a refusal, of at least a second.
    return Math.max(1, await retryAfter(db, key, rule));
  }
  return 0;
}

export async function clear(db: DbOrTx, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** The refusal of a limited form: "Too many attempts" (or messages…), and how long to wait. */
export function tooManyMessage(seconds: number, what = "attempts") {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
