/**
 * The e2e project's shared state, made in the background by tests/e2e/global-setup.ts (a build when
 * the sources changed, the seeded template, the shared server) while the unit and integration tests
 * run: it writes the outcome to a file once, and the e2e files wait for that file
 * (tests/e2e/setup-ready.ts) before they start.
 */
import fs from "node:fs";
import { inject } from "vitest";

export type E2eSetupStatus = { baseUrl: string } | { error: string };

/** Writes the outcome at once for readers (to a temporary name, then renamed). */
export function writeSetupStatus(file: string, status: E2eSetupStatus): void {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(status));
  fs.renameSync(`${file}.tmp`, file);
}

function readStatus(): E2eSetupStatus | undefined {
  const file = inject("e2eSetupStatus");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as E2eSetupStatus) : undefined;
}

/** Waits for the background setup; throws its error when it failed. */
export async function e2eReady(timeoutMs = 600_000): Promise<{ baseUrl: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = readStatus();
    if (status && "error" in status)
      throw new Error(`The e2e setup failed (tests/e2e/global-setup.ts):\n${status.error}`);
    if (status) return status;
    if (Date.now() > deadline) throw new Error(`The e2e setup was not done after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The shared server's URL (after `e2eReady()`, which every e2e file's setup awaits). */
export function sharedBaseUrl(): string {
  const status = readStatus();
  if (!status || "error" in status) throw new Error("sharedBaseUrl() before the e2e setup was ready");
  return status.baseUrl;
}
