/**
 * Journal entries marked by their lines (issue 35). Pure and shared by the server and the browser.
 *
 * The owner writes the expected entry one line per row, "Dr | Cash A/c | 50,000" and
 * "Cr | Ram's Capital A/c | 50,000"; an account that may be named two ways lists both with ";"
 * ("Bank A/c; Cash A/c"). The student types their lines (Dr/Cr, account, amount) in a small table.
 * Each expected line is matched by one given line with the same side, an accepted account name (as a
 * student writes it: "To", "A/c", "Account", "Dr." and case do not matter) and the same amount. The
 * marks are the question's marks times the lines matched over the lines expected (or given, when more
 * were given: a wrong extra line costs like a missing one), rounded down to half marks.
 */
import type { JournalLine } from "~/db/schema";
import { formatCount } from "~/lib/numbers";
import { parseNumericAnswer } from "./scoring";

/** An expected line: the side, the accepted names of the account (at least one) and the amount. */
export type { JournalLine };
export type JournalSide = JournalLine["side"];

/** A line as the student typed it (amount as typed: "50,000", "₹ 50000"). */
export interface JournalAnswerLine {
  side: JournalSide;
  account: string;
  amount: string;
}

/** A line as a table shows it (journal-table.tsx). */
export interface JournalTableLine {
  side: JournalSide;
  account: string;
  /** A number (the expected entry) or the amount as the student typed it. */
  amount: number | string;
  /** On a marked answer: whether the line matched a line of the entry. */
  right?: boolean;
}

export const MAX_JOURNAL_LINES = 20;
export const MAX_JOURNAL_ACCOUNT = 120;
const MAX_JOURNAL_AMOUNT = 24;

const SIDE = /^(dr|cr)\.?$/i;

/** The owner's lines as expected lines, or the first thing wrong (by its line). "" is no lines. */
export function parseJournalText(text: string): { lines: JournalLine[] } | { error: string } {
  const lines: JournalLine[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = `Line ${index + 1}`;
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length !== 3) return { error: `${at}: write "Dr | Cash A/c | 50,000" (side, account, amount).` };
    const [side, account, amount] = cells as [string, string, string];
    if (!SIDE.test(side)) return { error: `${at}: start with Dr or Cr.` };
    const accounts = account
      .split(";")
      .map((a) => a.trim())
      .filter(Boolean);
    if (!accounts.length || accounts.some((a) => !accountKey(a))) return { error: `${at}: name the account.` };
    if (accounts.some((a) => a.length > MAX_JOURNAL_ACCOUNT)) {
      return { error: `${at}: keep an account's name under ${MAX_JOURNAL_ACCOUNT} characters.` };
    }
    const value = parseNumericAnswer(amount);
    if (value === null || value <= 0) return { error: `${at}: "${amount}" is not an amount (e.g. 50,000).` };
    lines.push({ side: side.slice(0, 2).toLowerCase() as JournalSide, accounts, amount: value });
    if (lines.length > MAX_JOURNAL_LINES) return { error: `An entry has at most ${MAX_JOURNAL_LINES} lines.` };
  }
  return { lines };
}

/** Expected lines as the owner writes them (the form's text box, the CSV cell). */
export function journalText(lines: JournalLine[]): string {
  return lines
    .map((l) => `${l.side === "dr" ? "Dr" : "Cr"} | ${l.accounts.join("; ")} | ${formatCount(l.amount)}`)
    .join("\n");
}

/** What is wrong with an entry as a whole: at least a debit and a credit, and the two sides agree. */
export function journalProblems(lines: JournalLine[]): string[] {
  if (lines.length < 2) return ["a journal entry needs at least two lines"];
  const problems: string[] = [];
  if (!lines.some((l) => l.side === "dr") || !lines.some((l) => l.side === "cr")) {
    problems.push("a journal entry needs a debit and a credit");
  }
  const total = (side: JournalSide) => lines.filter((l) => l.side === side).reduce((n, l) => n + l.amount, 0);
  if (Math.abs(total("dr") - total("cr")) > 0.005) {
    problems.push(
      `the debits (${formatCount(total("dr"))}) and credits (${formatCount(total("cr"))}) of the entry differ`,
    );
  }
  return problems;
}

/** An account's name as compared: "To Ram's Capital A/c" and "ram capital account" are the same. */
export function accountKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]s\b/g, "")
    .replace(/\ba\/cs?\b|\baccounts?\b/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^(to|by)\s+/, "")
    .replace(/\s+dr$/, "")
    .replace(/\s+/g, " ");
}

/**
 * The student's lines from what the browser sent (a JSON array), keeping only lines with something
 * typed; null when nothing is. Throws a message for anything else (too many lines, a field too long,
 * not the shape).
 */
export function parseJournalAnswer(raw: string | null): JournalAnswerLine[] | null {
  if (raw === null || !raw.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error("The entry's lines could not be read.");
  }
  if (!Array.isArray(value)) throw new Error("The entry's lines could not be read.");
  if (value.length > MAX_JOURNAL_LINES) throw new Error(`An entry has at most ${MAX_JOURNAL_LINES} lines.`);
  const lines: JournalAnswerLine[] = [];
  for (const item of value) {
    const line = item as Partial<Record<keyof JournalAnswerLine, unknown>> | null;
    if (!line || typeof line !== "object") throw new Error("The entry's lines could not be read.");
    const { side, account, amount } = line;
    if ((side !== "dr" && side !== "cr") || typeof account !== "string" || typeof amount !== "string") {
      throw new Error("The entry's lines could not be read.");
    }
    if (account.length > MAX_JOURNAL_ACCOUNT) {
      throw new Error(`Keep an account's name under ${MAX_JOURNAL_ACCOUNT} characters.`);
    }
    if (amount.length > MAX_JOURNAL_AMOUNT)
      throw new Error(`Write an amount in at most ${MAX_JOURNAL_AMOUNT} characters.`);
    if (!account.trim() && !amount.trim()) continue;
    lines.push({ side, account: account.trim(), amount: amount.trim() });
  }
  return lines.length ? lines : null;
}

/** The saved answer's lines (stored as parseJournalAnswer left them); [] when none or unreadable. */
export function savedJournalLines(text: string | null): JournalAnswerLine[] {
  try {
    return parseJournalAnswer(text) ?? [];
  } catch {
    return [];
  }
}

export interface JournalMarking {
  awardedCenti: number;
  correct: boolean | null;
  /** For each given line: whether it matched an expected line. */
  given: boolean[];
  /** For each expected line: whether a given line matched it. */
  expected: boolean[];
}

/** Marks the student's lines against the expected entry (see the top of this file). */
export function markJournal(
  question: { marks: number; journalLines: JournalLine[] },
  text: string | null,
): JournalMarking {
  const answer = savedJournalLines(text);
  const expected = question.journalLines;
  const matchedExpected = expected.map(() => false);
  const given = answer.map((line) => {
    const key = accountKey(line.account);
    const amount = parseNumericAnswer(line.amount);
    const at = expected.findIndex(
      (e, i) =>
        !matchedExpected[i] &&
        e.side === line.side &&
        amount !== null &&
        Math.abs(e.amount - amount) < 0.005 &&
        e.accounts.some((a) => accountKey(a) === key),
    );
    if (at < 0) return false;
    matchedExpected[at] = true;
    return true;
  });
  if (!answer.length) return { awardedCenti: 0, correct: null, given, expected: matchedExpected };
  const matched = given.filter(Boolean).length;
  const outOf = Math.max(expected.length, answer.length);
  const halves = Math.floor((question.marks * 2 * matched) / outOf);
  return {
    awardedCenti: halves * 50,
    correct: matched === expected.length && answer.length === expected.length,
    given,
    expected: matchedExpected,
  };
}
