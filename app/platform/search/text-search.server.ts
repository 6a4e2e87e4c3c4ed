/**
 * How the admin searches match users and orders, at a cost that does not grow with the tables.
 *
 * What an admin types is mostly the start of something: an email or login (`priya.s`,
 * `student1234`, `priya@gmail.com`) or an order number (`CA-000123`, pasted from an email). Such a
 * query is first looked up as a prefix, by a btree index (`lower(email) text_pattern_ops`,
 * `lower(number) text_pattern_ops`, drizzle/0010), which reads only the matching rows. A trigram
 * contains-search (`ilike '%q%'`) is kept for everything else — names, a word in the middle of an
 * email (`sharma`, `@gmail.com`), a query with spaces — and for a prefix-shaped query that nothing
 * starts with: its cost follows how many rows share the query's trigrams (on 1,000,000 generated
 * `studentN@bench.example` emails, every one), so it is the fallback, not the first try.
 * Names are always matched by contains (their trigram index), in both cases.
 */
import { ilike, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders, users } from "~/db/schema";

export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type QueryShape = "order" | "email" | "text";

/** Letters, a dash, then letters, digits and dashes with at least one digit: CA-000123, B-4242, CA-T000001-ab12. */
const ORDER_NUMBER = /^[a-z]{1,3}-[a-z0-9-]*\d[a-z0-9-]*$/i;
/** One word, at most one @ and not at the start: a login, an email or the start of one. */
const EMAIL_LIKE = /^[^\s@]+(@[^\s@]*)?$/;

export function queryShape(q: string): QueryShape {
  if (ORDER_NUMBER.test(q)) return "order";
  if (EMAIL_LIKE.test(q)) return "email";
  return "text";
}

/** `q%` for a prefix LIKE on a lower()-ed column; %, _ and \ in the query match themselves. */
export function prefixPattern(q: string) {
  return `${escapeLike(q.toLowerCase())}%`;
}

/** `%q%` for a contains ILIKE; %, _ and \ in the query match themselves. */
export function containsPattern(q: string) {
  return `%${escapeLike(q)}%`;
}

function emailStartsWith(q: string, email: SQL | typeof users.email = users.email) {
  return sql`lower(${email}) like ${prefixPattern(q)}`;
}

async function anyEmailStartsWith(db: DbOrTx, q: string) {
  const [hit] = await db.select({ one: sql`1` }).from(users).where(emailStartsWith(q)).limit(1);
  return Boolean(hit);
}

/** The users a search matches (a filter on `users`): email prefix or name, else email or name contains. */
export async function userSearchFilter(db: DbOrTx, rawQuery: string): Promise<SQL> {
  const q = rawQuery.trim();
  const byName = ilike(users.name, containsPattern(q));
  if (queryShape(q) !== "text" && (await anyEmailStartsWith(db, q))) return or(emailStartsWith(q), byName)!;
  return or(ilike(users.email, containsPattern(q)), byName)!;
}

/**
 * The orders a search matches (a filter on `orders`): an order number by prefix, the orders of the
 * users whose email starts with the query, else the number or the customer's email contains it
 * (each looked up by its trigram index, then combined).
 */
export async function orderSearchFilter(db: DbOrTx, rawQuery: string): Promise<SQL> {
  const q = rawQuery.trim();
  const shape = queryShape(q);
  if (shape === "order") {
    const byNumber = sql`lower(${orders.number}) like ${prefixPattern(q)}`;
    const [hit] = await db.select({ one: sql`1` }).from(orders).where(byNumber).limit(1);
    if (hit) return byNumber;
  }
  if (shape === "email" && (await anyEmailStartsWith(db, q))) {
    return sql`${orders.userId} in (select u.id from ${users} u where ${emailStartsWith(q, sql`u.email`)})`;
  }
  const like = containsPattern(q);
  return sql`${orders.id} in (select o.id from ${orders} o where o.number ilike ${like}
    union all select o.id from ${orders} o join ${users} u on u.id = o.user_id where u.email ilike ${like})`;
}
