/**
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

/**
 * Migrates and seeds a fresh install in `dataDir` (default: a new temporary folder) and saves the
 * owner's settings; returns the folder. PGlite allows one process: start the server on it afterwards.
 */
export async function prepareOwnerInstall(dataDir?: string): Promise<string> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "ca-e2e-"));
  const handle = await openPglite(path.join(dir, "pglite"));
  try {
    await migrateAndSeed(handle);
    await handle.db.update(schema.settings).set(OWNER_SETTINGS);
  } finally {
    await handle.close();
  }
  return dir;
}
