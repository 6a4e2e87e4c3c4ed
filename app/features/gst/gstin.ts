/**
 * GSTIN checks: the 15-character format (state code, PAN, entity number, "Z", check character)
 * and the check character (the GSTN's mod-36 Luhn variant over the first 14 characters).
 */
import { stateByCode } from "./states";

/** The sample GSTIN the seed ships with: never to be printed on a real invoice. */
export const SAMPLE_GSTIN = "08AAAAA0000A1Z5";

/**
 * How the audit log says the seller GSTIN changed (settings/changes.ts writes it): a GSTR-1 export
 * finds a change inside its period by it (gstr1.server.ts), so the words stay as they are.
 */
export const GSTIN_CHANGED = "Seller GSTIN changed to ";

const CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = "format" | "state" | "checksum";

/** Why this GSTIN is not valid (null when it is): its format, its state code, or its check character. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!FORMAT.test(gstin)) return "format";
  if (!stateByCode(gstin.slice(0, 2))) return "state";
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return "checksum";
  return null;
}

export function isValidGstin(gstin: string) {
  return gstinProblem(gstin) === null;
}

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  format: "Enter a valid 15-character GSTIN (e.g. 27AAPFU0939F1ZV).",
  state: "A GSTIN starts with the two-digit code of a state or union territory.",
  checksum: "This GSTIN's last character does not match: check it for a typing mistake.",
};
