/**
 * Figures of the dashboard and of Sales & Reports, all computed in the database.
 *
 * Definitions (one place, used by every screen and export):
 * - a *sale* is an order that was paid: status paid, fulfilled or refunded, dated by paid_at;
 * - a *paid order* is a sale with a total above ₹0, refunded since or not (a free checkout is a sale,
 *   never a paid order);
 * - *revenue* is the total (GST included) of sales that were not refunded, less what partial refunds
 *   of them gave back (their credit notes);
 * - *GST collected* is the GST inside revenue (those sales' GST less what their credit notes reversed),
 *   and *revenue net of GST* is revenue less it: what the business keeps (the dashboard shows both);
 * - *average order value* is revenue / paid orders not refunded;
 * - *refund rate* is refunded paid orders / paid orders;
 * - *free→paid conversion* is the share of learners who took a free item and also bought a paid one;
 * - *users* are accounts of every role, and *instructors* (User Analytics) the accounts with the
 *   Instructor role, so they are some of the users (the names on courses are the catalog's
 *   instructors, accounts or not: `userStats` below);
 * - no figure of students or users counts the seed's sample accounts (`users.is_sample`: the sample
 *   reviewers, who bought nothing), so a new install's dashboard starts from its real students.
 * Every figure on a screen is labelled with these words, so two figures never seem to disagree.
 */

import { and, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import {
  auditLog,
  creditNotes,
  enrolments,
  learnerStats,
  orders,
  productStats,
  products,
  userRole,
  users,
} from "~/db/schema";
import { SAMPLE_ACCOUNT_IDS } from "~/features/accounts/sample-accounts";
import { istDateStamp } from "~/lib/dates";
import { last12Months, monthPeriod, type Period, percent, trendPercent } from "~/lib/periods";
import { dailySums, istDate, istDayStart, monthlySums, splitByIstDays, totals } from "./rollups.server";

export const CONVERSION_TARGET = 85;
const SOLD = ["paid", "fulfilled", "refunded"] as const;

export interface SalesFigures {
  /** What buyers paid, less credit notes: GST included. */
  revenuePaise: number;
  /** The GST inside revenuePaise (less the GST of credit notes). */
  gstPaise: number;
  /** Every sale, free checkouts included. */
  salesCount: number;
  /** Paid orders (a total above ₹0), refunded since or not. */
  paidOrderCount: number;
  /** Paid orders refunded since. */
  refundedCount: number;
  /** Paid orders not refunded: what the average order value is taken over. */
  keptOrderCount: number;
  averageOrderPaise: number;
  refundRate: number;
}

type SalesCounts = Record<"revenue" | "gst" | "sales" | "paid_orders" | "chargeable" | "refunded", number>;
const SALES_METRICS = ["revenue", "gst", "sales", "paid_orders", "chargeable", "refunded"] as const;

/** The same counts straight from the orders (index on paid_at), for part-days the rollup cannot split. */
async function rawSalesCounts(db: DbOrTx, period: { start: Date; end: Date }): Promise<SalesCounts> {
  const [row] = await db
    .select({
      revenue: sql<string>`coalesce(sum(${orders.totalPaise} - (select coalesce(sum(cn.total_paise), 0) from ${creditNotes} cn where cn.order_id = "orders"."id")) filter (where ${orders.status} in ('paid','fulfilled')), 0)`,
      gst: sql<string>`coalesce(sum(${orders.gstPaise} - (select coalesce(sum(cn.cgst_paise + cn.sgst_paise + cn.igst_paise), 0) from ${creditNotes} cn where cn.order_id = "orders"."id")) filter (where ${orders.status} in ('paid','fulfilled')), 0)`,
      sales: count(),
      paidOrders: sql<number>`count(*) filter (where ${orders.status} in ('paid','fulfilled') and ${orders.totalPaise} > 0)::int`,
      chargeable: sql<number>`count(*) filter (where ${orders.totalPaise} > 0)::int`,
      refunded: sql<number>`count(*) filter (where ${orders.status} = 'refunded' and ${orders.totalPaise} > 0)::int`,
    })
    .from(orders)
    .where(and(inArray(orders.status, [...SOLD]), gte(orders.paidAt, period.start), lt(orders.paidAt, period.end)));
  return {
    revenue: Number(row?.revenue ?? 0),
    gst: Number(row?.gst ?? 0),
    sales: Number(row?.sales ?? 0),
    paid_orders: Number(row?.paidOrders ?? 0),
    chargeable: Number(row?.chargeable ?? 0),
    refunded: Number(row?.refunded ?? 0),
  };
}

/** The sales counts of orders paid in [start, end): whole IST days from the daily rollup, part-days from the orders. */
async function salesCounts(db: DbOrTx, period: { start: Date; end: Date }): Promise<SalesCounts> {
  const split = splitByIstDays(period.start, period.end);
  const parts = await Promise.all([
    split.days ? dailySums(db, SALES_METRICS, split.days) : null,
    ...split.edges.map((edge) => rawSalesCounts(db, edge)),
  ]);
  const sum = (m: (typeof SALES_METRICS)[number]) => parts.reduce((acc, p) => acc + (p?.[m] ?? 0), 0);
  return Object.fromEntries(SALES_METRICS.map((m) => [m, sum(m)])) as SalesCounts;
}

/** Sales figures of orders paid in [start, end). */
export async function salesFigures(db: DbOrTx, period: { start: Date; end: Date }): Promise<SalesFigures> {
  return figuresOf(await salesCounts(db, period));
}

function figuresOf(counts: SalesCounts): SalesFigures {
  const revenuePaise = counts.revenue;
  // The rollup's metric names: "paid_orders" counts the paid orders not refunded, "chargeable" all of them.
  const keptOrderCount = counts.paid_orders;
  const paidOrderCount = counts.chargeable;
  const refundedCount = counts.refunded;
  return {
    revenuePaise,
    gstPaise: counts.gst,
    salesCount: counts.sales,
    paidOrderCount,
    refundedCount,
    keptOrderCount,
    averageOrderPaise: keptOrderCount ? Math.round(revenuePaise / keptOrderCount) : 0,
    refundRate: percent(refundedCount, paidOrderCount),
  };
}

/**
 * Free→paid conversion as of `asOf`: learners with a free item who also bought a paid one.
 * learner_stats holds each learner's first free item and first paid order; the daily rollup
 * counts them by IST day, and the part of `asOf`'s own day comes from learner_stats.
 */
export async function freeToPaidConversion(
  db: DbOrTx,
  asOf: Date,
): Promise<{ free: number; converted: number; rate: number }> {
  const dayStart = istDayStart(asOf);
  const converted = sql`greatest(${learnerStats.firstFreeAt}, ${learnerStats.firstPaidAt})`;
  const [before, [today]] = await Promise.all([
    dailySums(db, ["free_learners", "converted"] as const, { to: istDate(dayStart) }),
    dayStart < asOf
      ? db
          .select({
            free: sql<number>`(select count(*) from ${learnerStats} where ${learnerStats.firstFreeAt} >= ${dayStart} and ${learnerStats.firstFreeAt} < ${asOf})::int`,
            converted: sql<number>`(select count(*) from ${learnerStats} where ${learnerStats.firstFreeAt} is not null and ${learnerStats.firstPaidAt} is not null and ${converted} >= ${dayStart} and ${converted} < ${asOf})::int`,
          })
          .from(sql`(select 1) as one`)
      : [{ free: 0, converted: 0 }],
  ]);
  const free = before.free_learners + Number(today?.free ?? 0);
  const conv = before.converted + Number(today?.converted ?? 0);
  return { free, converted: conv, rate: percent(conv, free) };
}

export interface MonthPoint {
  label: string;
  revenuePaise: number;
  /** The GST inside revenuePaise. */
  gstPaise: number;
  enrolments: number;
}

/** Revenue and new enrolments per month for the 12 months ending with `now`'s month. */
export async function monthlySeries(db: DbOrTx, now: Date): Promise<MonthPoint[]> {
  const months = last12Months(now);
  const from = months[0]!.start;
  const to = months[11]!.end;
  const range = { from: istDate(from), to: istDate(to) };
  const [revBy, gstBy, enrBy] = await Promise.all([
    monthlySums(db, "revenue", range),
    monthlySums(db, "gst", range),
    monthlySums(db, "enrolments", range),
  ]);
  return months.map((m) => {
    const key = monthKeyOf(m);
    return {
      label: m.label,
      revenuePaise: revBy.get(key) ?? 0,
      gstPaise: gstBy.get(key) ?? 0,
      enrolments: enrBy.get(key) ?? 0,
    };
  });
}

function monthKeyOf(p: Period) {
  return istDateStamp(p.start).slice(0, 7); // the month in India
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
  /** A figure shown beside the value (the GST next to revenue net of GST). */
  beside?: { label: string; value: number; format: "paise" };
}

/** Enrolments granted in [start, end): whole IST days from the rollup, part-days from the enrolments. */
async function enrolmentCount(db: DbOrTx, period: { start: Date; end: Date }) {
  const split = splitByIstDays(period.start, period.end);
  const parts = await Promise.all([
    split.days ? dailySums(db, ["enrolments"] as const, split.days).then((r) => r.enrolments) : 0,
    ...split.edges.map((e) =>
      db.$count(enrolments, and(gte(enrolments.grantedAt, e.start), lt(enrolments.grantedAt, e.end))),
    ),
  ]);
  return parts.reduce((a, b) => a + b, 0);
}

/**
 * The seed's sample accounts still there (users.is_sample): in all, with the Student role, and with
 * the Student role joined before `before`: what the rollups' user counts hold and no figure shows.
 * Found by their ids (the seed's only sample accounts: an index lookup, no scan of the users).
 */
export async function sampleAccountCounts(db: DbOrTx, before = new Date(0)) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      students: sql<number>`count(*) filter (where ${users.role} = 'student')::int`,
      studentsBefore: sql<number>`count(*) filter (where ${users.role} = 'student' and ${users.createdAt} < ${before})::int`,
    })
    .from(users)
    .where(and(inArray(users.id, SAMPLE_ACCOUNT_IDS), eq(users.isSample, true)));
  return {
    all: Number(row?.all ?? 0),
    students: Number(row?.students ?? 0),
    studentsBefore: Number(row?.studentsBefore ?? 0),
  };
}

export async function dashboardMetrics(db: DbOrTx, now = new Date()): Promise<MetricCard[]> {
  const thisMonth = monthPeriod(now);
  const lastMonth = monthPeriod(now, -1);
  const [cur, prev, allStudentsNow, allStudentsBefore, sample, enrNow, enrPrev, convNow, convPrev] = await Promise.all([
    salesCounts(db, thisMonth),
    salesCounts(db, lastMonth),
    dailySums(db, ["users_student"] as const).then((r) => r.users_student),
    dailySums(db, ["users_student"] as const, { to: istDate(thisMonth.start) }).then((r) => r.users_student),
    sampleAccountCounts(db, thisMonth.start),
    enrolmentCount(db, thisMonth),
    enrolmentCount(db, lastMonth),
    freeToPaidConversion(db, now),
    freeToPaidConversion(db, thisMonth.start),
  ]);
  const studentsNow = allStudentsNow - sample.students;
  const studentsBefore = allStudentsBefore - sample.studentsBefore;
  return [
    {
      id: "revenue",
      label: "Revenue this month, net of GST",
      value: cur.revenue - cur.gst,
      format: "paise",
      trend: trendPercent(cur.revenue - cur.gst, prev.revenue - prev.gst),
      trendUnit: "%",
      period: `vs ${lastMonth.label}`,
      beside: { label: "GST collected", value: cur.gst, format: "paise" },
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

/** The five courses with the most live enrolments (counted by product_stats). */
export async function topCourses(db: DbOrTx, limit = 5): Promise<TopCourse[]> {
  const n = sql<number>`coalesce(${productStats.liveEnrolments}, 0)::int`;
  const rows = await db
    .select({ id: products.id, title: products.title, subject: products.subject, enrolments: n })
    .from(products)
    .leftJoin(productStats, eq(productStats.productId, products.id))
    .where(eq(products.kind, "course"))
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

/** A chart shows what its revenue card shows: revenue net of GST. */
function netOfGst(series: MonthPoint[]) {
  return series.map(({ gstPaise, ...m }) => ({ ...m, revenuePaise: m.revenuePaise - gstPaise }));
}

export async function loadDashboard(db: DbOrTx, now = new Date()) {
  const [metrics, series, top, activity] = await Promise.all([
    dashboardMetrics(db, now),
    monthlySeries(db, now),
    topCourses(db),
    recentActivity(db),
  ]);
  return { metrics, series: netOfGst(series), top, activity };
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
    revenueTrend: trendPercent(cur.revenuePaise - cur.gstPaise, prev.revenuePaise - prev.gstPaise),
    conversion: { ...conversion, target: CONVERSION_TARGET },
    series: netOfGst(series),
  };
}

const USER_METRICS = userRole.enumValues.map((r) => `users_${r}` as const);

/**
 * The cards of User Analytics, all about accounts (defined above):
 * total users of every role (not the seed's sample accounts), the accounts with the Instructor role among them, live enrolments
 * per learner, free→paid conversion.
 */
export async function userStats(db: DbOrTx, now = new Date()) {
  // Counted by the rollups (drizzle/0006), not by scanning users and enrolments.
  const [byRole, running, sample] = await Promise.all([
    dailySums(db, USER_METRICS),
    totals(db, ["learners", "live_enrolments"] as const),
    sampleAccountCounts(db),
  ]);
  const load = { learners: running.learners, live: running.live_enrolments };
  const conversion = await freeToPaidConversion(db, now);
  const learners = Number(load?.learners ?? 0);
  return {
    // The seed's sample accounts are not users of the store (metrics.server.ts).
    totalUsers: USER_METRICS.reduce((sum, m) => sum + byRole[m], 0) - sample.all,
    instructors: byRole.users_instructor,
    averageCourseLoad: learners ? Math.round((Number(load?.live ?? 0) / learners) * 10) / 10 : 0,
    conversion: conversion.rate,
  };
}
