import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-if-stale.js";
import { findChromium } from "../helpers/browser";
import { prepareOwnerInstall } from "../helpers/owner-install";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer | undefined;

export default async function setup(project: TestProject) {
  findChromium(); // fail fast with the install hint
  buildIfStale({ quiet: true });
  // The store as its owner set it up (a WhatsApp number for the chat button, the seller's address).
  server = await startServer({ dataDir: await prepareOwnerInstall() });
  project.provide("baseUrl", server.url);
  return async () => {
    await server?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
