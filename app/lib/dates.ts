/** Dates and times as people read them: India Standard Time, en-IN. The only place that makes date strings. */

const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });
const dateTimeFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

/** "5 Mar 2026" (IST); "—" when there is no date. */
export function formatDate(value: Date | string | null | undefined): string {
  return value ? dateFormat.format(new Date(value)) : "—";
}

/** "5 Mar 2026, 3:04 pm" (IST); "—" when there is no date. */
export function formatDateTime(value: Date | string | null | undefined): string {
  return value ? dateTimeFormat.format(new Date(value)) : "—";
}

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The calendar fields of this instant in India (UTC+05:30, no daylight saving). */
export function istParts(value: Date | string) {
  const ist = new Date(new Date(value).getTime() + IST_OFFSET_MS);
  return {
    year: ist.getUTCFullYear(),
    month: ist.getUTCMonth() + 1,
    day: ist.getUTCDate(),
    hour: ist.getUTCHours(),
    minute: ist.getUTCMinutes(),
    second: ist.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "2026-11-25": the day in India, for file names and date keys. */
export function istDateStamp(value: Date | string): string {
  const p = istParts(value);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** "2026-11-25 00:26:05 +05:30": an unambiguous IST timestamp for CSV exports. */
export function istTimestamp(value: Date | string): string {
  const p = istParts(value);
  return `${istDateStamp(value)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)} +05:30`;
}

/** "25/11/2026": the day in India as invoices print it. */
export function formatDateNumeric(value: Date | string): string {
  const p = istParts(value);
  return `${pad(p.day)}/${pad(p.month)}/${p.year}`;
}

/** "09-Oct-2026": the day in India as the GST offline tool writes dates. */
export function gstrDate(value: Date | string): string {
  const p = istParts(value);
  return `${pad(p.day)}-${MONTHS[p.month - 1]}-${p.year}`;
}

/** "25 Nov 2026, 12:26 am IST": a date and time with its zone, for printed reports and emails. */
export function formatDateTimeIst(value: Date | string): string {
  return `${formatDateTime(value)} IST`;
}

/** The instant a day in India ends ("2027-03-31" → 2027-04-01 00:00 IST, 2027-03-31T18:30Z): the first moment after it. */
export function istEndOfDay(day: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1) - IST_OFFSET_MS);
}

/**
 * The day in India `months` calendar months after this instant's day, as "yyyy-mm-dd"; a day the
 * target month lacks becomes its last day (31 Jan + 1 month = 28 or 29 Feb).
 */
export function addIstMonths(value: Date | string, months: number): string {
  const p = istParts(value);
  const monthIndex = p.month - 1 + months;
  const year = p.year + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${pad(month + 1)}-${pad(Math.min(p.day, lastDay))}`;
}

/** Whether `day` is a real calendar day written "yyyy-mm-dd" (a date input's value). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const d = new Date(Date.UTC(year, month - 1, date));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === date;
}

/** "31 Mar 2027": a calendar day ("yyyy-mm-dd", e.g. a date column) as people read it. */
export function formatDay(day: string): string {
  return formatDate(new Date(istEndOfDay(day).getTime() - 1));
}

/** "2027-03-31": today's date in India, for date inputs' minimum and comparisons with date columns. */
export function istToday(now: Date = new Date()): string {
  return istDateStamp(now);
}
