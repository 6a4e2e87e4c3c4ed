/**
 * Reads kept in memory on the embedded database (read-cache.server.ts): served again while nothing
 * they read is written, read afresh after any write to their tables (through Drizzle, in a
 * transaction, or on the engine itself), never kept for a transaction's handle nor on PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../tests/helpers/factories";
import { getCartAndOwned } from "../features/cart/cart.server";
import { getDbHandle } from "./client.server";
import { cachedRead, tablesRead } from "./read-cache.server";
import { cartItems, enrolments, reviews, users } from "./schema";

const embedded = !process.env.TEST_DATABASE_URL;

/** A cached read of the user's cart lines, with how many times it really read. */
function counted(userId: string) {
  let reads = 0;
  return {
    read: async (db: Parameters<typeof cachedRead>[0]) =>
      cachedRead(db, `test-cart:${userId}`, tablesRead(cartItems), 60_000, async () => {
        reads++;
        return (await db.select().from(cartItems).where(eq(cartItems.userId, userId))).length;
      }),
    reads: () => reads,
  };
}

describe("reads kept in memory", () => {
  it("are served again until one of their tables is written, whoever writes it", async () => {
    const { db, pglite } = await getDbHandle();
    const user = await createUser();
    const [a, b] = [await createProduct({ title: "Kept A" }), await createProduct({ title: "Kept B" })];
    const cart = counted(user.id);
    expect(await cart.read(db)).toBe(0);
    expect(await cart.read(db)).toBe(0);
    // Other tables' writes leave it be (on PostgreSQL nothing is kept: it reads each time).
    await db.update(users).set({ name: "Renamed" }).where(eq(users.id, user.id));
    await db.delete(reviews).where(sql`false`);
    expect(await cart.read(db)).toBe(0);
    expect(cart.reads()).toBe(embedded ? 1 : 3);

    await db.insert(cartItems).values({ userId: user.id, productId: a.id });
    expect(await cart.read(db)).toBe(1);
    await db.transaction(async (tx) => {
      await tx.insert(cartItems).values({ userId: user.id, productId: b.id });
      // A transaction's handle is never served from (nor fills) the memory.
      expect(await cart.read(tx)).toBe(2);
    });
    expect(await cart.read(db)).toBe(2);
    if (pglite) {
      await pglite.query("delete from cart_items where user_id = $1", [user.id]);
      expect(await cart.read(db)).toBe(0);
    }
  });

  it("the cart and what a student owns follow a purchase at once", async () => {
    const { db } = await getDbHandle();
    const user = await createUser();
    const course = await createProduct({ title: "Owned Soon", kind: "course" });
    await db.insert(cartItems).values({ userId: user.id, productId: course.id });
    const before = await getCartAndOwned(db, user.id);
    expect(before.cart.map((i) => i.id)).toEqual([course.id]);
    expect(before.owned.has(course.id)).toBe(false);
    await db.insert(enrolments).values({ userId: user.id, productId: course.id, source: "purchase" });
    const after = await getCartAndOwned(db, user.id);
    expect(after.owned.has(course.id)).toBe(true);
    expect(after.cart).toEqual([]);
  });
});
