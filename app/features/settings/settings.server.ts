import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { settings } from "~/db/schema";
import { GSTIN_MESSAGES, gstinProblem, SAMPLE_GSTIN } from "~/features/gst/gstin";
import { gstinInputSchema, sacCodeSchema } from "~/features/gst/schema";
import { STATE_CODES } from "~/features/gst/states";
import { HttpError } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";
import { storeSignatureImage } from "~/platform/files/upload.server";
import { describeSettingsChanges } from "./changes";
import { DEFAULT_SETTINGS } from "./defaults";
import { rememberMaintenanceMode } from "./maintenance.server";

export type SiteSettings = typeof settings.$inferSelect;

/** The single settings row (falls back to the defaults on an empty database). */
export async function getSettings(db: DbOrTx): Promise<SiteSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row ?? { id: 1, ...DEFAULT_SETTINGS, signatoryName: "", signatureImageKey: null, updatedAt: new Date(0) };
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
    // Empty: no WhatsApp chat (the button and the Contact page's link hide until a number is set).
    whatsappNumber: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s()+-]/g, ""))
      .pipe(
        z
          .string()
          .regex(/^([1-9]\d{9,14})?$/, "Enter the number with its country code, digits only (e.g. 919876543210)."),
      ),
    sellerName: z.string().trim().min(1, "Enter the seller name.").max(200),
    // Empty on a new install (no made-up address): the setup guard warns and keeps live payments off
    // until it is entered (gst/setup.server.ts).
    sellerAddress: z.string().trim().max(500),
    sellerGstin: gstinInputSchema.superRefine((v, ctx) => {
      // The sample stays saveable (a new install turning maintenance on); the admin banner and the
      // live-payment refusal keep it off real invoices (gst/setup.server.ts).
      const problem = v === SAMPLE_GSTIN ? null : gstinProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: GSTIN_MESSAGES[problem] });
    }),
    sellerStateCode: z.enum(STATE_CODES, {
      error: "Choose the state or union territory the business is registered in.",
    }),
    sacCode: sacCodeSchema,
    sacCodeNotes: sacCodeSchema,
    sacCodeTests: sacCodeSchema,
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

/** The authorised signatory form (its image is a file, checked by files/upload.server.ts storeSignatureImage). */
export const signatorySchema = z.object({
  signatoryName: z.string().trim().max(100, "Enter at most 100 characters."),
  removeSignatureImage: z.boolean(),
});

export type SignatoryInput = z.infer<typeof signatorySchema> & {
  /** A new signature image (replaces the current one), or null. */
  signatureImage: File | null;
};

/**
 * Saves the authorised signatory printed on invoices and credit notes, with its audit entry. A new
 * image is checked and stored first (a refusal is HttpError 400 on the field `signatureImage`, and
 * nothing is saved). The image replaced or removed stays in storage: documents already issued name it
 * (InvoiceData.signatory).
 */
export async function updateSignatory(db: Db, actorId: string, input: SignatoryInput): Promise<SiteSettings> {
  const newKey = input.signatureImage
    ? await storeSignatureImage(input.signatureImage).catch((error) => {
        if (error instanceof HttpError) throw new HttpError(error.status, error.message, { field: "signatureImage" });
        throw error;
      })
    : undefined;
  return db.transaction(async (tx) => {
    const before = await getSettings(tx);
    const set = {
      signatoryName: input.signatoryName,
      signatureImageKey: newKey ?? (input.removeSignatureImage ? null : before.signatureImageKey),
    };
    const [row] = await tx
      .insert(settings)
      .values({ id: 1, ...DEFAULT_SETTINGS, ...set })
      .onConflictDoUpdate({ target: settings.id, set })
      .returning();
    const said = [
      set.signatoryName !== before.signatoryName &&
        (set.signatoryName ? `Authorised signatory changed to ${set.signatoryName}` : "Authorised signatory removed"),
      set.signatureImageKey !== before.signatureImageKey &&
        (set.signatureImageKey ? "New signature image for invoices" : "Signature image removed from invoices"),
    ].filter(Boolean);
    await recordEvent(tx, {
      actorId,
      type: "Settings",
      description: said.length ? said.join("; ") : "Authorised signatory saved (no changes)",
      status: "Success",
      entityType: "settings",
      entityId: 1,
    });
    return row!;
  });
}
