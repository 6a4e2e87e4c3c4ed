import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { buildIfStaleAsync } from "../../scripts/build-if-stale.js";
import { findTestBrowser, launchBrowserServer } from "../helpers/browser";
import { type E2eSetupStatus, writeSetupStatus } from "../helpers/e2e-ready";
import { prepareOwnerInstall, prepareSeededInstall } from "../helpers/owner-install";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer | undefined;
let browserServer: BrowserServer | undefined;

/**
 * Vitest runs every project's global setup before the first test of any project, so what the e2e
 * files need and nothing else does (a build when the sources changed, the seeded template, the sample
 * lectures, the shared server: over a minute on a new checkout) is started here and left to run
 * while the unit and integration tests do. The e2e project's setup file (tests/e2e/setup-ready.ts)
 * waits for it before each file, and fails the file with this work's error if it failed.
 */
export default async function setup(project: TestProject) {
  findTestBrowser(); // fail fast with the install hint
  const status = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-e2e-setup-")), "status.json");
  // One seeded install, copied by every file that wants a fresh one (seededInstall in fixtures.ts);
  // its folder is named now and filled below.
  const template = fs.mkdtempSync(path.join(os.tmpdir(), "ca-e2e-"));
  project.provide("seededTemplate", template);
  project.provide("e2eSetupStatus", status);
  // One Chromium for every file (tests/helpers/fixtures.ts connects each worker to it; the tests
  // keep apart through their own contexts).
  browserServer = await launchBrowserServer();
  project.provide("browserWsEndpoint", browserServer.wsEndpoint());

  const background = (async (): Promise<E2eSetupStatus> => {
    await buildIfStaleAsync({ quiet: true });
    await prepareSeededInstall(template);
    // The shared server runs on a copy of the template as the owner set it up (a WhatsApp number
    // for the chat button, the seller's address).
    server = await startServer({ dataDir: await prepareOwnerInstall(template), timeoutMs: 180_000 });
    // The files its start made (the seeded notes' and PYQs' PDFs, the sample lectures) go into the
    // template too, so a server on a copy finds them instead of making them again.
    fs.cpSync(path.join(server.dataDir, "files"), path.join(template, "files"), { recursive: true });
    return { baseUrl: server.url };
  })().then(
    (ready) => writeSetupStatus(status, ready),
    (error: unknown) =>
      writeSetupStatus(status, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
  return async () => {
    await background;
    await Promise.all([server?.stop(), browserServer?.close()]);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A seeded install's folder to copy, never to open (tests/helpers/owner-install.ts); ready once `e2eReady()` is. */
    seededTemplate: string;
    /** Where the shared Chromium listens (`chromium.connect`). */
    browserWsEndpoint: string;
    /** The file global-setup writes when its background work is done (tests/helpers/e2e-ready.ts). */
    e2eSetupStatus: string;
  }
}
