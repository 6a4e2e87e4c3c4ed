/**
 * Bundles (issue 36): their items, their price for a buyer (catalog/bundles.ts `bundleOffer`, the one
 * rule the page, the cart and checkout use), and the admin's bundle editor (create and edit, with the
 * rules of catalog/bundles.ts `bundleProblems`). What a buyer owns is passed in (learning sits above
 * the catalog).
 */
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { bundleItems, products } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";
import { slugify } from "~/lib/slug";
import { recordEvent } from "~/platform/audit/audit.server";
import { type BundleItem, type BundleOffer, bundleOffer, bundleProblems } from "./bundles";
import type { ClassLevel } from "./class-levels";
import { coverImage } from "./covers";
import { STATUS_LABELS, type Status, type Subject } from "./labels";
import { MAX_BUNDLE_ITEMS } from "./schema";

const itemColumns = {
  bundleId: bundleItems.bundleId,
  id: products.id,
  kind: products.kind,
  title: products.title,
  pricePaise: products.pricePaise,
  status: products.status,
};

/** The items of these bundles, in their order (a map from bundle id; a bundle without items maps to []). */
export async function bundleItemsOf(db: DbOrTx, bundleIds: number[]): Promise<Map<number, BundleItem[]>> {
  const out = new Map<number, BundleItem[]>(bundleIds.map((id) => [id, []]));
  if (bundleIds.length === 0) return out;
  const rows = await db
    .select(itemColumns)
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.productId))
    .where(inArray(bundleItems.bundleId, bundleIds))
    .orderBy(asc(bundleItems.position), asc(products.id));
  for (const { bundleId, ...item } of rows) out.get(bundleId)?.push(item as BundleItem);
  return out;
}

/** The ids of every item of these bundles (to ask once what the buyer owns of them). */
export function itemIdsOf(items: Map<number, BundleItem[]>): number[] {
  return [...new Set([...items.values()].flat().map((i) => i.id))];
}

/** A line of a cart or an order, priced for its buyer: a bundle's line carries its offer and items. */
export type BundlePriced<T> = T & {
  bundle?: { offer: BundleOffer; items: BundleItem[]; includes: { productId: number; title: string }[] };
};

/**
 * Prices the bundle lines among `lines` for a buyer owning `owned` (bundleOffer): the line's price
 * becomes what they pay, `includes` the items it supplies (those they do not own). Other lines are
 * returned as they are. One query when there is a bundle, none otherwise.
 */
export async function priceBundleLines<T extends { productId: number; kind: string; pricePaise: number }>(
  db: DbOrTx,
  lines: T[],
  ownedOf: (itemIds: number[]) => Promise<Set<number>>,
): Promise<BundlePriced<T>[]> {
  const bundleIds = lines.filter((l) => l.kind === "bundle").map((l) => l.productId);
  if (bundleIds.length === 0) return lines;
  const items = await bundleItemsOf(db, bundleIds);
  const owned = await ownedOf(itemIdsOf(items));
  return lines.map((line) => {
    if (line.kind !== "bundle") return line;
    const its = items.get(line.productId) ?? [];
    const offer = bundleOffer(line.pricePaise, its, owned);
    const includes = its.filter((i) => !owned.has(i.id)).map((i) => ({ productId: i.id, title: i.title }));
    return { ...line, pricePaise: offer.pricePaise, bundle: { offer, items: its, includes } };
  });
}

/**
 * A line of the cart that is also an item of a bundle in the same cart: the message checkout refuses
 * with (null: none). The cart keeps them apart when they are added (cart.server.ts); this catches a
 * bundle whose items the owner changed while it sat in a cart.
 */
export function duplicateInCart(lines: BundlePriced<{ productId: number; title: string }>[]): string | null {
  for (const line of lines) {
    if (!line.bundle) continue;
    const dup = lines.find((l) => l !== line && line.bundle!.items.some((i) => i.id === l.productId));
    if (dup)
      return `"${dup.title}" is part of the bundle "${line.title}" in your cart: remove one of them to continue.`;
  }
  return null;
}

/* ---------------------------------------------------------------- admin */

/** Every item a bundle may contain (not a bundle, not archived), for the editor's list of choices. */
export async function listBundleChoices(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      kind: products.kind,
      title: products.title,
      pricePaise: products.pricePaise,
      status: products.status,
    })
    .from(products)
    .where(and(ne(products.kind, "bundle"), ne(products.status, "archived")))
    .orderBy(asc(products.kind), asc(products.position), asc(products.id)) as Promise<BundleItem[]>;
}

export interface BundleInput {
  title: string;
  subject: Subject;
  classLevel: ClassLevel;
  status: Status;
  pricePaise: number;
  description: string;
  /** The items' product ids, in order. */
  itemIds: number[];
}

/** A bundle for the editor: the product and its items (404 when it is not a bundle). */
export async function getAdminBundle(db: DbOrTx, id: number) {
  const [bundle] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.kind, "bundle")));
  if (!bundle) throw new HttpError(404, "Bundle not found.");
  const items = (await bundleItemsOf(db, [id])).get(id) ?? [];
  return { ...bundle, items };
}

/** Refuses (400 on the field) a bundle `bundleProblems` finds fault with, and items that do not exist. */
async function assertBundle(tx: DbOrTx, input: BundleInput, selfId?: number) {
  if (input.itemIds.length > MAX_BUNDLE_ITEMS)
    throw new HttpError(400, `A bundle holds at most ${MAX_BUNDLE_ITEMS} items.`, { field: "items" });
  if (new Set(input.itemIds).size !== input.itemIds.length)
    throw new HttpError(400, "Choose each item once.", { field: "items" });
  if (selfId !== undefined && input.itemIds.includes(selfId))
    throw new HttpError(400, "A bundle cannot contain itself.", { field: "items" });
  const found = input.itemIds.length
    ? await tx
        .select({
          id: products.id,
          title: products.title,
          kind: products.kind,
          pricePaise: products.pricePaise,
          status: products.status,
        })
        .from(products)
        .where(inArray(products.id, input.itemIds))
    : [];
  if (found.length !== input.itemIds.length)
    throw new HttpError(400, "An item you chose no longer exists.", { field: "items" });
  const [problem] = bundleProblems(input, found);
  if (problem) throw new HttpError(400, problem.message, { field: problem.field });
}

/** The check of the publish rule for a bundle (catalog/publishing.server.ts): what it still lacks. */
export async function bundlePublishProblems(db: DbOrTx, bundleId: number | undefined, pricePaise: number) {
  const items = bundleId === undefined ? [] : ((await bundleItemsOf(db, [bundleId])).get(bundleId) ?? []);
  return bundleProblems({ pricePaise, status: "published" }, items).map((p) => p.message);
}

async function uniqueSlug(tx: DbOrTx, title: string, exceptId?: number) {
  const base = slugify(title) || "bundle";
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [hit] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, slug));
    if (!hit || hit.id === exceptId) return slug;
  }
}

/**
 * Creates (no `id`) or updates a bundle with its items, after the rules: at least two items, none a
 * bundle, a price from ₹1 to below their sum, every item published when the bundle is. Audited.
 * The bundle's instructor is its first item's.
 */
export async function saveBundle(db: Db, actorId: string, id: number | undefined, input: BundleInput) {
  return db.transaction(async (tx) => {
    const before = id === undefined ? undefined : await getAdminBundle(tx, id);
    await assertBundle(tx, input, id);
    const [first] = await tx
      .select({ instructorId: products.instructorId })
      .from(products)
      .where(eq(products.id, input.itemIds[0]!));
    const title = input.title.trim();
    const values = {
      title,
      slug: before && before.title === title ? before.slug : await uniqueSlug(tx, title, id),
      subject: input.subject,
      classLevel: input.classLevel,
      status: input.status,
      pricePaise: input.pricePaise,
      isFree: false,
      description: input.description.trim(),
      publishedAt: input.status === "published" ? (before?.publishedAt ?? new Date()) : (before?.publishedAt ?? null),
    };
    const [row] = before
      ? await tx.update(products).set(values).where(eq(products.id, before.id)).returning()
      : await tx
          .insert(products)
          .values({
            ...values,
            kind: "bundle",
            instructorId: first!.instructorId,
            image: coverImage(input.subject, "bundle"),
          })
          .returning();
    await tx.delete(bundleItems).where(eq(bundleItems.bundleId, row!.id));
    await tx
      .insert(bundleItems)
      .values(input.itemIds.map((productId, position) => ({ bundleId: row!.id, productId, position })));
    await recordEvent(tx, {
      actorId,
      type: "Course Update",
      description: `Bundle "${row!.title}" ${before ? "saved" : "created"} as ${STATUS_LABELS[input.status]}: ${input.itemIds.length} items for ${formatPrice(input.pricePaise)}`,
      status: before ? "Success" : "New",
      entityType: "product",
      entityId: row!.id,
    });
    return row!;
  });
}
