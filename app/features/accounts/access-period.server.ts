/**
 * Access periods at grant time (issue 36): the one place that computes an enrolment's `expires_at` from
 * its product's rule (lib/access-period.ts), for checkout fulfilment and an admin's grant, and the one
 * SQL definition of an enrolment that still gives access. An expired enrolment stays live (revoked_at
 * is null, so the one-live-enrolment index holds); buying or granting the product again renews that
 * same row (new order, source, grant time and end), so its history is the audit log and the orders.
 */
import { and, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { enrolments, products } from "~/db/schema";
import { accessExpiry } from "~/lib/access-period";

/**
 * The rows to insert into enrolments, each with the `expiresAt` its product's access period gives
 * when counted from `from` (the payment of an order, or now for an admin's grant).
 */
export async function withAccessExpiry<T extends { productId: number }>(
  db: DbOrTx,
  rows: T[],
  from: Date = new Date(),
): Promise<(T & { expiresAt: Date | null })[]> {
  if (rows.length === 0) return [];
  const rules = await db
    .select({ id: products.id, accessUntil: products.accessUntil, accessMonths: products.accessMonths })
    .from(products)
    .where(
      inArray(
        products.id,
        rows.map((r) => r.productId),
      ),
    );
  const byId = new Map(rules.map((r) => [r.id, r]));
  return rows.map((row) => {
    const rule = byId.get(row.productId);
    return { ...row, expiresAt: rule ? accessExpiry(rule, from) : null };
  });
}

/**
 * `onConflictDoUpdate` of an enrolment insert: when the user's live enrolment of the product has
 * expired, the new grant renews it (order, source, grant time, end); a live one that still gives
 * access is left alone (the insert does nothing, as before).
 */
export const renewExpiredEnrolment = {
  target: [enrolments.userId, enrolments.productId],
  targetWhere: sql.raw("revoked_at is null"),
  set: {
    orderId: sql.raw("excluded.order_id"),
    source: sql.raw("excluded.source"),
    grantedAt: sql.raw("excluded.granted_at"),
    expiresAt: sql.raw("excluded.expires_at"),
  },
  setWhere: sql`${enrolments.expiresAt} is not null and ${enrolments.expiresAt} <= now()`,
};

/** An enrolment that gives access now: live (not revoked) and not past its end. */
export function givesAccess(): SQL {
  return and(isNull(enrolments.revokedAt), or(isNull(enrolments.expiresAt), gt(enrolments.expiresAt, sql`now()`)))!;
}

/** The same for raw SQL over an enrolments alias (`e`). */
export function givesAccessSql(alias: string): SQL {
  return sql.raw(`${alias}.revoked_at is null and (${alias}.expires_at is null or ${alias}.expires_at > now())`);
}
