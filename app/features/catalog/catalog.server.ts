/**
 * The catalog: courses, notes and PYQ papers. The storefront's published listings and detail
 * pages, and their management (list, create, edit, status, delete-or-archive, per-item report);
 * every change is audited.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  bundleItems,
  enrolments,
  instructors,
  lessons,
  orderItems,
  orders,
  productRatings,
  products,
} from "~/db/schema";
import { FEATURED_NOTES } from "~/lib/display";
import { HttpError } from "~/lib/errors";
import { slugify } from "~/lib/slug";
import { recordEvent } from "~/platform/audit/audit.server";
import { escapeLike } from "~/platform/search/text-search.server";
import { describeProductChanges } from "./changes";
import type { ClassLevel } from "./class-levels";
import { coverImage } from "./covers";
import { KIND_SHORT_LABELS, type Kind, STATUS_LABELS, type Status, type Subject } from "./labels";
import { assertPublishable } from "./publishing.server";

export type ProductKind = "course" | "note" | "pyq" | "test" | "bundle";

/**
 * An item's rating figures from the stored per-item counts (product_ratings, kept by triggers; see
 * reviews/reviews.server.ts), so a list aggregates nothing per request. Needs the left join.
 */
function ratingColumns() {
  return {
    rating:
      sql<number>`coalesce(${productRatings.ratingSum}::float8 / nullif(${productRatings.reviewCount}, 0), 0)`.mapWith(
        Number,
      ),
    reviewCount: sql<number>`coalesce(${productRatings.reviewCount}, 0)`.mapWith(Number),
  };
}
export type ClassFilter = "11" | "12";

const cardColumns = {
  id: products.id,
  kind: products.kind,
  slug: products.slug,
  title: products.title,
  subject: products.subject,
  classLevel: products.classLevel,
  pricePaise: products.pricePaise,
  ...ratingColumns(),
  image: products.image,
  instructor: instructors.name,
  accessUntil: products.accessUntil,
  accessMonths: products.accessMonths,
};

export type ProductCard = {
  id: number;
  kind: ProductKind;
  slug: string;
  title: string;
  subject: Subject;
  classLevel: ClassLevel;
  pricePaise: number;
  /** Average of the counted reviews (0 without any: the card shows "New"), from the stored figures. */
  rating: number;
  reviewCount: number;
  image: string;
  instructor: string;
  /** The access period (issue 36, lib/access-period.ts): both null for lifetime access. */
  accessUntil: string | null;
  accessMonths: number | null;
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
    .leftJoin(productRatings, eq(productRatings.productId, products.id))
    .where(and(...filters))
    .orderBy(asc(products.position), asc(products.id));
  return opts.limit ? query.limit(opts.limit) : query;
}

/** The home page's "popular notes and summaries": the first four notes. */
export function listFeaturedNotes(db: Db) {
  return listPublishedProducts(db, "note", { limit: FEATURED_NOTES });
}

export type ProductDetail = ProductCard & {
  description: string;
  modules: string[];
  updatedAt: Date;
  /** A note or paper whose PDF is uploaded (what "This includes" may promise). */
  hasFile: boolean;
};

/** One published item of the given kind (drafts, archived items and other kinds are not in the store). */
export async function getPublishedProduct(db: Db, kind: ProductKind, id: number) {
  const [row] = await db
    .select({
      ...cardColumns,
      description: products.description,
      modules: products.modules,
      updatedAt: products.updatedAt,
      hasFile: sql<boolean>`${products.fileKey} is not null`.mapWith(Boolean),
    })
    .from(products)
    .innerJoin(instructors, eq(instructors.id, products.instructorId))
    .leftJoin(productRatings, eq(productRatings.productId, products.id))
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

// Management (admin screens)

export interface AdminProductRow {
  id: number;
  kind: Kind;
  title: string;
  subject: Subject;
  instructor: string;
  enrolments: number;
  status: Status;
  pricePaise: number;
  updatedAt: Date;
}

const liveEnrolments = sql<number>`(select count(*) from ${enrolments} e where e.product_id = "products"."id" and e.revoked_at is null)::int`;

export async function listAdminProducts(
  db: DbOrTx,
  opts: { kind: Kind; subject?: Subject; q?: string; limit?: number },
): Promise<AdminProductRow[]> {
  const filters = [eq(products.kind, opts.kind)];
  if (opts.subject) filters.push(eq(products.subject, opts.subject));
  const q = opts.q?.trim();
  if (q) filters.push(or(ilike(products.title, `%${escapeLike(q)}%`), ilike(instructors.name, `%${escapeLike(q)}%`))!);
  const rows = await db
    .select({
      id: products.id,
      kind: products.kind,
      title: products.title,
      subject: products.subject,
      instructor: instructors.name,
      enrolments: liveEnrolments,
      status: products.status,
      pricePaise: products.pricePaise,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(instructors, eq(instructors.id, products.instructorId))
    .leftJoin(productRatings, eq(productRatings.productId, products.id))
    .where(and(...filters))
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(opts.limit ?? 200);
  return rows.map((r) => ({ ...r, enrolments: Number(r.enrolments) }));
}

export async function listInstructors(db: DbOrTx) {
  return db.select({ id: instructors.id, name: instructors.name }).from(instructors).orderBy(asc(instructors.name));
}

export async function getAdminProduct(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ product: products, instructor: instructors.name, ...ratingColumns() })
    .from(products)
    .innerJoin(instructors, eq(instructors.id, products.instructorId))
    .leftJoin(productRatings, eq(productRatings.productId, products.id))
    .where(eq(products.id, id));
  if (!row) throw new HttpError(404, "Item not found.");
  return { ...row.product, instructor: row.instructor, rating: row.rating, reviewCount: row.reviewCount };
}

/** Instructor by id, or a new one by name ("New Instructor" in the form). */
async function resolveInstructor(tx: DbOrTx, input: { instructorId?: number; newInstructor?: string }) {
  if (input.instructorId) {
    const [row] = await tx.select().from(instructors).where(eq(instructors.id, input.instructorId));
    if (!row) throw new HttpError(400, "Choose an existing instructor or add a new one.", { field: "instructor" });
    return row.id;
  }
  const name = input.newInstructor?.trim();
  if (!name) throw new HttpError(400, "Enter the new instructor's name.", { field: "newInstructor" });
  const [existing] = await tx.select().from(instructors).where(eq(instructors.name, name));
  if (existing) return existing.id;
  const [created] = await tx.insert(instructors).values({ name }).returning({ id: instructors.id });
  return created!.id;
}

async function uniqueSlug(tx: DbOrTx, title: string, exceptId?: number) {
  const base = slugify(title) || "item";
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [hit] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, slug));
    if (!hit || hit.id === exceptId) return slug;
  }
}

export interface NewProductInput {
  kind: Kind;
  title: string;
  instructorId?: number;
  newInstructor?: string;
  subject: Subject;
  classLevel: ClassLevel;
  /** 0 with `isFree` false: no price yet (a draft). */
  pricePaise: number;
  isFree: boolean;
  /** Draft unless said; published only if the publish rule allows (publishing.server.ts). */
  status?: Status;
  description: string;
}

export async function createAdminProduct(db: Db, actorId: string, input: NewProductInput) {
  const status = input.status ?? "draft";
  // A bundle is made from its items in the bundle editor (bundles.server.ts saveBundle).
  if (input.kind === "bundle") throw new HttpError(400, "Make a bundle in the bundle editor: Add New Bundle.");
  return db.transaction(async (tx) => {
    if (status === "published") await assertPublishable(tx, undefined, input);
    const instructorId = await resolveInstructor(tx, input);
    const [maxPos] = await tx.select({ p: sql<number>`coalesce(max(${products.position}), 0)::int` }).from(products);
    const [row] = await tx
      .insert(products)
      .values({
        kind: input.kind,
        title: input.title.trim(),
        slug: await uniqueSlug(tx, input.title),
        subject: input.subject,
        classLevel: input.classLevel,
        status,
        pricePaise: input.isFree ? 0 : input.pricePaise,
        isFree: input.isFree,
        instructorId,
        image: coverImage(input.subject, input.kind),
        description: input.description.trim(),
        modules: [],
        position: Number(maxPos?.p ?? 0) + 1,
        publishedAt: status === "published" ? new Date() : null,
      })
      .returning();
    await recordEvent(tx, {
      actorId,
      type: "Course Update",
      description: `${KIND_SHORT_LABELS[input.kind]} "${row!.title}" created as ${STATUS_LABELS[status]}`,
      status: "New",
      entityType: "product",
      entityId: row!.id,
    });
    return row!;
  });
}

export interface ProductUpdate {
  title: string;
  subject: Subject;
  classLevel: ClassLevel;
  status: Status;
  /** 0 with `isFree` false: no price yet. */
  pricePaise: number;
  isFree: boolean;
  instructorId?: number;
  newInstructor?: string;
  description: string;
  modules: string[];
  image?: string;
  fileKey?: string | null;
  /** The access period (issue 36); both absent or null: for life. At most one set. */
  accessUntil?: string | null;
  accessMonths?: number | null;
}

/**
 * Refuses a test a subject or class its questions are not of: practice's `assertScopeKept`, passed in
 * by the caller (practice sits above the catalog).
 */
export type TestScopeCheck = (
  tx: DbOrTx,
  productId: number,
  next: { subject: Subject; classLevel: ClassLevel },
) => Promise<void>;

export async function updateAdminProduct(
  db: Db,
  actorId: string,
  id: number,
  input: ProductUpdate,
  assertScopeKept: TestScopeCheck,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!before) throw new HttpError(404, "Item not found.");
    // Saved as published (just now or again): the item as it will be must meet the publish rule.
    if (input.status === "published") await assertPublishable(tx, id, { ...input, kind: before.kind });
    // A test's questions are of its subject and class (issue 32): a change of either must keep them so.
    if (before.kind === "test" && (before.subject !== input.subject || before.classLevel !== input.classLevel))
      await assertScopeKept(tx, id, { subject: input.subject, classLevel: input.classLevel });
    const instructorId = await resolveInstructor(tx, input);
    const [row] = await tx
      .update(products)
      .set({
        title: input.title.trim(),
        slug: input.title.trim() === before.title ? before.slug : await uniqueSlug(tx, input.title, id),
        subject: input.subject,
        classLevel: input.classLevel,
        status: input.status,
        pricePaise: input.isFree ? 0 : input.pricePaise,
        isFree: input.isFree,
        instructorId,
        description: input.description.trim(),
        modules: input.modules,
        ...(input.image ? { image: input.image } : {}),
        ...(input.fileKey !== undefined ? { fileKey: input.fileKey } : {}),
        accessUntil: input.accessUntil ?? null,
        accessMonths: input.accessMonths ?? null,
        publishedAt: input.status === "published" ? (before.publishedAt ?? new Date()) : before.publishedAt,
      })
      .where(eq(products.id, id))
      .returning();
    await recordEvent(tx, {
      actorId,
      type: "Course Update",
      description: describeProductChanges(before, row!),
      status: "Success",
      entityType: "product",
      entityId: id,
    });
    return row!;
  });
}

export async function setProductStatus(db: Db, actorId: string, id: number, status: Status) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!before) throw new HttpError(404, "Item not found.");
    if (before.status === status) return before;
    if (status === "published") await assertPublishable(tx, id, before);
    const [row] = await tx
      .update(products)
      .set({ status, publishedAt: status === "published" ? (before.publishedAt ?? new Date()) : before.publishedAt })
      .where(eq(products.id, id))
      .returning();
    await recordEvent(tx, {
      actorId,
      type: "Course Update",
      description: `${KIND_SHORT_LABELS[before.kind]} "${before.title}" ${STATUS_LABELS[before.status]} → ${STATUS_LABELS[status]}`,
      status: "Success",
      entityType: "product",
      entityId: id,
    });
    return row!;
  });
}

/** Has anyone ever bought or been given this item? Then it can only be archived. */
export async function hasBeenSold(tx: DbOrTx, id: number) {
  const [sold] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1);
  if (sold) return true;
  const [owned] = await tx.select({ id: enrolments.id }).from(enrolments).where(eq(enrolments.productId, id)).limit(1);
  return Boolean(owned);
}

/** Deletes an item nobody ever bought; refuses otherwise so the admin can archive instead. */
export async function deleteAdminProduct(db: Db, actorId: string, id: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!before) throw new HttpError(404, "Item not found.");
    if (await hasBeenSold(tx, id)) {
      throw new HttpError(
        409,
        `"${before.title}" has been sold, so it cannot be deleted. Archive it instead: it leaves the store and owners keep access.`,
      );
    }
    const [usedBy] = await tx
      .select({ course: products.title })
      .from(lessons)
      .innerJoin(products, eq(products.id, lessons.productId))
      .where(eq(lessons.testProductId, id))
      .limit(1);
    if (usedBy) {
      throw new HttpError(
        409,
        `"${before.title}" is a lesson of the course "${usedBy.course}", so it cannot be deleted. Remove that lesson first.`,
      );
    }
    const [inBundle] = await tx
      .select({ bundle: products.title })
      .from(bundleItems)
      .innerJoin(products, eq(products.id, bundleItems.bundleId))
      .where(eq(bundleItems.productId, id))
      .limit(1);
    if (inBundle) {
      throw new HttpError(
        409,
        `"${before.title}" is in the bundle "${inBundle.bundle}", so it cannot be deleted. Take it out of the bundle first.`,
      );
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordEvent(tx, {
      actorId,
      type: "Course Update",
      description: `${KIND_SHORT_LABELS[before.kind]} "${before.title}" deleted`,
      status: "Complete",
      entityType: "product",
      entityId: id,
    });
    return before;
  });
}

/** The item's sales and enrolments. */
export async function productReport(db: DbOrTx, id: number) {
  const product = await getAdminProduct(db, id);
  const [sales] = await db
    .select({
      sold: sql<number>`count(*) filter (where ${orders.status} in ('paid','fulfilled'))::int`,
      refunded: sql<number>`count(*) filter (where ${orders.status} = 'refunded')::int`,
      revenue: sql<string>`coalesce(sum(${orderItems.pricePaise}) filter (where ${orders.status} in ('paid','fulfilled')), 0)`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, id), inArray(orders.status, ["paid", "fulfilled", "refunded"])));
  const [enr] = await db
    .select({
      active: sql<number>`count(*) filter (where ${enrolments.revokedAt} is null)::int`,
      revoked: sql<number>`count(*) filter (where ${enrolments.revokedAt} is not null)::int`,
      purchase: sql<number>`count(*) filter (where ${enrolments.source} = 'purchase' and ${enrolments.revokedAt} is null)::int`,
      free: sql<number>`count(*) filter (where ${enrolments.source} = 'free' and ${enrolments.revokedAt} is null)::int`,
      grant: sql<number>`count(*) filter (where ${enrolments.source} = 'grant' and ${enrolments.revokedAt} is null)::int`,
    })
    .from(enrolments)
    .where(eq(enrolments.productId, id));
  const recent = await db
    .select({
      number: orders.number,
      status: orders.status,
      pricePaise: orderItems.pricePaise,
      paidAt: orders.paidAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, id), inArray(orders.status, ["paid", "fulfilled", "refunded"])))
    .orderBy(desc(orders.paidAt))
    .limit(20);
  return {
    product,
    sales: {
      sold: Number(sales?.sold ?? 0),
      refunded: Number(sales?.refunded ?? 0),
      revenuePaise: Number(sales?.revenue ?? 0),
    },
    enrolments: {
      active: Number(enr?.active ?? 0),
      revoked: Number(enr?.revoked ?? 0),
      purchase: Number(enr?.purchase ?? 0),
      free: Number(enr?.free ?? 0),
      grant: Number(enr?.grant ?? 0),
    },
    recent,
  };
}
