/**
 * Who may use what. Ownership is a live enrolment (revoked_at is null) not past its end (expires_at,
 * issue 36) created by checkout fulfilment, a free checkout or an admin grant; a refund revokes it. A practice
 * test that a lesson of an owned course opens is owned with the course (issue 23).
 * Drafts are nobody's (404); archived items stay with their owners.
 * Reused by checkout ("already owned") and the storefront.
 */
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { cachedRead, READ_MAX_AGE_MS, tablesRead } from "~/db/read-cache.server";
import { enrolments, instructors, lessonCompletions, lessons, products } from "~/db/schema";
import { givesAccess } from "~/features/accounts/access-period.server";
import { lastAccessDay } from "~/lib/access-period";
import { MAX_ID } from "~/lib/id";

export type ProductKind = "course" | "note" | "pyq" | "test" | "bundle";

/**
 * What the user owns, as an SQL set of product ids (`product_id`): their live enrolments, and the
 * practice tests that lessons of their courses open (a test included in a course comes with it, so
 * the store shows it as theirs and checkout does not sell it to them again). The one definition of
 * "owned" for product lists, the cart and checkout. It is the database function owned_product_ids
 * (migration 0017), PL/pgSQL so each connection plans it once (it runs on every signed-in page view).
 * An id may appear twice (a test bought and in a course): callers make sets of it.
 */
export function ownedProductsSql(userId: string) {
  return sql`(select product_id from owned_product_ids(${userId}) as owned(product_id))`;
}

/** True when the user owns the product (whatever its status): a live enrolment, or a test in their course. */
export async function isOwned(db: DbOrTx, userId: string, productId: number): Promise<boolean> {
  return (await ownedProductIds(db, userId, [productId])).has(productId);
}

/** Of the given products, the ids the user owns (one query, for carts and product lists). */
export async function ownedProductIds(db: DbOrTx, userId: string, productIds?: number[]): Promise<Set<number>> {
  if (productIds && productIds.length === 0) return new Set();
  const only = productIds
    ? sql` where o.product_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute<{ product_id: number }>(
    sql`select o.product_id from ${ownedProductsSql(userId)} o${only}`,
  );
  return new Set(result.rows.map((r) => Number(r.product_id)));
}

/** Everything the signed-in user owns, as ids (one query on the enrolments index); null for a visitor. */
export async function ownedIdsOf(db: DbOrTx, user: { id: string } | null): Promise<Set<number> | null> {
  return user ? ownedProductIds(db, user.id) : null;
}

/**
 * Loader data of a store page that shows items: `owned`, the ids among `items` the signed-in user
 * owns (they show "Open" instead of "Add to Cart"). For a visitor nothing at all, so an anonymous
 * page stays the same for everyone and the page cache keeps serving it.
 */
export function ownedAmong(owned: Set<number> | null, items: { id: number }[]): { owned?: number[] } {
  return owned ? { owned: items.filter((item) => owned.has(item.id)).map((item) => item.id) } : {};
}

export interface AccessibleProduct {
  id: number;
  kind: ProductKind;
  slug: string;
  title: string;
  subject: "accountancy" | "economics" | "business_studies" | "english";
  classLevel: "11" | "12" | "both";
  status: "draft" | "published" | "archived";
  pricePaise: number;
  image: string;
  description: string;
  modules: string[];
  fileKey: string | null;
  instructor: string;
  owned: boolean;
}

/**
 * The product when this user may open it (course player, download), else null:
 * owners of a published or archived item (not past the end of their access); any signed-in user for a free
 * published note or PYQ. Drafts and unknown ids are null for everyone.
 */
export async function getAccessibleProduct(
  db: DbOrTx,
  userId: string,
  productId: number,
  kinds?: ProductKind[],
): Promise<AccessibleProduct | null> {
  if (!Number.isSafeInteger(productId) || productId <= 0 || productId > MAX_ID) return null;
  const filters = [eq(products.id, productId), ne(products.status, "draft")];
  if (kinds) filters.push(inArray(products.kind, kinds));
  const key = `accessible:${userId}:${productId}:${kinds?.join(",") ?? "*"}`;
  const [row] = await cachedRead(db, key, ACCESSIBLE_PRODUCT_TABLES, READ_MAX_AGE_MS, () =>
    db
      .select({
        id: products.id,
        kind: products.kind,
        slug: products.slug,
        title: products.title,
        subject: products.subject,
        classLevel: products.classLevel,
        status: products.status,
        pricePaise: products.pricePaise,
        image: products.image,
        description: products.description,
        modules: products.modules,
        fileKey: products.fileKey,
        instructor: instructors.name,
        owned: sql<boolean>`exists (select 1 from ${enrolments} where ${enrolments.userId} = ${userId} and ${enrolments.productId} = ${products.id} and ${givesAccess()})`,
      })
      .from(products)
      .innerJoin(instructors, eq(instructors.id, products.instructorId))
      .where(and(...filters))
      .limit(1),
  );
  if (!row) return null;
  const owned = Boolean(row.owned);
  const freeDownload = row.kind !== "course" && row.pricePaise === 0 && row.status === "published";
  return owned || freeDownload ? { ...row, owned } : null;
}

/** What getAccessibleProduct reads: kept in memory on the embedded database like the owned list. */
const ACCESSIBLE_PRODUCT_TABLES = tablesRead(products, instructors, enrolments);

/** Whether the user may open the course player or download the file of this product. */
export async function hasAccess(db: DbOrTx, userId: string, productId: number): Promise<boolean> {
  return (await getAccessibleProduct(db, userId, productId)) !== null;
}

export interface OwnedProduct {
  id: number;
  kind: ProductKind;
  title: string;
  subject: AccessibleProduct["subject"];
  classLevel: AccessibleProduct["classLevel"];
  image: string;
  instructor: string;
  status: "published" | "archived";
  hasFile: boolean;
  /** When access ends (null: lifetime); past it the item is listed with "Access ended" and "Renew". */
  expiresAt: Date | null;
  expired: boolean;
  /** The store page's slug, for a renewal. */
  slug: string;
  /** Courses only: lessons in the course and lessons this user completed. */
  totalLessons: number;
  completedLessons: number;
}

/**
 * Everything the user owns (courses, notes, PYQ), most recently granted first; drafts left out.
 * An enrolment past its end is listed too, `expired`, so My Courses can offer the renewal.
 * Read-only: the list is shared (kept in memory on the embedded database).
 */
export function listOwnedProducts(db: DbOrTx, userId: string): Promise<OwnedProduct[]> {
  return cachedRead(db, `owned-products:${userId}`, OWNED_PRODUCTS_TABLES, READ_MAX_AGE_MS, () =>
    readOwnedProducts(db, userId),
  );
}

/** What listOwnedProducts reads: kept in memory on the embedded database until one is written (db/read-cache.server.ts). */
const OWNED_PRODUCTS_TABLES = tablesRead(enrolments, products, instructors, lessons, lessonCompletions);

async function readOwnedProducts(db: DbOrTx, userId: string): Promise<OwnedProduct[]> {
  const totalLessons = sql<number>`(select count(*) from ${lessons} where ${lessons.productId} = ${products.id})`;
  const completedLessons = sql<number>`(select count(*) from ${lessonCompletions} where ${lessonCompletions.userId} = ${userId} and ${lessonCompletions.productId} = ${products.id})`;
  const rows = await db
    .select({
      id: products.id,
      kind: products.kind,
      title: products.title,
      subject: products.subject,
      classLevel: products.classLevel,
      image: products.image,
      instructor: instructors.name,
      status: products.status,
      fileKey: products.fileKey,
      slug: products.slug,
      expiresAt: enrolments.expiresAt,
      expired: sql<boolean>`coalesce(${enrolments.expiresAt} <= now(), false)`,
      totalLessons: totalLessons.mapWith(Number),
      completedLessons: completedLessons.mapWith(Number),
    })
    .from(enrolments)
    .innerJoin(products, eq(products.id, enrolments.productId))
    .innerJoin(instructors, eq(instructors.id, products.instructorId))
    .where(
      and(
        eq(enrolments.userId, userId),
        isNull(enrolments.revokedAt),
        ne(products.status, "draft"),
        // A bundle's items are listed one by one (issue 36), not the bundle.
        ne(products.kind, "bundle"),
      ),
    )
    .orderBy(desc(enrolments.grantedAt), desc(enrolments.id));
  return rows.map(({ fileKey, status, ...r }) => ({
    ...r,
    status: status as "published" | "archived",
    hasFile: Boolean(fileKey),
    expired: Boolean(r.expired),
  }));
}

/** What a refusal says of an item whose access ended. */
export function accessEndedMessage(ended: { title: string; expiresAt: Date }): string {
  return `Your access to "${ended.title}" ended on ${lastAccessDay(ended.expiresAt)}. Renew it from My Courses.`;
}

export interface EndedAccess {
  id: number;
  kind: ProductKind;
  title: string;
  slug: string;
  status: "published" | "archived";
  pricePaise: number;
  /** The instant access ended. */
  expiresAt: Date;
}

/**
 * The item whose access this user had and which has ended (a live enrolment past its end), for the
 * lock screen with the renewal offer; null when they never had it, it was revoked, or it still gives
 * access. Drafts are nobody's.
 */
export async function getEndedAccess(
  db: DbOrTx,
  userId: string,
  productId: number,
  kinds?: ProductKind[],
): Promise<EndedAccess | null> {
  if (!Number.isSafeInteger(productId) || productId <= 0 || productId > MAX_ID) return null;
  const filters = [
    eq(enrolments.userId, userId),
    eq(enrolments.productId, productId),
    isNull(enrolments.revokedAt),
    sql`${enrolments.expiresAt} <= now()`,
    ne(products.status, "draft"),
  ];
  if (kinds) filters.push(inArray(products.kind, kinds));
  const [row] = await db
    .select({
      id: products.id,
      kind: products.kind,
      title: products.title,
      slug: products.slug,
      status: products.status,
      pricePaise: products.pricePaise,
      expiresAt: enrolments.expiresAt,
    })
    .from(enrolments)
    .innerJoin(products, eq(products.id, enrolments.productId))
    .where(and(...filters))
    .limit(1);
  if (!row?.expiresAt) return null;
  return { ...row, status: row.status as EndedAccess["status"], expiresAt: row.expiresAt };
}
