/**
 * User analytics: the searchable list, a user's page, role changes and manual access (the stat cards
 * are analytics/metrics.server.ts `userStats`). Every change is audited.
 */

import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { enrolments, orders, products, users } from "~/db/schema";
import { givesAccess, renewExpiredEnrolment, withAccessExpiry } from "~/features/accounts/access-period.server";
import type { Role } from "~/features/accounts/guards.server";
import { lastAccessDay } from "~/lib/access-period";
import { isCalendarDay, istEndOfDay, istToday } from "~/lib/dates";
import { HttpError } from "~/lib/errors";
import { ROLE_LABELS } from "~/lib/roles";
import { type AuditStatus, recordEvent } from "~/platform/audit/audit.server";
import { cursorTs, keysetPage, keysetPageIds, keysetWindow, type PageRequest } from "~/platform/search/keyset.server";
import { userSearchFilter } from "~/platform/search/text-search.server";

export const USERS_PAGE_SIZE = 20;

export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  isPrimary: boolean;
  /** One of the seed's sample students (Settings → Sample content removes them). */
  isSample: boolean;
  courses: number;
  lastActiveAt: Date | null;
  totalSpentPaise: number;
  createdAt: Date;
}

/**
 * One page of users, newest first, optionally filtered by name or email (see text-search.server).
 * Paged by keyset (`after` / `before`, the cursors of the Next and Previous links) at any depth, or
 * by a bounded offset (`page` ≤ MAX_OFFSET_PAGE without a cursor), taken over the narrow
 * (created_at, id) index before the per-user figures are computed for the 20 rows shown.
 */
export async function listUsers(db: DbOrTx, opts: { q?: string } & PageRequest = {}) {
  const q = opts.q?.trim();
  const window = keysetWindow(opts, { createdAt: users.createdAt, id: users.id }, "text", USERS_PAGE_SIZE);
  const filters = q ? [await userSearchFilter(db, q)] : [];
  const pageIds = keysetPageIds(db, users, users.id, filters, window, USERS_PAGE_SIZE);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      isPrimary: users.isPrimary,
      isSample: users.isSample,
      lastActiveAt: users.lastActiveAt,
      createdAt: users.createdAt,
      cursorTs: cursorTs(users.createdAt),
      courses: sql<number>`(select count(*) from ${enrolments} e where e.user_id = "users"."id" and e.revoked_at is null)::int`,
      totalSpent: sql<string>`(select coalesce(sum(o.total_paise), 0) from ${orders} o where o.user_id = "users"."id" and o.status in ('paid','fulfilled'))`,
    })
    .from(pageIds)
    .innerJoin(users, eq(users.id, pageIds.id))
    .orderBy(...window.orderBy);
  const { rows: shown, ...paging } = keysetPage(rows, window, USERS_PAGE_SIZE);
  const list: UserRow[] = shown.map(({ totalSpent, cursorTs: _, ...r }) => ({
    ...r,
    courses: Number(r.courses),
    totalSpentPaise: Number(totalSpent),
  }));
  return { users: list, ...paging };
}

/** The admin's page of a user: the account, its enrolments, what it spent and what may be granted (the route adds the orders). */
export async function getUserDetail(db: DbOrTx, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new HttpError(404, "User not found.");
  const [userEnrolments, grantable] = await Promise.all([
    db
      .select({
        id: enrolments.id,
        productId: enrolments.productId,
        title: products.title,
        kind: products.kind,
        source: enrolments.source,
        grantedAt: enrolments.grantedAt,
        revokedAt: enrolments.revokedAt,
        expiresAt: enrolments.expiresAt,
        ended: sql<boolean>`coalesce(${enrolments.expiresAt} <= now(), false)`.mapWith(Boolean),
      })
      .from(enrolments)
      .innerJoin(products, eq(products.id, enrolments.productId))
      .where(eq(enrolments.userId, id))
      .orderBy(desc(enrolments.grantedAt)),
    db
      .select({ id: products.id, title: products.title, kind: products.kind })
      .from(products)
      .where(inArray(products.status, ["published", "archived", "draft"]))
      .orderBy(asc(products.kind), asc(products.title))
      .limit(500),
  ]);
  const [spent] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.totalPaise}), 0)` })
    .from(orders)
    .where(and(eq(orders.userId, id), inArray(orders.status, ["paid", "fulfilled"])));
  // An expired enrolment is extended on its row (extendAccess) or renewed by a new grant.
  const owned = new Set(userEnrolments.filter((e) => !e.revokedAt && !e.ended).map((e) => e.productId));
  return {
    user,
    enrolments: userEnrolments,
    totalSpentPaise: Number(spent?.total ?? 0),
    grantable: grantable.filter((p) => !owned.has(p.id)),
  };
}

export async function changeUserRole(db: Db, actorId: string, userId: string, role: Role) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new HttpError(404, "User not found.");
    if (user.isPrimary && role !== "admin") {
      throw new HttpError(409, "The primary administrator's role cannot be changed.");
    }
    if (user.role === role) return user;
    const [row] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning();
    await recordEvent(tx, {
      actorId,
      type: "Role",
      description: `${user.name} (${user.email}): ${ROLE_LABELS[user.role]} → ${ROLE_LABELS[role]}`,
      status: "Success",
      entityType: "user",
      entityId: userId,
    });
    return row!;
  });
}

/** The audit entry of an admin's grant or revocation of an enrolment. */
function recordAccessEvent(tx: DbOrTx, actorId: string, enrolmentId: number, description: string, status: AuditStatus) {
  return recordEvent(tx, {
    actorId,
    type: "Access",
    description,
    status,
    entityType: "enrolment",
    entityId: enrolmentId,
  });
}

/** Gives a user an item by hand (e.g. a student who paid offline). */
export async function grantAccess(db: Db, actorId: string, userId: string, productId: number) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(404, "User not found.");
    const [product] = await tx.select().from(products).where(eq(products.id, productId));
    if (!product) throw new HttpError(400, "Choose an item to grant.");
    const [live] = await tx
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.userId, userId), eq(enrolments.productId, productId), givesAccess()));
    if (live) throw new HttpError(409, `${user.name} already has access to "${product.title}".`);
    // An expired enrolment of the product is renewed by the grant (renewExpiredEnrolment).
    const [row] = await tx
      .insert(enrolments)
      .values(await withAccessExpiry(tx, [{ userId, productId, source: "grant" as const }]))
      .onConflictDoUpdate(renewExpiredEnrolment)
      .returning();
    await recordAccessEvent(
      tx,
      actorId,
      row!.id,
      `Granted "${product.title}" to ${user.name} (${user.email})`,
      "Success",
    );
    return row!;
  });
}

/**
 * Takes an item back. `closeAttemptsWithoutAccess` (practice's, passed in by the caller: accounts
 * sits below practice) submits, in the same transaction, the user's open practice attempts of tests
 * they no longer own.
 */
export async function revokeAccess(
  db: Db,
  actorId: string,
  userId: string,
  enrolmentId: number,
  closeAttemptsWithoutAccess: (tx: DbOrTx, userId: string) => Promise<unknown>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ e: enrolments, title: products.title, name: users.name, email: users.email })
      .from(enrolments)
      .innerJoin(products, eq(products.id, enrolments.productId))
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(and(eq(enrolments.id, enrolmentId), eq(enrolments.userId, userId)))
      .for("update", { of: enrolments });
    if (!row) throw new HttpError(404, "Enrolment not found.");
    if (row.e.revokedAt) throw new HttpError(409, `Access to "${row.title}" is already revoked.`);
    await tx.update(enrolments).set({ revokedAt: new Date() }).where(eq(enrolments.id, enrolmentId));
    await closeAttemptsWithoutAccess(tx, userId);
    await recordAccessEvent(
      tx,
      actorId,
      enrolmentId,
      `Revoked "${row.title}" from ${row.name} (${row.email})`,
      "Complete",
    );
  });
}

/**
 * Moves the end of one student's access to a product (issue 36): to the end of `until` (a day in India,
 * "yyyy-mm-dd", after today) or, with null, for life. Works on a live enrolment, expired or not; the
 * change is audited.
 */
export async function extendAccess(db: Db, actorId: string, userId: string, enrolmentId: number, until: string | null) {
  if (until !== null && (!isCalendarDay(until) || until <= istToday())) {
    throw new HttpError(400, "Choose a new last day of access after today.");
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ e: enrolments, title: products.title, name: users.name, email: users.email })
      .from(enrolments)
      .innerJoin(products, eq(products.id, enrolments.productId))
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(and(eq(enrolments.id, enrolmentId), eq(enrolments.userId, userId)))
      .for("update", { of: enrolments });
    if (!row) throw new HttpError(404, "Enrolment not found.");
    if (row.e.revokedAt) throw new HttpError(409, `Access to "${row.title}" was revoked: grant it again instead.`);
    const expiresAt = until === null ? null : istEndOfDay(until);
    await tx.update(enrolments).set({ expiresAt }).where(eq(enrolments.id, enrolmentId));
    const to = expiresAt ? `till ${lastAccessDay(expiresAt)}` : "for life";
    await recordAccessEvent(
      tx,
      actorId,
      enrolmentId,
      `Extended "${row.title}" for ${row.name} (${row.email}) ${to}`,
      "Success",
    );
    return { title: row.title, to };
  });
}
