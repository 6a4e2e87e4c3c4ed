/** Helpers for the checkout tests: carts, coupons and orders written straight to the database. */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { cookieFor, createTestUser, type TestUser } from "./auth";
import { createProduct } from "./factories";

export async function addToCart(userId: string, productIds: number[]) {
  const db = await getDb();
  await db.insert(schema.cartItems).values(productIds.map((productId) => ({ userId, productId })));
}

export async function cartOf(userId: string) {
  const db = await getDb();
  const rows = await db.select().from(schema.cartItems).where(eq(schema.cartItems.userId, userId));
  return rows.map((r) => r.productId).sort((a, b) => a - b);
}

export async function enrolmentsOf(userId: string, opts: { live?: boolean } = {}) {
  const db = await getDb();
  const rows = await db.select().from(schema.enrolments).where(eq(schema.enrolments.userId, userId));
  return opts.live === false ? rows : rows.filter((r) => r.revokedAt === null);
}

export async function createCoupon(overrides: Partial<typeof schema.coupons.$inferInsert> = {}) {
  const db = await getDb();
  const [coupon] = await db
    .insert(schema.coupons)
    .values({ code: "SAVE10", kind: "percent", value: 10, ...overrides })
    .returning();
  return coupon!;
}

export async function getOrder(orderId: string) {
  const db = await getDb();
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  return order!;
}

const cookies = new Map<string, string>();

/** Request options signed in as this user (a real Better Auth session cookie). */
export async function asUser(user: TestUser, init: RequestInit = {}): Promise<RequestInit> {
  let cookie = cookies.get(user.id);
  if (!cookie) {
    cookie = await cookieFor(user);
    cookies.set(user.id, cookie);
  }
  const headers = new Headers(init.headers);
  headers.set("cookie", cookie);
  return { ...init, headers };
}

/** A signed-up buyer with two paid items (₹999.99 course, ₹24.99 note) in the server cart. */
export async function buyerWithCart() {
  const user = await createTestUser({ name: "Asha Verma" });
  const course = await createProduct({ title: "Accountancy Masterclass", kind: "course", pricePaise: 99_999 });
  const note = await createProduct({ title: "Ratio Analysis Notes", kind: "note", pricePaise: 2_499 });
  await addToCart(user.id, [course.id, note.id]);
  return { user, course, note };
}
