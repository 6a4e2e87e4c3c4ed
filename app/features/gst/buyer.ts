/**
 * The buyer on a tax invoice (issue 30): a registered business (B2B) gives its GSTIN, registered
 * name and address, so it can claim input tax credit; an unregistered buyer (B2C) gives an address
 * only for an invoice of ₹50,000 or more (GST rule 46(f)). Pure rules and messages, shared by the
 * checkout and account forms (their Zod schemas, gst/schema.ts) and the server's checks.
 */
import { GSTIN_MESSAGES, gstinProblem } from "./gstin";
import { stateByCode, stateLabel } from "./states";

/** Rule 46(f): an unregistered buyer's invoice of this value or more (tax included) carries their address and state. */
export const B2C_ADDRESS_THRESHOLD_PAISE = 50_000_00;

export const MAX_LEGAL_NAME = 200;
export const MAX_ADDRESS = 300;
export const MIN_ADDRESS = 10;

export const BUYER_MESSAGES = {
  legalName: "Enter the business's registered name, as on its GST registration.",
  legalNameLong: `Use at most ${MAX_LEGAL_NAME} characters for the registered name.`,
  businessAddress: "Enter the business's registered address, as on its GST registration.",
  address: "Enter your address: a GST invoice of ₹50,000 or more carries the buyer's address.",
  addressShort: "Enter the full address: building, street, town and PIN code.",
  addressLong: `Use at most ${MAX_ADDRESS} characters for the address.`,
  gstinState: "Choose your state or union territory first: a GSTIN must belong to it.",
} as const;

/** "This GSTIN is registered in Maharashtra (27), …": the GSTIN's state is not the place of supply chosen. */
export function gstinStateMismatch(gstin: string, stateCode: string): string {
  const registered = stateByCode(gstin.slice(0, 2));
  return (
    `This GSTIN is registered in ${stateLabel(gstin.slice(0, 2))}, but the state chosen is ${stateLabel(stateCode)}. ` +
    `A business is billed in the state of its GSTIN: choose ${registered?.name ?? "that state"} or correct the GSTIN.`
  );
}

/** "27AAPFU0939F1ZV" from "27aapfu 0939f1zv": upper case, no spaces. */
export function normaliseGstin(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** An address as typed, tidied: each line trimmed with single spaces, empty lines dropped. */
export function normaliseAddress(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

export interface BuyerDetails {
  gstin?: string;
  legalName?: string;
  address?: string;
}

export type BuyerField = "gstin" | "legalName" | "address";

/**
 * What is wrong with a buyer's details for the place of supply `stateCode` (null: none chosen yet;
 * undefined: not known here, so the GSTIN's state is not compared), field by field (empty: nothing).
 * Values are already normalised. A GSTIN must be valid and belong to the state, and needs the
 * registered name and address beside it.
 */
export function buyerDetailsProblems(
  details: BuyerDetails,
  stateCode: string | null | undefined,
): Partial<Record<BuyerField, string>> {
  const problems: Partial<Record<BuyerField, string>> = {};
  const { gstin, legalName, address } = details;
  if (legalName && legalName.length > MAX_LEGAL_NAME) problems.legalName = BUYER_MESSAGES.legalNameLong;
  if (address && address.length > MAX_ADDRESS) problems.address = BUYER_MESSAGES.addressLong;
  else if (address && address.length < MIN_ADDRESS) problems.address = BUYER_MESSAGES.addressShort;
  if (!gstin) return problems;
  const problem = gstinProblem(gstin);
  if (problem) problems.gstin = GSTIN_MESSAGES[problem];
  else if (stateCode === null || stateCode === "") problems.gstin = BUYER_MESSAGES.gstinState;
  else if (stateCode !== undefined && gstin.slice(0, 2) !== stateCode) {
    problems.gstin = gstinStateMismatch(gstin, stateCode);
  }
  if (!legalName) problems.legalName = BUYER_MESSAGES.legalName;
  if (!address) problems.address ??= BUYER_MESSAGES.businessAddress;
  return problems;
}

/** Whether an invoice of this value to an unregistered buyer must carry their address (rule 46(f)). */
export function needsB2cAddress(totalPaise: number): boolean {
  return totalPaise >= B2C_ADDRESS_THRESHOLD_PAISE;
}
