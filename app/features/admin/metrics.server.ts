/**
 * Figures of the dashboard and of Sales & Reports, all computed in the database.
 *
 * Definitions (one place, used by every screen and export):
 * - a *sale* is an order that was paid: status paid, fulfilled or refunded, dated by paid_at;
 * - *revenue* is the total (GST included) of sales that were not refunded;
 * - *average order value* is revenue / non-refunded sales with a total above ₹0;
 * - *refund rate* is refunded sales / sales with a total above ₹0;
 * - *free→paid conversion* is the share of learners who took a free item and also bought a paid one.
 */
import { and, count, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { auditLog, enrolments, orders, products, users } from "~/db/schema";
import { last12Months, monthPeriod, type Period, percent, trendPercent } from "./periods";

export const CONVERSION_TARGET = 85;
const SOLD = ["paid", "fulfilled", "refunded"] as const;
const KEPT = ["paid", "fulfilled"] as const;

export interface SalesFigures {
  revenuePaise: number;
  salesCount: number;
  paidOrderCount: number;
  refundedCount: number;
  averageOrderPaise: number;
  refundRate: number;
}

/** Sales figures of orders paid in [start, end). */
export async function salesFigures(db: DbOrTx, period: { start: Date; end: Date }): Promise<SalesFigures> {
  const [row] = await db
    .select({
      revenue: sql<string>`coalesce(sum(${orders.totalPaise}) filter (where ${orders.status} in ('paid','fulfilled')), 0)`,
      sales: count(),
      paidOrders: sql<number>`count(*) filter (where ${orders.status} in ('paid','fulfilled') and ${orders.totalPaise} > 0)::int`,
      chargeable: sql<number>`count(*) filter (where ${orders.totalPaise} > 0)::int`,
      refunded: sql<number>`count(*) filter (where ${orders.status} = 'refunded' and ${orders.totalPaise} > 0)::int`,
    })
    .from(orders)
    .where(and(inArray(orders.status, [...SOLD]), gte(orders.paidAt, period.start), lt(orders.paidAt, period.end)));
  const revenuePaise = Number(row?.revenue ?? 0);
  const paidOrderCount = Number(row?.paidOrders ?? 0);
  const refundedCount = Number(row?.refunded ?? 0);
  return {
    revenuePaise,
    salesCount: Number(row?.sales ?? 0),
    paidOrderCount,
    refundedCount,
    averageOrderPaise: paidOrderCount ? Math.round(revenuePaise / paidOrderCount) : 0,
    refundRate: percent(refundedCount, Number(row?.chargeable ?? 0)),
  };
}

/** Free→paid conversion as of `asOf`: learners with a free item who also bought a paid one. */
export async function freeToPaidConversion(
  db: DbOrTx,
  asOf: Date,
): Promise<{ free: number; converted: number; rate: number }> {
  const result = await db.execute<{ free: number; converted: number }>(sql`
    with free_learners as (
      select distinct ${enrolments.userId} as user_id from ${enrolments}
      where ${enrolments.source} = 'free' and ${enrolments.grantedAt} < ${asOf}
    )
    select
      (select count(*) from free_learners)::int as free,
      (select count(*) from free_learners f where exists (
        select 1 from ${orders} o
        where o.user_id = f.user_id and o.status in ('paid','fulfilled') and o.total_paise > 0 and o.paid_at < ${asOf}
      ))::int as converted
  `);
  const free = Number(result.rows[0]?.free ?? 0);
  const converted = Number(result.rows[0]?.converted ?? 0);
  return { free, converted, rate: percent(converted, free) };
}

export interface MonthPoint {
  label: string;
  revenuePaise: number;
  enrolments: number;
}

/** Revenue and new enrolments per month for the 12 months ending with `now`'s month. */
export async function monthlySeries(db: DbOrTx, now: Date): Promise<MonthPoint[]> {
  const months = last12Months(now);
  const from = months[0]!.start;
  const to = months[11]!.end;
  const ist = (col: unknown) => sql`to_char((${col} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM')`;
  const [rev, enr] = await Promise.all([
    db
      .select({ key: sql<string>`${ist(orders.paidAt)}`, total: sql<string>`sum(${orders.totalPaise})` })
      .from(orders)
      .where(and(inArray(orders.status, [...KEPT]), gte(orders.paidAt, from), lt(orders.paidAt, to)))
      .groupBy(sql`1`),
    db
      .select({ key: sql<string>`${ist(enrolments.grantedAt)}`, total: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(and(gte(enrolments.grantedAt, from), lt(enrolments.grantedAt, to)))
      .groupBy(sql`1`),
  ]);
  const revBy = new Map(rev.map((r) => [r.key, Number(r.total)]));
  const enrBy = new Map(enr.map((r) => [r.key, Number(r.total)]));
  return months.map((m) => {
    const key = monthKeyOf(m);
    return { label: m.label, revenuePaise: revBy.get(key) ?? 0, enrolments: enrBy.get(key) ?? 0 };
  });
}

function monthKeyOf(p: Period) {
  const d = new Date(p.start.getTime() + 330 * 60 * 1000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

export interface MetricCard {
  id: "revenue" | "students" | "enrolments" | "conversion";
  label: string;
  value: number;
  /** How to show `value`: paise, a count or a percentage. */
  format: "paise" | "count" | "percent";
  /** Change against the previous period: percent for amounts and counts, points for percentages. */
  trend: number | null;
  trendUnit: "%" | "pts";
  period: string;
}

export async function dashboardMetrics(db: DbOrTx, now = new Date()): Promise<MetricCard[]> {
  const thisMonth = monthPeriod(now);
  const lastMonth = monthPeriod(now, -1);
  const [cur, prev, studentsNow, studentsBefore, enrNow, enrPrev, convNow, convPrev] = await Promise.all([
    salesFigures(db, thisMonth),
    salesFigures(db, lastMonth),
    db.$count(users, eq(users.role, "student")),
    db.$count(users, and(eq(users.role, "student"), lt(users.createdAt, thisMonth.start))),
    db.$count(enrolments, and(gte(enrolments.grantedAt, thisMonth.start), lt(enrolments.grantedAt, thisMonth.end))),
    db.$count(enrolments, and(gte(enrolments.grantedAt, lastMonth.start), lt(enrolments.grantedAt, lastMonth.end))),
    freeToPaidConversion(db, now),
    freeToPaidConversion(db, thisMonth.start),
  ]);
  return [
    {
      id: "revenue",
      label: "Revenue this month",
      value: cur.revenuePaise,
      format: "paise",
      trend: trendPercent(cur.revenuePaise, prev.revenuePaise),
      trendUnit: "%",
      period: `vs ${lastMonth.label}`,
    },
    {
      id: "students",
      label: "Students",
      value: studentsNow,
      format: "count",
      trend: trendPercent(studentsNow, studentsBefore),
      trendUnit: "%",
      period: `vs end of ${lastMonth.label}`,
    },
    {
      id: "enrolments",
      label: "Enrolments this month",
      value: enrNow,
      format: "count",
      trend: trendPercent(enrNow, enrPrev),
      trendUnit: "%",
      period: `vs ${lastMonth.label}`,
    },
    {
      id: "conversion",
      label: "Free→paid conversion",
      value: convNow.rate,
      format: "percent",
      trend: Math.round((convNow.rate - convPrev.rate) * 10) / 10,
      trendUnit: "pts",
      period: `vs start of ${thisMonth.label}`,
    },
  ];
}

export interface TopCourse {
  id: number;
  title: string;
  subject: (typeof products.$inferSelect)["subject"];
  enrolments: number;
}

/** The five courses with the most live enrolments. */
export async function topCourses(db: DbOrTx, limit = 5): Promise<TopCourse[]> {
  const n = sql<number>`count(${enrolments.id})::int`;
  const rows = await db
    .select({ id: products.id, title: products.title, subject: products.subject, enrolments: n })
    .from(products)
    .leftJoin(enrolments, and(eq(enrolments.productId, products.id), isNull(enrolments.revokedAt)))
    .where(eq(products.kind, "course"))
    .groupBy(products.id)
    .orderBy(desc(n), products.title)
    .limit(limit);
  return rows.map((r) => ({ ...r, enrolments: Number(r.enrolments) }));
}

export async function recentActivity(db: DbOrTx, limit = 8) {
  return db
    .select({
      id: auditLog.id,
      type: auditLog.type,
      description: auditLog.description,
      status: auditLog.status,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

export async function loadDashboard(db: DbOrTx, now = new Date()) {
  const [metrics, series, top, activity] = await Promise.all([
    dashboardMetrics(db, now),
    monthlySeries(db, now),
    topCourses(db),
    recentActivity(db),
  ]);
  return { metrics, series, top, activity };
}

export async function loadSalesOverview(db: DbOrTx, now = new Date()) {
  const thisMonth = monthPeriod(now);
  const lastMonth = monthPeriod(now, -1);
  const [cur, prev, conversion, series] = await Promise.all([
    salesFigures(db, thisMonth),
    salesFigures(db, lastMonth),
    freeToPaidConversion(db, now),
    monthlySeries(db, now),
  ]);
  return {
    month: thisMonth.label,
    previousMonth: lastMonth.label,
    current: cur,
    previous: prev,
    revenueTrend: trendPercent(cur.revenuePaise, prev.revenuePaise),
    conversion: { ...conversion, target: CONVERSION_TARGET },
    series,
  };
}
