/**
 * The one CSV writer of every export (the sales ledger, the practice questions, the GSTR-1 files):
 * RFC 4180 fields, CRLF line ends, and one guard against spreadsheet formulas.
 *
 * The guard: a text cell a spreadsheet would run as a formula (one that starts with `=`, `+`, `-`
 * or `@`, their full-width forms, a tab or a carriage return) is written with a leading `'`, the
 * OWASP advice, unless it is a plain number (`-12.50`). A cell holding a separator of any locale
 * (`,` or `;`), a quote, a tab or a line break is quoted, so a spreadsheet that splits on `;` keeps
 * `;=HYPERLINK(…)` as text in one cell instead of running the formula after the `;`. JavaScript
 * numbers are written as they are; a Date as India Standard Time with its zone (`istTimestamp`).
 */
import { istTimestamp } from "./dates";

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One field of a CSV line. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  let text = value instanceof Date ? istTimestamp(value) : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF included. */
export function csvLine(fields: readonly unknown[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}
