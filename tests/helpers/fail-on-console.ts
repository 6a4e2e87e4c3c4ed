import { afterEach, beforeEach, vi } from "vitest";

/**
 * A test fails on any console.error it did not expect. A test that expects one
 * calls `expectConsoleError(/pattern/)` first.
 *
 * The spy is installed once and stays (it is not restored after each test), so that tests run
 * with `it.concurrent` share it safely; each test starts with its calls cleared. A message logged
 * while concurrent tests run fails whichever of them finishes next.
 */
const expected: RegExp[] = [];
let unexpected: string[] = [];
// The real console.error, kept across re-runs of this setup file (integration tests share a worker).
const holder = globalThis as { __consoleError?: typeof console.error };
holder.__consoleError ??= console.error;
const original = holder.__consoleError;

function record(...args: unknown[]) {
  const text = args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" ");
  if (expected.some((re) => re.test(text))) return;
  unexpected.push(text);
  original(...args);
}

export function expectConsoleError(pattern: RegExp) {
  expected.push(pattern);
}

beforeEach(() => {
  const spy = vi.isMockFunction(console.error) ? vi.mocked(console.error) : vi.spyOn(console, "error");
  spy.mockClear();
  spy.mockImplementation(record);
});

afterEach(() => {
  expected.length = 0;
  if (unexpected.length) {
    const messages = unexpected;
    unexpected = [];
    throw new Error(`Unexpected console.error:\n${messages.join("\n")}`);
  }
});
