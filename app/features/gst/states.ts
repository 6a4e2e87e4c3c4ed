/**
 * The 28 states and 8 union territories of India by GST state code (the first two digits of a
 * GSTIN), the buyer's place of supply. `ut` marks the union territories without a legislature,
 * where the intra-state tax is UTGST instead of SGST. `gstr` is the name as the GST offline
 * tool writes it ("27-Maharashtra").
 */
export interface IndianState {
  code: string;
  name: string;
  kind: "state" | "ut";
  /** Union territory without a legislature: CGST + UTGST within it. */
  utgst: boolean;
  gstr: string;
}

const s = (code: string, name: string, gstr = name): IndianState => ({
  code,
  name,
  kind: "state",
  utgst: false,
  gstr,
});
const ut = (code: string, name: string, utgst: boolean, gstr = name): IndianState => ({
  code,
  name,
  kind: "ut",
  utgst,
  gstr,
});

export const INDIAN_STATES: readonly IndianState[] = [
  ut("01", "Jammu and Kashmir", false, "Jammu & Kashmir"),
  s("02", "Himachal Pradesh"),
  s("03", "Punjab"),
  ut("04", "Chandigarh", true),
  s("05", "Uttarakhand"),
  s("06", "Haryana"),
  ut("07", "Delhi", false),
  s("08", "Rajasthan"),
  s("09", "Uttar Pradesh"),
  s("10", "Bihar"),
  s("11", "Sikkim"),
  s("12", "Arunachal Pradesh"),
  s("13", "Nagaland"),
  s("14", "Manipur"),
  s("15", "Mizoram"),
  s("16", "Tripura"),
  s("17", "Meghalaya"),
  s("18", "Assam"),
  s("19", "West Bengal"),
  s("20", "Jharkhand"),
  s("21", "Odisha"),
  s("22", "Chhattisgarh"),
  s("23", "Madhya Pradesh"),
  s("24", "Gujarat"),
  ut("26", "Dadra and Nagar Haveli and Daman and Diu", true, "Dadra & Nagar Haveli & Daman & Diu"),
  s("27", "Maharashtra"),
  s("29", "Karnataka"),
  s("30", "Goa"),
  ut("31", "Lakshadweep", true),
  s("32", "Kerala"),
  s("33", "Tamil Nadu"),
  ut("34", "Puducherry", false),
  ut("35", "Andaman and Nicobar Islands", true, "Andaman & Nicobar Islands"),
  s("36", "Telangana"),
  s("37", "Andhra Pradesh"),
  ut("38", "Ladakh", true),
];

const byCode = new Map(INDIAN_STATES.map((st) => [st.code, st]));

export const STATE_CODES = INDIAN_STATES.map((st) => st.code) as [string, ...string[]];

export function stateByCode(code: string | null | undefined): IndianState | undefined {
  return code ? byCode.get(code) : undefined;
}

/** "Maharashtra (27)"; the code alone for an unknown one. */
export function stateLabel(code: string | null | undefined): string {
  const st = stateByCode(code);
  return st ? `${st.name} (${st.code})` : (code ?? "—");
}

/** "27-Maharashtra": the place of supply as the GST offline tool writes it. */
export function gstrPlaceOfSupply(code: string): string {
  const st = stateByCode(code);
  return st ? `${st.code}-${st.gstr}` : code;
}
