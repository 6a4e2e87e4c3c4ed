/**
 * Bundles (issue 36): several items sold together at one price below their sum. The one pricing rule
 * of a bundle, used by its page (in the browser too), the cart and checkout: a buyer who already owns
 * some of its items pays the bundle price less the current prices of those items, never below ₹1;
 * one who owns every item cannot buy it.
 */
import { formatPrice } from "~/lib/money";
import type { Kind } from "./labels";

/** The least a bundle is ever sold for, whatever the buyer owns: ₹1. */
export const MIN_BUNDLE_PRICE_PAISE = 100;
/** A bundle has at least this many items. */
export const MIN_BUNDLE_ITEMS = 2;

export const ALL_OWNED = "You already own everything in this bundle.";

export interface BundleItem {
  id: number;
  kind: Exclude<Kind, "bundle">;
  title: string;
  pricePaise: number;
  status: "draft" | "published" | "archived";
}

export interface BundleOffer {
  /** The items' current prices added up, and what the bundle price saves on that. */
  sumPaise: number;
  savingPaise: number;
  /** The items this buyer owns already (ids), and what they cost now. */
  ownedIds: number[];
  ownedPaise: number;
  /** What this buyer pays: the bundle price, less what they own, at least ₹1. */
  pricePaise: number;
  /** They own every item: the bundle is not sold to them. */
  allOwned: boolean;
}

/** The offer of a bundle priced `bundlePricePaise` with these items to a buyer owning `owned` (null: a visitor). */
export function bundleOffer(
  bundlePricePaise: number,
  items: Pick<BundleItem, "id" | "pricePaise">[],
  owned: Iterable<number> | null | undefined,
): BundleOffer {
  const ownedSet = new Set(owned ?? []);
  const sumPaise = items.reduce((sum, i) => sum + i.pricePaise, 0);
  const mine = items.filter((i) => ownedSet.has(i.id));
  const ownedPaise = mine.reduce((sum, i) => sum + i.pricePaise, 0);
  const allOwned = items.length > 0 && mine.length === items.length;
  const pricePaise =
    mine.length === 0 ? bundlePricePaise : Math.max(MIN_BUNDLE_PRICE_PAISE, bundlePricePaise - ownedPaise);
  return {
    sumPaise,
    savingPaise: Math.max(0, sumPaise - bundlePricePaise),
    ownedIds: mine.map((i) => i.id),
    ownedPaise,
    pricePaise,
    allOwned,
  };
}

/** "Includes: A; B; C": how an invoice line of a bundle describes what it supplies. */
export function includesText(titles: string[]) {
  return `Includes: ${titles.join("; ")}`;
}

/**
 * Why a bundle cannot be saved as it is (empty: it can): fewer than two items, a bundle among them,
 * a price not below their sum (or below ₹1), and when published an item that is not.
 */
export function bundleProblems(
  bundle: { pricePaise: number; status: "draft" | "published" | "archived" },
  items: { title: string; pricePaise: number; status: string; kind: string }[],
): { field: "items" | "price"; message: string }[] {
  const problems: { field: "items" | "price"; message: string }[] = [];
  const nested = items.find((i) => i.kind === "bundle");
  if (nested) problems.push({ field: "items", message: `"${nested.title}" is a bundle: a bundle cannot contain one.` });
  if (items.length < MIN_BUNDLE_ITEMS) problems.push({ field: "items", message: "Choose at least two items." });
  const sum = items.reduce((s, i) => s + i.pricePaise, 0);
  if (bundle.pricePaise < MIN_BUNDLE_PRICE_PAISE)
    problems.push({ field: "price", message: "A bundle's price is at least ₹1." });
  else if (items.length >= MIN_BUNDLE_ITEMS && bundle.pricePaise >= sum)
    problems.push({
      field: "price",
      message: `The bundle's price must be below the sum of its items (${formatPrice(sum)}).`,
    });
  if (bundle.status === "published") {
    const off = items.find((i) => i.status !== "published");
    if (off)
      problems.push({
        field: "items",
        message: `"${off.title}" is not published: publish it first, or save the bundle as a draft.`,
      });
  }
  return problems;
}
