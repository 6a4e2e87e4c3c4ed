/**
 * Reads of the pre-aggregated figures (stats_daily, stats_totals, product_stats, learner_stats),
 * which triggers keep exact in the same transaction as every change (drizzle/0006). Days are
 * IST calendar days, so any period made of whole IST days (months, quarters) is read from the
 * rollup alone; a period that starts or ends inside a day adds the raw rows of that part-day.
 */
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { statsDaily, statsTotals } from "~/db/schema";

const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 00:00 IST of the day containing `date`. */
export function istDayStart(date: Date): Date {
  return new Date(Math.floor((date.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS);
}

/** "YYYY-MM-DD" of the IST day starting at `dayStart`. */
export function istDate(dayStart: Date): string {
  return new Date(dayStart.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export interface DaySplit {
  /** Whole IST days [from, to) as dates, or null when the period holds no whole day. */
  days: { from: string; to: string } | null;
  /** The part-days at either end, to be counted from the raw rows. */
  edges: { start: Date; end: Date }[];
}

/** Splits [start, end) into whole IST days and the part-days at either end. */
export function splitByIstDays(start: Date, end: Date): DaySplit {
  if (end <= start) return { days: null, edges: [] };
  const startDay = istDayStart(start);
  const firstFull = startDay.getTime() === start.getTime() ? startDay : new Date(startDay.getTime() + DAY_MS);
  const lastFull = istDayStart(end);
  if (firstFull >= lastFull) return { days: null, edges: [{ start, end }] };
  const edges: { start: Date; end: Date }[] = [];
  if (start < firstFull) edges.push({ start, end: firstFull });
  if (lastFull < end) edges.push({ start: lastFull, end });
  return { days: { from: istDate(firstFull), to: istDate(lastFull) }, edges };
}

/** Sum of each metric over the IST days [from, to) (either bound optional). */
export async function dailySums<M extends string>(
  db: DbOrTx,
  metrics: readonly M[],
  range: { from?: string; to?: string } = {},
): Promise<Record<M, number>> {
  const filters = [inArray(statsDaily.metric, [...metrics])];
  if (range.from) filters.push(gte(statsDaily.day, range.from));
  if (range.to) filters.push(lt(statsDaily.day, range.to));
  const rows = await db
    .select({ metric: statsDaily.metric, total: sql<string>`sum(${statsDaily.value})` })
    .from(statsDaily)
    .where(and(...filters))
    .groupBy(statsDaily.metric);
  const out = Object.fromEntries(metrics.map((m) => [m, 0])) as Record<M, number>;
  for (const r of rows) out[r.metric as M] = Number(r.total);
  return out;
}

/** Sum of each metric per IST month ("YYYY-MM") over the IST days [from, to). */
export async function monthlySums(db: DbOrTx, metric: string, range: { from: string; to: string }) {
  const rows = await db
    .select({ key: sql<string>`to_char(${statsDaily.day}, 'YYYY-MM')`, total: sql<string>`sum(${statsDaily.value})` })
    .from(statsDaily)
    .where(and(eq(statsDaily.metric, metric), gte(statsDaily.day, range.from), lt(statsDaily.day, range.to)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.key, Number(r.total)]));
}

export async function totals<M extends string>(db: DbOrTx, metrics: readonly M[]): Promise<Record<M, number>> {
  const rows = await db
    .select()
    .from(statsTotals)
    .where(inArray(statsTotals.metric, [...metrics]));
  const out = Object.fromEntries(metrics.map((m) => [m, 0])) as Record<M, number>;
  for (const r of rows) out[r.metric as M] = Number(r.value);
  return out;
}
