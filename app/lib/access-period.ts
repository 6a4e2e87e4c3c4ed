/**
 * Access periods (issue 36): a product grants access for life (the default), until the end of a day
 * in India ("till the March 2027 board exams"), or for a number of months from the grant. An
 * enrolment stores the instant its access ends (`expires_at`, null for life), computed here at grant.
 */
import { addIstMonths, formatDate, formatDay, istEndOfDay } from "./dates";

export const LIFETIME_ACCESS = "Full Lifetime Access";
export const MIN_ACCESS_MONTHS = 1;
export const MAX_ACCESS_MONTHS = 36;

export interface AccessRule {
  /** "yyyy-mm-dd": access until the end of this day (IST). */
  accessUntil: string | null;
  /** Access for this many months from the grant, until the end of that day (IST). */
  accessMonths: number | null;
}

/**
 * When access granted at `grantedAt` under this rule ends (null: never). "Until a date": the end of
 * that day in India. "N months": the end of the day in India N calendar months after the grant day
 * (31 Jan + 1 month ends with 28/29 Feb), so the last day is a whole day.
 */
export function accessExpiry(rule: AccessRule, grantedAt: Date): Date | null {
  if (rule.accessUntil) return istEndOfDay(rule.accessUntil);
  if (rule.accessMonths) return istEndOfDay(addIstMonths(grantedAt, rule.accessMonths));
  return null;
}

/** What a product's card and page say of its access: "Access till 31 Mar 2027", "12 months access", or lifetime. */
export function accessLabel(rule: AccessRule): string {
  if (rule.accessUntil) return `Access till ${formatDay(rule.accessUntil)}`;
  if (rule.accessMonths) return `${rule.accessMonths} month${rule.accessMonths === 1 ? "" : "s"} access`;
  return LIFETIME_ACCESS;
}

/** The last day of access of an enrolment that ends at `expiresAt`, "31 Mar 2027". */
export function lastAccessDay(expiresAt: Date | string): string {
  return formatDate(new Date(new Date(expiresAt).getTime() - 1));
}

/**
 * What an enrolment's access reads as: "Lifetime access", "Access till 31 Mar 2027" or, when `ended`
 * (accessEnded, decided once by whoever loads it), "Access ended on 31 Mar 2027".
 */
export function enrolmentAccessLabel(expiresAt: Date | string | null, ended: boolean): string {
  if (expiresAt === null) return "Lifetime access";
  return `${ended ? "Access ended on" : "Access till"} ${lastAccessDay(expiresAt)}`;
}

/**
 * What an invoice line says of the access it sells (undefined for life, so such a line reads as it
 * always did): "Access till 31 Mar 2027", or "12 months access, till 15 Jan 2028" counted from `paidAt`.
 */
export function invoiceAccessText(rule: AccessRule, paidAt: Date): string | undefined {
  const ends = accessExpiry(rule, paidAt);
  if (!ends) return undefined;
  if (rule.accessUntil) return `Access till ${lastAccessDay(ends)}`;
  return `${accessLabel(rule)}, till ${lastAccessDay(ends)}`;
}
