import { describe, expect, it } from "vitest";
import { bundleOffer, bundleProblems, includesText, MIN_BUNDLE_PRICE_PAISE } from "./bundles";

const items = [
  { id: 1, pricePaise: 99_900 },
  { id: 2, pricePaise: 98_900 },
  { id: 3, pricePaise: 4_900 },
];

describe("bundleOffer", () => {
  it("sells a visitor the bundle at its price and says what it saves on the sum", () => {
    const offer = bundleOffer(150_000, items, null);
    expect(offer).toEqual({
      sumPaise: 203_700,
      savingPaise: 53_700,
      ownedIds: [],
      ownedPaise: 0,
      pricePaise: 150_000,
      allOwned: false,
    });
  });

  it("takes the current price of each item the buyer owns off the bundle price", () => {
    const offer = bundleOffer(150_000, items, [3, 42]);
    expect(offer.ownedIds).toEqual([3]);
    expect(offer.ownedPaise).toBe(4_900);
    expect(offer.pricePaise).toBe(145_100);
    expect(offer.allOwned).toBe(false);
    // The saving is the bundle's, whoever looks.
    expect(offer.savingPaise).toBe(53_700);
  });

  it("never asks less than ₹1 of a buyer who owns most of it", () => {
    const offer = bundleOffer(150_000, items, new Set([1, 2]));
    expect(offer.ownedPaise).toBe(198_800);
    expect(offer.pricePaise).toBe(MIN_BUNDLE_PRICE_PAISE);
    expect(offer.allOwned).toBe(false);
  });

  it("does not sell a bundle to a buyer who owns every item", () => {
    const offer = bundleOffer(150_000, items, [1, 2, 3]);
    expect(offer.allOwned).toBe(true);
    expect(offer.ownedIds).toEqual([1, 2, 3]);
  });
});

describe("bundleProblems", () => {
  const item = (title: string, pricePaise: number, over: { status?: string; kind?: string } = {}) => ({
    title,
    pricePaise,
    status: over.status ?? "published",
    kind: over.kind ?? "course",
  });
  const two = [item("A", 50_000), item("B", 30_000)];

  it("accepts two published items at a price between ₹1 and below their sum", () => {
    expect(bundleProblems({ pricePaise: 79_999, status: "published" }, two)).toEqual([]);
  });

  it("refuses fewer than two items, a price at or above the sum, a bundle inside, a draft item when published", () => {
    const messages = (pricePaise: number, its: ReturnType<typeof item>[], status = "published" as const) =>
      bundleProblems({ pricePaise, status }, its).map((p) => `${p.field}: ${p.message}`);
    expect(messages(10_000, [item("A", 50_000)])).toEqual(["items: Choose at least two items."]);
    expect(messages(80_000, two)).toEqual(["price: The bundle's price must be below the sum of its items (₹800)."]);
    expect(messages(0, two)).toEqual(["price: A bundle's price is at least ₹1."]);
    expect(messages(10_000, [...two, item("Set", 1_000, { kind: "bundle" })])).toEqual([
      'items: "Set" is a bundle: a bundle cannot contain one.',
    ]);
    expect(messages(10_000, [...two, item("Draft notes", 1_000, { status: "draft" })])).toEqual([
      'items: "Draft notes" is not published: publish it first, or save the bundle as a draft.',
    ]);
    // A draft bundle may hold a draft item.
    expect(
      bundleProblems({ pricePaise: 10_000, status: "draft" }, [...two, item("D", 1, { status: "draft" })]),
    ).toEqual([]);
  });

  it("describes an invoice line's items", () => {
    expect(includesText(["A", "B", "C"])).toBe("Includes: A; B; C");
  });
});
