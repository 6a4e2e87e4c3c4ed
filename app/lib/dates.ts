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
