/**
 * The signed-in user's cart on the server. Quantity is always 1 (digital goods); re-adding is a
 * no-op; unpublished items and items the user already owns are refused with a notice.
 * Prices always come from the database.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { cachedRead, READ_MAX_AGE_MS, tablesRead } from "~/db/read-cache.server";
import { bundleItems, cartItems, enrolments, lessons, products } from "~/db/schema";
import { bundleItemsOf, priceBundleLines } from "~/features/catalog/bundles.server";
import { ownedProductIds, ownedProductsSql } from "~/features/learning/access.server";
import { istToday } from "~/lib/dates";

export type ProductKind = "course" | "note" | "pyq" | "test" | "bundle";

export interface CartItem {
  /** The product id. */
  id: number;
  kind: ProductKind;
  title: string;
  pricePaise: number;
  image: string;
  quantity: 1;
}

export interface CartResult {
  items: CartItem[];
  notices: string[];
}

/** Most items one cart can hold (a merge ignores the rest). */
export const MAX_CART_ITEMS = 100;

/** The cart as the client shows it: published items the user does not own, oldest first. */
export async function getCart(db: DbOrTx, userId: string): Promise<CartItem[]> {
  return (await getCartAndOwned(db, userId)).cart;
}

/** What getCartAndOwned reads: on the embedded database it is kept in memory until one is written. */
const CART_AND_OWNED_TABLES = tablesRead(cartItems, products, enrolments, lessons, bundleItems);

/**
 * The cart (as getCart) and the ids of everything the user owns, in one round trip: a signed-in
 * page's personal data (the store layout, GET /api/me) costs one query, and none on the embedded
 * database while nothing it reads was written (db/read-cache.server.ts). Read-only: the value is shared.
 */
export function getCartAndOwned(db: DbOrTx, userId: string): Promise<{ cart: CartItem[]; owned: Set<number> }> {
  return cachedRead(db, `cart-and-owned:${userId}`, CART_AND_OWNED_TABLES, READ_MAX_AGE_MS, () =>
    readCartAndOwned(db, userId),
  );
}

async function readCartAndOwned(db: DbOrTx, userId: string): Promise<{ cart: CartItem[]; owned: Set<number> }> {
  const result = await db.execute<{ owned: number[] | null; cart: CartRow[] | null }>(sql`
    select
      (select array_agg(o.product_id) from ${ownedProductsSql(userId)} o) as owned,
      (select json_agg(json_build_object('id', p.id, 'kind', p.kind, 'title', p.title,
                'pricePaise', p.price_paise, 'image', p.image, 'status', p.status)
              order by c.added_at, p.id)
         from ${cartItems} c join ${products} p on p.id = c.product_id
        where c.user_id = ${userId}) as cart`);
  const row = result.rows[0];
  const owned = new Set((row?.owned ?? []).map(Number));
  const lines = (row?.cart ?? [])
    .filter((r) => r.status === "published" && !owned.has(r.id))
    .map(({ status: _status, ...r }) => ({ ...r, productId: r.id, quantity: 1 as const }));
  // A bundle's line costs what this buyer pays for it (catalog/bundles.ts); one they own entirely is not sold.
  const priced = await priceBundleLines(db, lines, async () => owned);
  const cart = priced.filter((l) => !l.bundle?.offer.allOwned).map(({ productId: _id, bundle: _bundle, ...r }) => r);
  return { cart, owned };
}

interface CartRow extends Omit<CartItem, "quantity"> {
  status: string;
}

/** Adds the products (skipping duplicates) and says why any was refused. */
async function addMany(db: DbOrTx, userId: string, productIds: number[]): Promise<string[]> {
  const ids = [...new Set(productIds)].slice(0, MAX_CART_ITEMS);
  if (!ids.length) return [];
  const notices: string[] = [];
  const found = await db
    .select({
      id: products.id,
      title: products.title,
      status: products.status,
      kind: products.kind,
      accessUntil: products.accessUntil,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  const current = await db
    .select({ productId: cartItems.productId, kind: products.kind, title: products.title })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId));
  // Bundles (issue 36) being added or in the cart, with their items: a bundle is never in a cart with
  // one of its own items, and one whose items the user owns entirely is not sold to them.
  const bundleIds = [...found.filter((p) => p.kind === "bundle"), ...current.filter((c) => c.kind === "bundle")].map(
    (p) => ("id" in p ? p.id : p.productId),
  );
  const bundles = await bundleItemsOf(db, [...new Set(bundleIds)]);
  const bundleItemIds = [...bundles.values()].flat().map((i) => i.id);
  const owned = await ownedProductIds(db, userId, [...ids, ...bundleItemIds]);
  let room = MAX_CART_ITEMS - current.length;
  const existing = new Set(current.map((c) => c.productId));
  const toInsert: number[] = [];
  for (const id of ids) {
    const product = byId.get(id);
    if (product?.status !== "published") {
      notices.push(product ? `"${product.title}" is no longer available.` : "An item is no longer available.");
      continue;
    }
    // Sold with access until a day that has passed (issue 36): it would give nothing until the owner moves it.
    if (product.accessUntil && product.accessUntil < istToday()) {
      notices.push(`"${product.title}" is not on sale now: its access period has ended.`);
      continue;
    }
    if (owned.has(id)) {
      notices.push(`You already own "${product.title}", so it was removed from your cart.`);
      continue;
    }
    if (existing.has(id)) continue;
    const items = bundles.get(id);
    if (items?.length && items.every((i) => owned.has(i.id))) {
      notices.push(`You already own everything in "${product.title}".`);
      continue;
    }
    const inBundle = current.find((c) => bundles.get(c.productId)?.some((i) => i.id === id));
    if (inBundle) {
      notices.push(`"${product.title}" is part of "${inBundle.title}" in your cart.`);
      continue;
    }
    if (items) {
      const replaced = current.filter((c) => items.some((i) => i.id === c.productId));
      if (replaced.length) {
        await db.delete(cartItems).where(
          and(
            eq(cartItems.userId, userId),
            inArray(
              cartItems.productId,
              replaced.map((r) => r.productId),
            ),
          ),
        );
        for (const r of replaced) {
          notices.push(`"${r.title}" is part of "${product.title}", so it was removed from your cart.`);
          existing.delete(r.productId);
          room++;
        }
      }
    }
    if (room <= 0) {
      notices.push("Your cart is full.");
      break;
    }
    room--;
    toInsert.push(id);
  }
  if (toInsert.length) {
    await db
      .insert(cartItems)
      .values(toInsert.map((productId) => ({ userId, productId })))
      .onConflictDoNothing();
  }
  // Owned items may already sit in the cart (bought elsewhere): drop them.
  if (owned.size) {
    await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, [...owned])));
  }
  return notices;
}

export async function addToCart(db: DbOrTx, userId: string, productId: number): Promise<CartResult> {
  const notices = await addMany(db, userId, [productId]);
  return { items: await getCart(db, userId), notices };
}

/** Merges the guest cart (product ids from `cart-storage`) into the user's cart on login. */
export async function mergeIntoCart(db: DbOrTx, userId: string, productIds: number[]): Promise<CartResult> {
  const notices = await addMany(db, userId, productIds);
  return { items: await getCart(db, userId), notices };
}

export async function removeFromCart(db: DbOrTx, userId: string, productId: number): Promise<CartResult> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return { items: await getCart(db, userId), notices: [] };
}

export async function clearCart(db: DbOrTx, userId: string): Promise<CartResult> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  return { items: [], notices: [] };
}
