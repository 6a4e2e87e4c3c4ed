/**
 * The per-test reset (tests/helpers/db.ts) restores a snapshot of the seeded database instead of
 * reseeding. It must give back exactly the seeded state: every row of every table, and every
 * sequence's next value, whatever a test wrote, updated, deleted or truncated.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { getTestDb, resetDb } from "../helpers/db";
import { createUser } from "../helpers/factories";

/** Row count and an order-independent digest of every public table, and every sequence's state. */
async function fingerprint() {
  const { db } = await getTestDb();
  const tables = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const r = await db.execute<{ n: string; digest: string | null }>(
      sql.raw(
        `select count(*)::text as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as digest from public."${tablename}" t`,
      ),
    );
    out[tablename] = `${r.rows[0]?.n}:${r.rows[0]?.digest}`;
  }
  const seqs = await db.execute<{ sequencename: string; last_value: string | null }>(
    sql`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`,
  );
  for (const s of seqs.rows) out[`seq:${s.sequencename}`] = String(s.last_value);
  return out;
}

describe("test database reset", () => {
  it("gives back exactly the seeded rows and sequences after writes, updates, deletes and a truncate", async () => {
    const before = await fingerprint();
    expect(Object.keys(before).length).toBeGreaterThan(20);
    const { db } = await getTestDb();
    await createUser({ name: "Dirty Writer" });
    await db.update(schema.products).set({ title: "Changed by a test" });
    await db.delete(schema.testimonials);
    await db.execute(sql`truncate ${schema.banners} cascade`);
    const dirty = await fingerprint();
    expect(dirty).not.toEqual(before);

    await resetDb();
    expect(await fingerprint()).toEqual(before);
  });

  it("matches a fresh seed of empty tables, ids included", async () => {
    const restored = await fingerprint();
    await resetDb({ seed: false });
    const { db } = await getTestDb();
    await seedDatabase(db);
    const reseeded = await fingerprint();
    // Timestamps the seed takes from the clock differ between two seeds; compare counts and ids.
    const counts = (f: Record<string, string>) =>
      Object.fromEntries(Object.entries(f).map(([k, v]) => [k, k.startsWith("seq:") ? v : v.split(":")[0]]));
    expect(counts(reseeded)).toEqual(counts(restored));
    await resetDb();
  });
});
