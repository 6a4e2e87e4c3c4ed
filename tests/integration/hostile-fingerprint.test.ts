/**
 * The hostile suites' "a refusal stores nothing" check (tests/helpers/hostile.ts) reads a table's
 * fingerprint again only when a statement wrote it (the write counts of tests/helpers/db.ts). These
 * tests hold the check to what it must see: a write inside the request, a write between two checks,
 * a write through an update that changes a row in place, and the restore between tests.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { resetDb } from "../helpers/db";
import { changedTables, dbFingerprint, expectRefusalStoresNothing } from "../helpers/hostile";

const refused = { status: 400, location: null, body: { message: "Not allowed." } };

describe("the refusal check's fingerprint", () => {
  it("fails a refusal that stored a row, and passes one that stored nothing", async () => {
    const db = await getDb();
    await expectRefusalStoresNothing("a clean refusal", async () => refused);
    await expect(
      expectRefusalStoresNothing("a refusal that stores", async () => {
        await db.execute(
          sql`insert into testimonials (quote, name, university, avatar) values ('Hi', 'X', 'Class 12', '/a.png')`,
        );
        return refused;
      }),
    ).rejects.toThrow(/but stored something/);
  });

  it("sees a write made between two fingerprints, an update in place, and the restore after a test", async () => {
    const db = await getDb();
    const first = await dbFingerprint();
    await db.execute(sql`update testimonials set quote = quote || '!' where id = (select min(id) from testimonials)`);
    const second = await dbFingerprint();
    expect(changedTables(first, second)).toEqual(["testimonials"]);
    // Nothing written since: the same fingerprint.
    expect(changedTables(second, await dbFingerprint())).toEqual([]);
    // The restore between tests writes with triggers off; it still counts as a write.
    await resetDb();
    expect(changedTables(first, await dbFingerprint())).toEqual([]);
  });
});
