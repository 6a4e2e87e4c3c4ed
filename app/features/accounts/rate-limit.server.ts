/**
 * Counters for our own forms (per email and per IP), in the shared `rate_limits` table so every
 * app instance sees them. Same row semantics as Better Auth's database storage: `last_request`
 * is the time of the last counted attempt; after `windowSeconds` of quiet the counter restarts.
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

/** Counts one attempt (atomically, in one statement). */
export async function hit(db: DbOrTx, key: string, rule: RateRule): Promise<void> {
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  await db.execute(sql`
    insert into rate_limits (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = ${now}`);
}

/** Highest wait among the keys (0 = allowed). */
export async function firstBlocked(db: DbOrTx, checks: Array<[string, RateRule]>): Promise<number> {
  let wait = 0;
  for (const [key, rule] of checks) wait = Math.max(wait, await retryAfter(db, key, rule));
  return wait;
}

export async function clear(db: DbOrTx, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** The refusal of a limited form: "Too many attempts" (or messages…), and how long to wait. */
export function tooManyMessage(seconds: number, what = "attempts") {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
