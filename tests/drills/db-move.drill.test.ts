/**
 * Drill: a store on the embedded database (PGlite, in a data directory) with sales moves to an
 * empty PostgreSQL (a fresh install that already started once and seeded itself) without losing
 * anything: every row of every table, the sequences' states, the triggers and keys as migrated;
 * the store then takes new orders on PostgreSQL, and a second move into it is refused.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { snapshotTables } from "~/db/backup.server";
import { type Db, type DbHandle, openPglite, openPostgres, setDbHandle } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { moveDatabase } from "~/db/move.server";
import * as schema from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { createProduct, createUser } from "../helpers/factories";
import { createOrder } from "../helpers/orders";
import { createDrillDatabase } from "../helpers/pg-drill";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-move-"));
const open: DbHandle[] = [];
afterAll(async () => {
  setDbHandle(undefined);
  for (const h of open) await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sequences = async (db: Db) =>
  (
    await db.execute(
      sql`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by sequencename`,
    )
  ).rows;

describe("moving from the embedded database to PostgreSQL", () => {
  it("copies every row and sequence, and PostgreSQL carries on from there", { timeout: 300_000 }, async () => {
    const from = await openPglite(path.join(dir, "pglite"));
    open.push(from);
    await migrate(from);
    await seedDatabase(from.db);
    setDbHandle(from);
    // Sales on the embedded database: invoices, a refund, enrolments, unicode, a null, a jsonb document.
    const note = await createProduct({ kind: "note", pricePaise: 49_900, fileKey: "notes/move.pdf" });
    const course = await createProduct({ kind: "course", pricePaise: 99_900 });
    for (const [i, name] of ["Aarav", "Zoë — टेस्ट", "Meera"].entries()) {
      const buyer = await createUser({ name, image: null });
      const order = await createOrder({
        userId: buyer.id,
        products: [note, course],
        status: i === 1 ? "refunded" : "fulfilled",
        invoiceNumber: `CA/26-27/${String(i + 1).padStart(6, "0")}`,
      });
      await from.db
        .update(schema.orders)
        .set({ invoiceDocument: { number: order.invoiceNumber, buyer: name, lines: [1, 2] } })
        .where(eq(schema.orders.id, order.id));
    }
    await from.db.update(schema.settings).set({ maintenanceMode: true, signatoryName: "Ritu Sharma" });
    const before = await snapshotTables(from.db);
    const seqBefore = await sequences(from.db);
    expect(before["public.orders"]!.length).toBeGreaterThanOrEqual(3);

    // The target: a fresh install that started once (migrated and seeded its sample store).
    const to = await openPostgres(await createDrillDatabase("move"), 2);
    open.push(to);
    await migrate(to);
    await seedDatabase(to.db);
    const lines: string[] = [];
    const moved = await moveDatabase(from, to, (line) => lines.push(line));
    expect(moved.tables.orders).toBe(before["public.orders"]!.length);
    expect(lines).toContain(`orders: ${moved.tables.orders} rows`);

    // Every row of every table (and the migrations' own table), and every sequence.
    expect(await snapshotTables(to.db)).toEqual(before);
    expect(await sequences(to.db)).toEqual(seqBefore);
    // The schema is as migrated again: triggers on, no deferrable keys left behind.
    const schemaState = await to.db.execute<{ off: number; deferrable: number }>(sql`
      select (select count(*)::int from pg_trigger t join pg_class c on c.oid = t.tgrelid
               join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and not t.tgisinternal and t.tgenabled = 'D') as off,
             (select count(*)::int from pg_constraint where contype = 'f' and condeferrable) as deferrable`);
    expect(schemaState.rows[0]).toEqual({ off: 0, deferrable: 0 });

    // The store carries on on PostgreSQL: new ids follow the moved ones, the triggers count again.
    setDbHandle(to);
    const maxEnrolment = Math.max(...before["public.enrolments"]!.map((r) => (r as { id: number }).id));
    const buyer = await createUser({ name: "After the move" });
    const order = await createOrder({ userId: buyer.id, products: [course], status: "fulfilled" });
    const [enrolment] = await to.db
      .select({ id: schema.enrolments.id })
      .from(schema.enrolments)
      .where(eq(schema.enrolments.orderId, order.id));
    expect(enrolment!.id).toBe(maxEnrolment + 1);

    // A second move into a database with orders is refused, and changes nothing.
    const held = await snapshotTables(to.db);
    await expect(moveDatabase(from, to)).rejects.toThrow(/already holds \d+ accounts and [1-9]\d* orders/);
    expect(await snapshotTables(to.db)).toEqual(held);
  });
});
