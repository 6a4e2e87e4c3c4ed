/**
 * Calendar periods of the business, in India Standard Time (UTC+05:30, no DST):
 * a "month" starts at 00:00 IST on its first day. Pure functions, no database.
 */
const IST_OFFSET_MS = 330 * 60 * 1000;

export interface Period {
  start: Date;
  end: Date; // exclusive
  label: string;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function istParts(date: Date) {
  const shifted = new Date(date.getTime() + IST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() };
}

/** 00:00 IST on the first day of (year, month); month may overflow either way. */
export function istMonthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1) - IST_OFFSET_MS);
}

/** The month containing `now`, shifted by `offset` months (−1 = the previous month). */
export function monthPeriod(now: Date, offset = 0): Period {
  const { year, month } = istParts(now);
  const start = istMonthStart(year, month + offset);
  const end = istMonthStart(year, month + offset + 1);
  const p = istParts(start);
  return { start, end, label: `${MONTHS[p.month]} ${p.year}` };
}

/** The 12 months ending with the month of `now`, oldest first. */
export function last12Months(now: Date): Period[] {
  return Array.from({ length: 12 }, (_, i) => monthPeriod(now, i - 11));
}

/** "YYYY-MM" key of the IST month a timestamp falls in. */
export function monthKey(date: Date): string {
  const { year, month } = istParts(date);
  return `${year}-${String(month + 1).padStart(2, "0")}`;
}

/**
 * Quarter of the Indian financial year (April–March): Q1 = Apr–Jun, Q2 = Jul–Sep,
 * Q3 = Oct–Dec, Q4 = Jan–Mar of the next calendar year. `fyStartYear` 2025 = FY 2025–26.
 */
export function financialQuarter(fyStartYear: number, quarter: 1 | 2 | 3 | 4): Period {
  const firstMonth = 3 + (quarter - 1) * 3; // April = 3
  const start = istMonthStart(fyStartYear, firstMonth);
  const end = istMonthStart(fyStartYear, firstMonth + 3);
  const a = istParts(start);
  const b = istParts(new Date(end.getTime() - 1));
  const fy = `FY ${fyStartYear}–${String((fyStartYear + 1) % 100).padStart(2, "0")}`;
  return { start, end, label: `Q${quarter} ${fy} (${MONTHS[a.month]}–${MONTHS[b.month]} ${b.year})` };
}

/** The financial quarter containing `now`. */
export function currentFinancialQuarter(now: Date): { fyStartYear: number; quarter: 1 | 2 | 3 | 4 } {
  const { year, month } = istParts(now);
  const fyStartYear = month >= 3 ? year : year - 1;
  const quarter = (Math.floor(((month + 12 - 3) % 12) / 3) + 1) as 1 | 2 | 3 | 4;
  return { fyStartYear, quarter };
}

/** Percentage change from `previous` to `current`, one decimal; null when there is no base. */
export function trendPercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** share / total as a percentage with one decimal (0 when total is 0). */
export function percent(share: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((share / total) * 1000) / 10;
}
