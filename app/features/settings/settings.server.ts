import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { settings } from "~/db/schema";
import { seedSettings } from "~/db/seed/data";
import { recordEvent } from "~/features/audit/audit.server";
import { GSTIN_MESSAGES, gstinProblem, SAMPLE_GSTIN } from "~/features/gst/gstin";
import { STATE_CODES } from "~/features/gst/states";
import { describeSettingsChanges } from "./changes";
import { rememberMaintenanceMode } from "./maintenance.server";

export type SiteSettings = typeof settings.$inferSelect;

/** The single settings row (falls back to the seed defaults on an empty database). */
export async function getSettings(db: DbOrTx): Promise<SiteSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row ?? { id: 1, ...seedSettings, updatedAt: new Date(0) };
}

/**
 * What every store page reads from the settings (the chat widget's WhatsApp number, maintenance
 * mode), kept in memory by a running server so a page costs no settings query: server/app.ts reads
 * it at start-up and whenever the shared content version changes (a settings save bumps it in every
 * instance), and a save on this instance updates it at once. Until a server has read it (tests,
 * scripts) it is read from the database each time.
 */
export type StoreSettings = Pick<SiteSettings, "whatsappNumber" | "maintenanceMode">;
let storeSettings: StoreSettings | undefined;

const storePart = ({ whatsappNumber, maintenanceMode }: StoreSettings): StoreSettings => ({
  whatsappNumber,
  maintenanceMode,
});

/** Reads the store's settings into memory (and maintenance mode with them). */
export async function refreshStoreSettings(db: DbOrTx): Promise<StoreSettings> {
  storeSettings = storePart(await getSettings(db));
  rememberMaintenanceMode(storeSettings.maintenanceMode);
  return storeSettings;
}

/** Back to reading the database each time (tests). */
export function forgetStoreSettings() {
  storeSettings = undefined;
}

export async function getStoreSettings(db: DbOrTx): Promise<StoreSettings> {
  return storeSettings ?? storePart(await getSettings(db));
}

/** Validation of the settings form (also used by the route to show errors next to fields). */
export const settingsSchema = z
  .object({
    siteContactEmail: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address.")),
    defaultAccessLevel: z.enum(["student", "instructor", "guest"], {
      error: "Choose student, instructor or guest.",
    }),
    maintenanceMode: z.boolean(),
    whatsappNumber: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s()+-]/g, ""))
      .pipe(
        z.string().regex(/^[1-9]\d{9,14}$/, "Enter the number with its country code, digits only (e.g. 919876543210)."),
      ),
    sellerName: z.string().trim().min(1, "Enter the seller name.").max(200),
    sellerAddress: z.string().trim().min(1, "Enter the seller address.").max(500),
    sellerGstin: z
      .string()
      .trim()
      .toUpperCase()
      .superRefine((v, ctx) => {
        // The sample stays saveable (a new install turning maintenance on); the admin banner and the
        // live-payment refusal keep it off real invoices (gst/setup.server.ts).
        const problem = v === SAMPLE_GSTIN ? null : gstinProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: GSTIN_MESSAGES[problem] });
      }),
    sellerStateCode: z.enum(STATE_CODES, {
      error: "Choose the state or union territory the business is registered in.",
    }),
    sacCode: z
      .string()
      .trim()
      .regex(/^\d{4,8}$/, "Enter the SAC as 4 to 8 digits (999293: commercial training and coaching services)."),
  })
  .superRefine((v, ctx) => {
    const checked = v.sellerGstin === SAMPLE_GSTIN || !gstinProblem(v.sellerGstin);
    if (checked && !v.sellerGstin.startsWith(v.sellerStateCode)) {
      ctx.addIssue({
        code: "custom",
        path: ["sellerStateCode"],
        message: `A GSTIN starting with ${v.sellerGstin.slice(0, 2)} is registered in another state: choose that state, or correct the GSTIN.`,
      });
    }
  });

export type SettingsInput = z.infer<typeof settingsSchema>;

/**
 * Saves the settings and records the change in the audit log, in one transaction. Maintenance mode
 * takes effect on this instance as soon as it commits (other instances hear of it through the
 * content version: maintenance.server.ts).
 */
export async function updateSettings(db: Db, actorId: string, input: SettingsInput): Promise<SiteSettings> {
  const saved = await db.transaction(async (tx) => {
    const before = await getSettings(tx);
    const [row] = await tx
      .insert(settings)
      .values({ id: 1, ...input })
      .onConflictDoUpdate({ target: settings.id, set: input })
      .returning();
    await recordEvent(tx, {
      actorId,
      type: "Settings",
      description: describeSettingsChanges(before, input),
      status: "Success",
      entityType: "settings",
      entityId: 1,
    });
    return row!;
  });
  rememberMaintenanceMode(saved.maintenanceMode);
  if (storeSettings) storeSettings = storePart(saved);
  return saved;
}
