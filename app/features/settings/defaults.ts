/**
 * The settings a new install starts with: the seed writes this row, and getSettings answers with it
 * while the database has none. The seller GSTIN is the sample one (gst/gstin.ts): the setup guard
 * (gst/setup.server.ts) warns on every admin page and refuses live payments until the owner sets theirs.
 */
import { SAMPLE_GSTIN } from "~/features/gst/gstin";

export const DEFAULT_SETTINGS = {
  siteContactEmail: "hello@commerce-academy.in",
  defaultAccessLevel: "student" as const,
  maintenanceMode: false,
  // Empty until the owner sets their own in Settings: the WhatsApp button and links stay hidden meanwhile.
  whatsappNumber: "",
  sellerName: "Commerce Academy",
  // Empty until the owner enters the business's address in Settings (printed on invoices).
  sellerAddress: "",
  sellerGstin: SAMPLE_GSTIN,
  sellerStateCode: "08",
  sacCode: "999293",
  sacCodeNotes: "999293",
  sacCodeTests: "999293",
};
