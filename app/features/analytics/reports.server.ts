/** PDF exports: the analytics report and the quarterly report, made on the PDF pool from figures read here. */
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import { getSettings } from "~/features/settings/settings.server";
import { runPdfJob } from "~/lib/pdf-pool.server";
import { financialQuarter } from "~/lib/periods";
import { loadSalesOverview, salesFigures, topCourses } from "./metrics.server";
import type { QuarterReport, renderAnalyticsPdf, renderQuarterReportPdf } from "./report-pdf.server";

export async function analyticsPdf(db: DbOrTx, now = new Date()): Promise<Uint8Array> {
  const [overview, top, settings] = await Promise.all([loadSalesOverview(db, now), topCourses(db), getSettings(db)]);
  return runPdfJob<typeof renderAnalyticsPdf>("analytics-report", {
    sellerName: settings.sellerName,
    now,
    overview,
    top,
  });
}

export async function quarterReport(db: DbOrTx, fyStartYear: number, quarter: 1 | 2 | 3 | 4): Promise<QuarterReport> {
  const period = financialQuarter(fyStartYear, quarter);
  const inPeriod = and(
    inArray(orders.status, ["paid", "fulfilled"]),
    gte(orders.paidAt, period.start),
    lt(orders.paidAt, period.end),
  );
  const [figures, gst, byMonth, topItems] = await Promise.all([
    salesFigures(db, period),
    db
      .select({ gst: sql<string>`coalesce(sum(${orders.gstPaise}), 0)` })
      .from(orders)
      .where(inPeriod),
    db
      .select({
        key: sql<string>`to_char((${orders.paidAt} at time zone 'UTC') + interval '330 minutes', 'Mon YYYY')`,
        first: sql<string>`min(${orders.paidAt})`,
        revenue: sql<string>`sum(${orders.totalPaise})`,
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(inPeriod)
      .groupBy(sql`1`)
      .orderBy(sql`2`),
    db
      .select({
        title: orderItems.title,
        sold: sql<number>`count(*)::int`,
        revenue: sql<string>`sum(${orderItems.pricePaise})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(inPeriod)
      .groupBy(orderItems.title)
      .orderBy(desc(sql`2`), orderItems.title)
      .limit(10),
  ]);
  return {
    period,
    figures,
    gstPaise: Number(gst[0]?.gst ?? 0),
    byMonth: byMonth.map((m) => ({ label: m.key, revenuePaise: Number(m.revenue), orders: Number(m.n) })),
    topItems: topItems.map((t) => ({ title: t.title, sold: Number(t.sold), revenuePaise: Number(t.revenue) })),
  };
}

export async function quarterReportPdf(db: DbOrTx, fyStartYear: number, quarter: 1 | 2 | 3 | 4) {
  const [report, settings] = await Promise.all([quarterReport(db, fyStartYear, quarter), getSettings(db)]);
  return runPdfJob<typeof renderQuarterReportPdf>("quarter-report", {
    sellerName: settings.sellerName,
    sellerGstin: settings.sellerGstin,
    quarter: report,
    now: new Date(),
  });
}
