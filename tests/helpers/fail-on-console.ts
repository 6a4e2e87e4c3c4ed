import { afterEach, beforeEach, vi } from "vitest";

/**
 * A test fails on any console.error it did not expect. A test that expects one
 * calls `expectConsoleError(/pattern/)` first.
 */
const expected: RegExp[] = [];
let unexpected: string[] = [];
const original = console.error;

export function expectConsoleError(pattern: RegExp) {
  expected.push(pattern);
}

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" ");
    if (expected.some((re) => re.test(text))) return;
    unexpected.push(text);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expected.length = 0;
  if (unexpected.length) {
    const messages = unexpected;
    unexpected = [];
    throw new Error(`Unexpected console.error:\n${messages.join("\n")}`);
  }
});
