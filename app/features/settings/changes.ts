/** What a settings save changed, in words for the audit log ("Maintenance mode turned on"). */
import { GSTIN_CHANGED } from "~/features/gst/gstin";
import { stateLabel } from "~/features/gst/states";
import { ROLE_LABELS } from "~/lib/roles";

export interface SettingsValues {
  siteContactEmail: string;
  defaultAccessLevel: keyof typeof ROLE_LABELS;
  maintenanceMode: boolean;
  whatsappNumber: string;
  sellerName: string;
  sellerAddress: string;
  sellerGstin: string;
  sellerStateCode: string;
  sacCode: string;
  sacCodeNotes: string;
  sacCodeTests: string;
}

/** One sentence per field, given its new value (every field of the settings form has one). */
const SAID: { [K in keyof SettingsValues]: (value: SettingsValues[K]) => string } = {
  siteContactEmail: (v) => `Site contact email changed to ${v}`,
  defaultAccessLevel: (v) => `Default access level for new sign-ups changed to ${ROLE_LABELS[v]}`,
  maintenanceMode: (v) => `Maintenance mode turned ${v ? "on" : "off"}`,
  whatsappNumber: (v) => (v ? `WhatsApp number changed to ${v}` : "WhatsApp number removed"),
  sellerName: (v) => `Seller name on invoices changed to ${v}`,
  sellerAddress: () => "Seller address on invoices changed",
  sellerGstin: (v) => `${GSTIN_CHANGED}${v}`,
  sellerStateCode: (v) => `Seller state changed to ${stateLabel(v)}`,
  sacCode: (v) => `SAC of courses changed to ${v}`,
  sacCodeNotes: (v) => `SAC of notes and PYQ papers changed to ${v}`,
  sacCodeTests: (v) => `SAC of practice tests changed to ${v}`,
};

/** The fields that have words: every field of the settings form (settingsSchema; its test checks). */
export const SETTINGS_FIELDS = Object.keys(SAID) as (keyof SettingsValues)[];

/** "Maintenance mode turned on; WhatsApp number changed to 919876543210", or that nothing changed. */
export function describeSettingsChanges(before: SettingsValues, after: SettingsValues): string {
  const said = SETTINGS_FIELDS.filter((key) => before[key] !== after[key]).map((key) =>
    (SAID[key] as (value: SettingsValues[typeof key]) => string)(after[key]),
  );
  return said.length ? said.join("; ") : "Settings saved (no changes)";
}
