/**
 * Installs for the browser tests. Migrating and seeding a new PGlite database is the slow part of a
 * test server's start (seconds of CPU), so tests/e2e/global-setup.ts makes one seeded install per run
 * (the template) and every file that wants a fresh install of its own gets a copy of its folder
 * (a fraction of a second): the same database a first start makes, without making it again.
 *
 * A new install as its owner has set it up before going live: the seed leaves the WhatsApp number
 * and the seller address empty (no made-up ones), so the browser tests of the chat button and of the
 * invoices start from the values an owner enters in Settings.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "~/db/client.server";
import { migrateAndSeed } from "~/db/migrate.server";
import * as schema from "~/db/schema";

export const OWNER_SETTINGS = {
  whatsappNumber: "919876543210",
  sellerAddress: "2nd Floor, 14 Civil Lines, Jaipur, Rajasthan 302006",
};

const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "ca-e2e-"));

/** Migrates and seeds a new install in `dataDir` (default: a new temporary folder); returns the folder. */
export async function prepareSeededInstall(dataDir = newDataDir()): Promise<string> {
  const handle = await openPglite(path.join(dataDir, "pglite"));
  try {
    await migrateAndSeed(handle);
  } finally {
    await handle.close();
  }
  return dataDir;
}

/**
 * A new seeded install: a copy of `template` (a folder `prepareSeededInstall` made, closed and not
 * changed since) in a new temporary folder, or one seeded now when there is no template.
 */
export async function seededInstall(template?: string): Promise<string> {
  if (!template) return prepareSeededInstall();
  const dir = newDataDir();
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * A new install with the owner's settings saved (copied from `template` when given); returns the
 * folder. PGlite allows one process: start the server on it afterwards.
 */
export async function prepareOwnerInstall(template?: string): Promise<string> {
  const dir = await seededInstall(template);
  const handle = await openPglite(path.join(dir, "pglite"));
  try {
    await handle.db.update(schema.settings).set(OWNER_SETTINGS);
  } finally {
    await handle.close();
  }
  return dir;
}
