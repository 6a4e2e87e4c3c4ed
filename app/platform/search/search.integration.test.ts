/** Admin searches (prefix first, contains as the fallback) and keyset paging of the users and orders lists. */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { listUsers, USERS_PAGE_SIZE } from "~/features/accounts/users.server";
import { listOrders, ORDERS_PAGE_SIZE } from "~/features/orders/sales.server";
import { getTestDb } from "../../../tests/helpers/db";
import { createProduct, createUser, removeSampleReviewers } from "../../../tests/helpers/factories";
import { createOrder } from "../../../tests/helpers/orders";
import { decodeCursor, MAX_OFFSET_PAGE } from "./keyset.server";
import { adminSearch } from "./search.server";
import { queryShape } from "./text-search.server";

const emails = async (q: string) => (await listUsers((await getTestDb()).db, { q })).users.map((u) => u.email).sort();

async function people() {
  await removeSampleReviewers(); // the seed's sample reviewers are accounts too: count only the ones made here
  await createUser({ name: "Priya Sharma", email: "priya.sharma@gmail.com" });
  await createUser({ name: "Priyanka Rao", email: "priyanka@yahoo.com" });
  await createUser({ name: "Anu K", email: "anu.priya@gmail.com" });
  await createUser({ name: "Priya Nair", email: "pn@example.com" });
  await createUser({ name: "Ravi Sharma", email: "ravi@example.com" });
  await createUser({ name: "Under Score", email: "a_b@example.com" });
  await createUser({ name: "Not Under", email: "axb@example.com" });
}

describe("user search", () => {
  it("treats a login or email as the start of an email, in any case", async () => {
    await people();
    expect(await emails("Priya.S")).toEqual(["priya.sharma@gmail.com"]);
    expect(await emails("PRIYA.SHARMA@GMAIL.COM")).toEqual(["priya.sharma@gmail.com"]);
    expect(await emails("priyanka@")).toEqual(["priyanka@yahoo.com"]);
    // Emails that start with it, plus everyone whose name contains it.
    expect(await emails("priya")).toEqual(["pn@example.com", "priya.sharma@gmail.com", "priyanka@yahoo.com"]);
  });

  it("falls back to contains for names, the middle of an email and queries nothing starts with", async () => {
    await people();
    expect(await emails("sharma")).toEqual(["priya.sharma@gmail.com", "ravi@example.com"]);
    expect(await emails("Priya Sharma")).toEqual(["priya.sharma@gmail.com"]);
    expect(await emails("rAvI sHaRmA")).toEqual(["ravi@example.com"]);
    expect(await emails("@gmail.com")).toEqual(["anu.priya@gmail.com", "priya.sharma@gmail.com"]);
    expect(await emails("nu.pri")).toEqual(["anu.priya@gmail.com"]);
  });

  it("takes % and _ literally, in both the prefix and the contains search", async () => {
    await people();
    expect(await emails("a_b")).toEqual(["a_b@example.com"]);
    expect(await emails("a_b@EXAMPLE")).toEqual(["a_b@example.com"]);
    expect(await emails("%")).toEqual([]);
    expect(await emails("_")).toEqual(["a_b@example.com"]);
    expect(await emails("a%")).toEqual([]);
    expect(await emails("x%b @")).toEqual([]);
    expect(await emails("\\")).toEqual([]);
  });

  it("classifies queries by shape", () => {
    expect(queryShape("CA-000123")).toBe("order");
    expect(queryShape("b-4242")).toBe("order");
    expect(queryShape("student1234")).toBe("email");
    expect(queryShape("priya@gm")).toBe("email");
    expect(queryShape("Al-Amin")).toBe("email");
    expect(queryShape("@gmail.com")).toBe("text");
    expect(queryShape("Priya Sharma")).toBe("text");
  });
});

async function ordersNumbered(numbers: string[]) {
  const { db } = await getTestDb();
  const product = await createProduct({ title: "Search Test Course", pricePaise: 100 });
  const buyer = await createUser({ name: "Buyer One", email: "buyer.one@example.com" });
  const other = await createUser({ name: "Other Buyer", email: "other@example.com" });
  const made = [];
  for (const [i, number] of numbers.entries()) {
    const order = await createOrder({
      userId: i % 2 ? other.id : buyer.id,
      products: [{ id: product.id, title: product.title, pricePaise: 100 }],
      status: "pending",
    });
    await db.update(schema.orders).set({ number }).where(eq(schema.orders.id, order.id));
    made.push({ ...order, number });
  }
  return made;
}

const numbers = async (q: string) =>
  (await listOrders((await getTestDb()).db, { q })).orders.map((o) => o.number).sort();

describe("order search", () => {
  it("finds an order number by its start, in any case, and literal wildcards only", async () => {
    await ordersNumbered(["CA-004242", "CA-042420", "CA-104242"]);
    expect(await numbers("CA-004242")).toEqual(["CA-004242"]);
    expect(await numbers("ca-004242")).toEqual(["CA-004242"]);
    expect(await numbers("CA-0")).toEqual(["CA-004242", "CA-042420"]);
    expect(await numbers("CA-00_242")).toEqual([]);
    expect(await numbers("CA-00%")).toEqual([]);
  });

  it("falls back to contains for digits, email words and numbers nothing starts with", async () => {
    await ordersNumbered(["CA-004242", "CA-042420", "CA-104242"]);
    expect(await numbers("4242")).toEqual(["CA-004242", "CA-042420", "CA-104242"]);
    expect(await numbers("A-10424")).toEqual(["CA-104242"]);
    expect(await numbers("example.com")).toEqual(["CA-004242", "CA-042420", "CA-104242"]);
  });

  it("finds the orders of the customers whose email starts with the query", async () => {
    await ordersNumbered(["CA-000001", "CA-000002", "CA-000003"]);
    expect(await numbers("Buyer.One@")).toEqual(["CA-000001", "CA-000003"]);
    expect(await numbers("other")).toEqual(["CA-000002"]);
  });

  it("feeds the top-bar search the same way", async () => {
    const [order] = await ordersNumbered(["CA-007777"]);
    const hits = await adminSearch((await getTestDb()).db, "ca-00777");
    expect(hits.map((h) => [h.group, h.label])).toEqual([["Orders", order!.number]]);
    const byEmail = await adminSearch((await getTestDb()).db, "BUYER.ONE");
    expect(byEmail.map((h) => [h.group, h.label])).toEqual([
      ["Users", "Buyer One"],
      ["Orders", "CA-007777"],
    ]);
  });
});

/** Users sharing created_at to the microsecond in groups, as a bulk import makes them. */
async function crowd(n: number) {
  const { db } = await getTestDb();
  await db.execute(sql`
    insert into users (id, name, email, created_at, updated_at)
    select 'crowd-' || lpad(g::text, 3, '0'), 'Crowd ' || g, 'crowd' || g || '@example.com',
           timestamptz '2026-01-01 00:00:00.123456+00' + (g / 7) * interval '1 microsecond', now()
    from generate_series(1, ${n}) g`);
  const all = await db.select({ id: schema.users.id }).from(schema.users).orderBy(sql`created_at desc, id desc`);
  return all.map((u) => u.id);
}

describe("keyset paging", () => {
  it("walks every user once with Next and back with Previous, rows sharing a microsecond included", async () => {
    const { db } = await getTestDb();
    await removeSampleReviewers(); // the seed's sample reviewers are accounts too: count only the ones made here
    const expected = await crowd(3 * USERS_PAGE_SIZE + 7);
    const pages: string[][] = [];
    let page = await listUsers(db, {});
    pages.push(page.users.map((u) => u.id));
    while (page.nextCursor) {
      expect(page.hasNext).toBe(true);
      page = await listUsers(db, { page: page.page + 1, after: page.nextCursor });
      pages.push(page.users.map((u) => u.id));
      expect(page.hasPrevious).toBe(true);
    }
    expect(page.hasNext).toBe(false);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 20, 7]);
    expect(pages.flat()).toEqual(expected);
    // Back from the last page: the same pages in reverse, and the first one knows it is the first.
    const back: string[][] = [];
    while (page.prevCursor) {
      page = await listUsers(db, { page: page.page - 1, before: page.prevCursor });
      back.unshift(page.users.map((u) => u.id));
      expect(page.hasNext).toBe(true);
    }
    expect(page.page).toBe(1);
    expect(page.hasPrevious).toBe(false);
    expect(back).toEqual(pages.slice(0, -1));
  });

  it("keeps a search while paging, and bounds a hand-typed offset page", async () => {
    const { db } = await getTestDb();
    await crowd(2 * USERS_PAGE_SIZE + 3);
    await createUser({ name: "Someone Else", email: "else@example.com" });
    const first = await listUsers(db, { q: "crowd" });
    const second = await listUsers(db, { q: "crowd", page: 2, after: first.nextCursor! });
    const third = await listUsers(db, { q: "crowd", page: 3, after: second.nextCursor! });
    expect([first, second, third].flatMap((p) => p.users.map((u) => u.email)).every((e) => e.startsWith("crowd"))).toBe(
      true,
    );
    expect(third.users).toHaveLength(3);
    expect(third.hasNext).toBe(false);
    // Offset pages without a cursor work up to MAX_OFFSET_PAGE; deeper ones show the first page.
    expect((await listUsers(db, { q: "crowd", page: 2 })).users.map((u) => u.id)).toEqual(
      second.users.map((u) => u.id),
    );
    const deep = await listUsers(db, { page: MAX_OFFSET_PAGE + 1 });
    expect(deep.page).toBe(1);
    expect(deep.users.map((u) => u.id)).toEqual((await listUsers(db, {})).users.map((u) => u.id));
  });

  it("pages orders by keyset both ways and ignores malformed cursors", async () => {
    const { db } = await getTestDb();
    await ordersNumbered(Array.from({ length: ORDERS_PAGE_SIZE + 5 }, (_, i) => `CA-9${String(i).padStart(5, "0")}`));
    const first = await listOrders(db);
    expect(first.orders).toHaveLength(ORDERS_PAGE_SIZE);
    const second = await listOrders(db, { page: 2, after: first.nextCursor! });
    expect(second.orders).toHaveLength(5);
    expect(second.hasNext).toBe(false);
    const back = await listOrders(db, { page: 1, before: second.prevCursor! });
    expect(back.orders.map((o) => o.id)).toEqual(first.orders.map((o) => o.id));
    expect(back.hasPrevious).toBe(false);
    for (const bad of [
      "2026-02-31T00:00:00.000000Z|6f1c3a53-9d1e-4a51-8c2e-0a5c4f7f3b21",
      "2026-01-01T00:00:00Z|not-a-uuid",
      "yesterday|6f1c3a53-9d1e-4a51-8c2e-0a5c4f7f3b21",
      "|",
    ]) {
      expect(decodeCursor(bad, "uuid")).toBeNull();
      expect((await listOrders(db, { page: 2, after: bad })).orders.map((o) => o.id)).toEqual(
        second.orders.map((o) => o.id),
      );
    }
  });
});
