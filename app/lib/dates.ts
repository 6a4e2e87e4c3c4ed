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
