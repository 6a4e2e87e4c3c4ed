import { describe, expect, it } from "vitest";
import {
  addCartItem,
  type CartItem,
  cartCount,
  cartSubtotalPaise,
  parseStoredCart,
  removeCartItem,
  serializeCart,
} from "./cart-store";

const course = { id: 1, kind: "course" as const, title: "Accountancy Class 12", pricePaise: 99_999, image: "/a.svg" };
const note = { id: 8, kind: "note" as const, title: "Formula Sheet", pricePaise: 0, image: "/n.svg" };

describe("cart rules (spec §4)", () => {
  it("starts empty and appends a new item with quantity 1", () => {
    const { items, added } = addCartItem([], { ...course, quantity: 5 });
    expect(added).toBe(true);
    expect(items).toEqual([{ ...course, quantity: 1 }]);
    expect(cartCount(items)).toBe(1);
  });

  it("re-adding an item already in the cart does nothing", () => {
    const first = addCartItem([], course).items;
    const again = addCartItem(first, { ...course, title: "changed" });
    expect(again.added).toBe(false);
    expect(again.items).toBe(first);
    expect(cartCount(again.items)).toBe(1);
  });

  it("removes by id and clears", () => {
    let items: CartItem[] = addCartItem([], course).items;
    items = addCartItem(items, note).items;
    expect(cartCount(items)).toBe(2);
    expect(removeCartItem(items, 1)).toEqual([{ ...note, quantity: 1 }]);
    expect(removeCartItem(items, 999)).toHaveLength(2);
  });

  it("sums the subtotal in paise", () => {
    const items = addCartItem(addCartItem([], course).items, note).items;
    expect(cartSubtotalPaise(items)).toBe(99_999);
    expect(cartSubtotalPaise([])).toBe(0);
  });
});

describe("cart-storage persistence", () => {
  it("round-trips through the zustand-style shape", () => {
    const items = addCartItem([], course).items;
    const raw = serializeCart(items);
    expect(JSON.parse(raw)).toEqual({ state: { items: [{ ...course, quantity: 1 }] }, version: 0 });
    expect(parseStoredCart(raw)).toEqual(items);
  });

  it("reads anything broken as an empty cart and drops invalid or duplicate entries", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("not json")).toEqual([]);
    expect(parseStoredCart("null")).toEqual([]);
    expect(parseStoredCart(JSON.stringify({ state: { items: "x" } }))).toEqual([]);
    const raw = JSON.stringify({
      state: {
        items: [
          course,
          course,
          { ...note, pricePaise: -1 },
          { ...note, kind: "book" },
          { ...note, id: 0 },
          { ...note, title: "" },
          null,
          { ...note, id: "8" },
        ],
      },
      version: 0,
    });
    expect(parseStoredCart(raw)).toEqual([
      { ...course, quantity: 1 },
      { ...note, quantity: 1 },
    ]);
  });
});
