/**
 * The setup guard: while the seller's GSTIN in settings is the seed's sample or not a valid GSTIN, or
 * the seller address is empty, every admin page warns, and live payments (Razorpay) are refused: a tax invoice with a wrong GSTIN
 * must never be issued. The built-in test gateway still works, so a new install can be tried out.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { settings } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { gstinProblem, SAMPLE_GSTIN } from "./gstin";

export const LIVE_PAYMENTS_REFUSED =
  "This store cannot take payments yet: its GST registration (GSTIN) is not set up, so it cannot issue a valid tax invoice. Nothing was charged; please try again later.";

/** What is wrong with this GSTIN for real invoices, in words for the admin (null: nothing). */
export function gstinSetupProblem(gstin: string): string | null {
  if (gstin === SAMPLE_GSTIN) {
    return `The seller GSTIN is still the sample ${SAMPLE_GSTIN}: invoices would carry a GSTIN that is not yours.`;
  }
  switch (gstinProblem(gstin)) {
    case null:
      return null;
    case "format":
      return `The seller GSTIN ${gstin} is not a 15-character GSTIN.`;
    case "state":
      return `The seller GSTIN ${gstin} does not start with the code of a state or union territory.`;
    case "checksum":
      return `The seller GSTIN ${gstin} fails its check character: it has a typing mistake.`;
  }
}

export const NO_SELLER_ADDRESS = "The seller address is empty: a tax invoice must carry the address of the business.";

/**
 * The problem with the seller details in settings (the GSTIN, then the address: a new install has
 * none), or null when invoices can be issued. Without a settings row the defaults hold (the sample
 * GSTIN, no address: settings/defaults.ts).
 */
export async function sellerGstinProblem(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ gstin: settings.sellerGstin, address: settings.sellerAddress })
    .from(settings)
    .where(eq(settings.id, 1));
  const problem = gstinSetupProblem(row?.gstin ?? SAMPLE_GSTIN);
  if (problem) return problem;
  return (row?.address ?? "").trim() ? null : NO_SELLER_ADDRESS;
}

/** Refuses a live (Razorpay) payment while the GSTIN is not set up (503 with a message for the buyer). */
export async function assertLivePaymentsAllowed(db: DbOrTx, gateway: string): Promise<void> {
  if (gateway !== "razorpay") return;
  const problem = await sellerGstinProblem(db);
  if (problem) {
    log.warn(`[checkout] live payment refused: ${problem}`);
    throw new HttpError(503, LIVE_PAYMENTS_REFUSED);
  }
}
