import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { instructors, products } from "~/db/schema";
import { FEATURED_NOTES } from "~/lib/display";
import { MAX_ID } from "~/lib/id";

export type ProductKind = "course" | "note" | "pyq";
export type ClassFilter = "11" | "12";

const cardColumns = {
  id: products.id,
  kind: products.kind,
  slug: products.slug,
  title: products.title,
  subject: products.subject,
  classLevel: products.classLevel,
  pricePaise: products.pricePaise,
  rating: products.rating,
  image: products.image,
  instructor: instructors.name,
};

export type ProductCard = {
  id: number;
  kind: ProductKind;
  slug: string;
  title: string;
  subject: "accountancy" | "economics" | "business_studies" | "english";
  classLevel: "11" | "12" | "both";
  pricePaise: number;
  rating: number;
  image: string;
  instructor: string;
};

/** Published items of one kind in display order, optionally for one class (items for "both" classes appear in each). */
export async function listPublishedProducts(
  db: Db,
  kind: ProductKind,
  opts: { classLevel?: ClassFilter; limit?: number } = {},
): Promise<ProductCard[]> {
  const filters = [eq(products.kind, kind), eq(products.status, "published")];
  if (opts.classLevel) filters.push(inArray(products.classLevel, [opts.classLevel, "both"]));
  const query = db
    .select(cardColumns)
    .from(products)
    .innerJoin(instructors, eq(instructors.id, products.instructorId))
    .where(and(...filters))
    .orderBy(asc(products.position), asc(products.id));
  return opts.limit ? query.limit(opts.limit) : query;
}

/** The home page's "popular notes and summaries": the first four notes. */
export function listFeaturedNotes(db: Db) {
  return listPublishedProducts(db, "note", { limit: FEATURED_NOTES });
}

export type ProductDetail = ProductCard & { description: string; modules: string[]; updatedAt: Date };

/** A store id is a positive integer in the column's range; anything else is simply "not found". */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** One published item of the given kind (drafts, archived items and other kinds are not in the store). */
export async function getPublishedProduct(db: Db, kind: ProductKind, rawId: string | undefined) {
  const id = parseProductId(rawId);
  if (id === null) return null;
  const [row] = await db
    .select({
      ...cardColumns,
      description: products.description,
      modules: products.modules,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(instructors, eq(instructors.id, products.instructorId))
    .where(and(eq(products.id, id), eq(products.kind, kind), eq(products.status, "published")));
  return (row as ProductDetail | undefined) ?? null;
}

/** Every published item for the sitemap, newest change first per kind. */
export function listSitemapProducts(db: Db) {
  return db
    .select({ id: products.id, kind: products.kind, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.status, "published"))
    .orderBy(asc(products.kind), asc(products.position), asc(products.id));
}
