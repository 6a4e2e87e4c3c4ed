import { describe, expect, it } from "vitest";
import {
  accountKey,
  journalProblems,
  journalText,
  markJournal,
  parseJournalAnswer,
  parseJournalText,
  savedJournalLines,
} from "./journal";

const ENTRY = parseJournalText(
  [
    "Dr | Bank A/c; Cash A/c | 1,20,000",
    "Dr | Premium for Goodwill A/c | 30,000",
    "Cr | Ram's Capital A/c | 1,00,000",
    "Cr | Shyam's Capital A/c | 50,000",
  ].join("\n"),
);
if ("error" in ENTRY) throw new Error(ENTRY.error);
const question = { marks: 4, journalLines: ENTRY.lines };
const answer = (...lines: [string, string, string][]) =>
  JSON.stringify(lines.map(([side, account, amount]) => ({ side, account, amount })));

describe("the owner's lines", () => {
  it("reads side, accepted names and amount, and writes them back the same", () => {
    expect(ENTRY.lines[0]).toEqual({ side: "dr", accounts: ["Bank A/c", "Cash A/c"], amount: 120000 });
    expect(ENTRY.lines[2]).toEqual({ side: "cr", accounts: ["Ram's Capital A/c"], amount: 100000 });
    const again = parseJournalText(journalText(ENTRY.lines));
    expect(again).toEqual({ lines: ENTRY.lines });
    expect(journalText(ENTRY.lines).split("\n")[0]).toBe("Dr | Bank A/c; Cash A/c | 1,20,000");
  });

  it("says which line is wrong and what is wrong with it", () => {
    expect(parseJournalText("Dr | Cash A/c | 500\nCash A/c | 500")).toEqual({
      error: 'Line 2: write "Dr | Cash A/c | 50,000" (side, account, amount).',
    });
    expect(parseJournalText("Debit | Cash A/c | 500")).toEqual({ error: "Line 1: start with Dr or Cr." });
    expect(parseJournalText("Dr | A/c | 500")).toEqual({ error: "Line 1: name the account." });
    expect(parseJournalText("Cr | Capital A/c | fifty")).toEqual({
      error: 'Line 1: "fifty" is not an amount (e.g. 50,000).',
    });
    expect(parseJournalText("Cr | Capital A/c | -5")).toHaveProperty("error");
    expect(parseJournalText(Array(21).fill("Dr | Cash A/c | 1").join("\n"))).toEqual({
      error: "An entry has at most 20 lines.",
    });
    expect(parseJournalText("  \n")).toEqual({ lines: [] });
  });

  it("an entry needs a debit and a credit that agree", () => {
    expect(journalProblems(ENTRY.lines)).toEqual([]);
    const one = parseJournalText("Dr | Cash A/c | 500") as { lines: never[] };
    expect(journalProblems(one.lines)).toEqual(["a journal entry needs at least two lines"]);
    const uneven = parseJournalText("Dr | Cash A/c | 500\nCr | Capital A/c | 400") as { lines: never[] };
    expect(journalProblems(uneven.lines)).toEqual(["the debits (500) and credits (400) of the entry differ"]);
    const sameSide = parseJournalText("Dr | Cash A/c | 500\nDr | Bank A/c | 500") as { lines: never[] };
    expect(journalProblems(sameSide.lines)[0]).toBe("a journal entry needs a debit and a credit");
  });
});

describe("account names as a student writes them", () => {
  it("ignores To, A/c, Account, Dr., 's, & and capitals, but not the name", () => {
    const same = [
      "Ram's Capital A/c",
      "To Ram's Capital A/c",
      "ram capital account",
      "RAM'S CAPITAL A/C",
      "Ram’s Capital",
    ];
    expect(new Set(same.map(accountKey))).toEqual(new Set(["ram capital"]));
    expect(accountKey("Cash A/c Dr.")).toBe("cash");
    expect(accountKey("Profit & Loss Appropriation A/c")).toBe("profit and loss appropriation");
    expect(accountKey("Shyam's Capital A/c")).not.toBe(accountKey("Ram's Capital A/c"));
    expect(accountKey("Bank Loan A/c")).not.toBe(accountKey("Bank A/c"));
  });
});

describe("marking by lines", () => {
  it("gives full marks for every line right, in any order and as written by hand", () => {
    const m = markJournal(
      question,
      answer(
        ["cr", "To Shyam's Capital", "50000"],
        ["dr", "Cash A/c", "₹ 1,20,000"],
        ["dr", "premium for goodwill account", "30,000.00"],
        ["cr", "To Ram's Capital A/c", "1,00,000"],
      ),
    );
    expect(m).toEqual({
      awardedCenti: 400,
      correct: true,
      given: [true, true, true, true],
      expected: [true, true, true, true],
    });
  });

  it("gives each right line its share, rounded down to half marks", () => {
    // 3 of 4 lines: 3 of 4 marks.
    const three = markJournal(
      question,
      answer(
        ["dr", "Bank", "120000"],
        ["dr", "Goodwill A/c", "30000"],
        ["cr", "Ram's Capital", "100000"],
        ["cr", "Shyam's Capital", "50000"],
      ),
    );
    expect(three).toMatchObject({ awardedCenti: 300, correct: false, given: [true, false, true, true] });
    // A 3-mark entry of two lines, one right: 1.5 marks (a half mark).
    const two = parseJournalText("Dr | Drawings A/c | 5,000\nCr | Cash A/c | 5,000") as { lines: never[] };
    const half = markJournal(
      { marks: 3, journalLines: two.lines },
      answer(["dr", "Drawings", "5000"], ["cr", "Bank", "5000"]),
    );
    expect(half).toMatchObject({ awardedCenti: 150, correct: false });
    // The wrong side or the wrong amount is not the line.
    const sides = markJournal(
      { marks: 3, journalLines: two.lines },
      answer(["cr", "Drawings", "5000"], ["dr", "Cash", "5000"]),
    );
    expect(sides).toMatchObject({ awardedCenti: 0, correct: false });
    const amounts = markJournal(
      { marks: 3, journalLines: two.lines },
      answer(["dr", "Drawings", "500"], ["cr", "Cash", "5000"]),
    );
    expect(amounts.awardedCenti).toBe(150);
  });

  it("a wrong extra line costs like a missing one, and one line never matches twice", () => {
    const two = parseJournalText("Dr | Drawings A/c | 5,000\nCr | Cash A/c | 5,000") as { lines: never[] };
    const extra = markJournal(
      { marks: 2, journalLines: two.lines },
      answer(["dr", "Drawings", "5000"], ["cr", "Cash", "5000"], ["cr", "Bank", "5000"], ["dr", "Cash", "5000"]),
    );
    // 2 right of 4 given: 1 of 2 marks, not full marks.
    expect(extra).toMatchObject({ awardedCenti: 100, correct: false, given: [true, true, false, false] });
    const twice = markJournal(
      { marks: 2, journalLines: two.lines },
      answer(["dr", "Drawings", "5000"], ["dr", "Drawings", "5000"]),
    );
    expect(twice).toMatchObject({ awardedCenti: 100, given: [true, false], expected: [true, false] });
  });

  it("nothing typed is not answered: 0 and no verdict", () => {
    expect(markJournal(question, null)).toMatchObject({ awardedCenti: 0, correct: null, given: [] });
    expect(markJournal(question, answer(["dr", " ", ""]))).toMatchObject({ awardedCenti: 0, correct: null });
  });
});

describe("the student's lines as sent by the browser", () => {
  it("keeps typed lines, drops empty ones, and is null when nothing is typed", () => {
    expect(parseJournalAnswer(answer(["dr", " Cash A/c ", "500"], ["cr", "", ""]))).toEqual([
      { side: "dr", account: "Cash A/c", amount: "500" },
    ]);
    expect(parseJournalAnswer(answer(["cr", "", " "]))).toBeNull();
    expect(parseJournalAnswer("")).toBeNull();
    expect(parseJournalAnswer(null)).toBeNull();
  });

  it("refuses what is not lines, too many lines or too long a field", () => {
    expect(() => parseJournalAnswer("Dr Cash 500")).toThrow("could not be read");
    expect(() => parseJournalAnswer('{"side":"dr"}')).toThrow("could not be read");
    expect(() => parseJournalAnswer('[{"side":"debit","account":"Cash","amount":"5"}]')).toThrow("could not be read");
    expect(() => parseJournalAnswer('[{"side":"dr","account":5,"amount":"5"}]')).toThrow("could not be read");
    expect(() => parseJournalAnswer(answer(...Array(21).fill(["dr", "Cash", "5"])))).toThrow("at most 20 lines");
    expect(() => parseJournalAnswer(answer(["dr", "x".repeat(121), "5"]))).toThrow("under 120 characters");
    expect(() => parseJournalAnswer(answer(["dr", "Cash", "9".repeat(25)]))).toThrow("at most 24 characters");
    expect(savedJournalLines("not json")).toEqual([]);
  });
});
