/**
 * Vitest fixtures for the end-to-end tests (`test.extend`), instead of a preamble in every file:
 *
 *   import { describe, expect, it } from "../helpers/fixtures";
 *   it("…", async ({ browser, baseUrl }) => { … });
 *   it.beforeAll(async ({ browser }) => { … }); // hooks get the worker's fixtures
 *
 * - `baseUrl`: the shared server tests/e2e/global-setup.ts started (the owner's install). A file that
 *   changes what every visitor sees starts a server of its own (`startServer()`), and still uses
 *   the worker's `browser`.
 * - `browser`: the one Chromium global-setup launched, connected to once per worker (a connection
 *   costs milliseconds, a launch a second or more of CPU). Tests share it and keep apart through
 *   their own contexts: close what you open (a worker's leftovers close when it ends).
 *   A connected browser has no temporary `path()` for a download: read it with `downloadedBytes()`.
 * - `freshInstall()` / `freshOwnerInstall()`: a data folder of its own for a file's own server, copied
 *   from the run's seeded template instead of migrated and seeded again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Download } from "playwright-core";
import { inject, test } from "vitest";
import { sharedBaseUrl } from "./e2e-ready";
import { prepareOwnerInstall, seededInstall } from "./owner-install";

export { describe, expect } from "vitest";

/** A new seeded install of its own (a copy of the run's template): start a server on it afterwards. */
export function freshInstall(): Promise<string> {
  return seededInstall(inject("seededTemplate"));
}

/** A new install of its own as the owner set it up (the WhatsApp number, the seller's address). */
export function freshOwnerInstall(): Promise<string> {
  return prepareOwnerInstall(inject("seededTemplate"));
}

/** The bytes of a download (a connected browser keeps no file of it: `saveAs` copies it here). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-download-")), download.suggestedFilename());
  await download.saveAs(file);
  return fs.readFileSync(file);
}

export const it = test
  .extend("baseUrl", { scope: "worker" }, () => sharedBaseUrl())
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
  .extend("browser", { scope: "worker" }, async ({}, { onCleanup }) => {
    const browser = await chromium.connect(inject("browserWsEndpoint"));
    // For a connected browser, close() closes this worker's contexts and disconnects.
    onCleanup(() => browser.close());
    return browser;
  });
