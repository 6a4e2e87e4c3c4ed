import fs from "node:fs";
import path from "node:path";
import type { BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-if-stale.js";
import { findTestBrowser, launchBrowserServer } from "../helpers/browser";
import { prepareOwnerInstall, prepareSeededInstall } from "../helpers/owner-install";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer | undefined;
let browserServer: BrowserServer | undefined;

export default async function setup(project: TestProject) {
  findTestBrowser(); // fail fast with the install hint
  buildIfStale({ quiet: true });
  // One Chromium for every file (tests/helpers/fixtures.ts connects each worker to it; the tests
  // keep apart through their own contexts), launched beside the shared server's start.
  const [browser, shared] = await Promise.all([
    launchBrowserServer(),
    // One seeded install, copied by every file that wants a fresh one (seededInstall in fixtures.ts);
    // the shared server runs on a copy of it as the owner set it up (a WhatsApp number for the chat
    // button, the seller's address).
    prepareSeededInstall().then(async (template) => {
      project.provide("seededTemplate", template);
      const started = await startServer({ dataDir: await prepareOwnerInstall(template), timeoutMs: 180_000 });
      // The files its start made (the seeded notes' and PYQs' PDFs, the sample lectures) go into the
      // template too, so a server on a copy finds them instead of making them again.
      fs.cpSync(path.join(started.dataDir, "files"), path.join(template, "files"), { recursive: true });
      return started;
    }),
  ]);
  browserServer = browser;
  server = shared;
  project.provide("baseUrl", server.url);
  project.provide("browserWsEndpoint", browserServer.wsEndpoint());
  return async () => {
    await Promise.all([server?.stop(), browserServer?.close()]);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** A seeded install's folder to copy, never to open (tests/helpers/owner-install.ts). */
    seededTemplate: string;
    /** Where the shared Chromium listens (`chromium.connect`). */
    browserWsEndpoint: string;
  }
}
