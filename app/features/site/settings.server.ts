import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { settings } from "~/db/schema";
import { seedSettings } from "~/db/seed/data";

export type SiteSettings = typeof settings.$inferSelect;

/** The single settings row (falls back to the seed defaults on an empty database). */
export async function getSettings(db: DbOrTx): Promise<SiteSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row ?? { id: 1, ...seedSettings, updatedAt: new Date(0) };
}
