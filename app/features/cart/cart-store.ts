/**
 * The cart's pure rules (spec §4): quantity is always 1, re-adding is a no-op,
 * removing is by id. The guest cart lives in localStorage under "cart-storage"
 * in the shape `{ state: { items }, version: 0 }`, read defensively.
 */
export const CART_STORAGE_KEY = "cart-storage";
/** Signed in: the ids of the server cart as a tab last saw it; a change tells the other tabs to read it again. */
export const CART_SYNC_KEY = "cart-sync";
export const CART_STORAGE_VERSION = 0;
export const TOAST_DURATION_MS = 3000;

export type CartKind = "course" | "note" | "pyq" | "test" | "bundle";

export interface CartItem {
  /** The product id. */
  id: number;
  kind: CartKind;
  title: string;
  pricePaise: number;
  image: string;
  quantity: 1;
}

export type NewCartItem = Omit<CartItem, "quantity"> & { quantity?: number };

const KINDS = new Set<CartKind>(["course", "note", "pyq", "test", "bundle"]);

/** One item from untrusted data, or null when it is not a valid cart item. */
export function normalizeCartItem(value: unknown): CartItem | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const id = typeof v.id === "string" && /^\d+$/.test(v.id) ? Number(v.id) : v.id;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) return null;
  if (typeof v.kind !== "string" || !KINDS.has(v.kind as CartKind)) return null;
  if (typeof v.title !== "string" || !v.title) return null;
  if (typeof v.pricePaise !== "number" || !Number.isSafeInteger(v.pricePaise) || v.pricePaise < 0) return null;
  const image = typeof v.image === "string" ? v.image : "";
  return { id, kind: v.kind as CartKind, title: v.title, pricePaise: v.pricePaise, image, quantity: 1 };
}

/** A list of items from untrusted data: invalid entries and duplicates are dropped. */
export function normalizeCartItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const items: CartItem[] = [];
  for (const raw of value) {
    const item = normalizeCartItem(raw);
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  return items;
}

/** Reads the stored cart; anything unreadable counts as an empty cart. */
export function parseStoredCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as { state?: { items?: unknown } } | null;
    return normalizeCartItems(parsed?.state?.items);
  } catch {
    return [];
  }
}

export function serializeCart(items: CartItem[]): string {
  return JSON.stringify({ state: { items }, version: CART_STORAGE_VERSION });
}

export function addCartItem(items: CartItem[], item: NewCartItem): { items: CartItem[]; added: boolean } {
  if (items.some((i) => i.id === item.id)) return { items, added: false };
  const normalized = normalizeCartItem(item);
  if (!normalized) return { items, added: false };
  return { items: [...items, normalized], added: true };
}

export function removeCartItem(items: CartItem[], id: number): CartItem[] {
  return items.filter((i) => i.id !== id);
}

export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

export function cartSubtotalPaise(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.pricePaise * i.quantity, 0);
}
