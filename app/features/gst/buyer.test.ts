import { describe, expect, it } from "vitest";
import { profileSchema } from "~/features/accounts/schema";
import { placeOrderSchema } from "~/features/checkout/schema";
import { validate } from "~/lib/form.server";
import { BUYER_MESSAGES, buyerDetailsProblems, needsB2cAddress } from "./buyer";
import { GSTIN_MESSAGES } from "./gstin";

const business = {
  gstin: "27AAPFU0939F1ZV",
  legalName: "Bright Future Coaching Pvt Ltd",
  address: "Office 4, Linking Road, Bandra West, Mumbai 400050",
};

describe("a business buyer's details", () => {
  it("accepts a valid GSTIN of the place of supply with its registered name and address", () => {
    expect(buyerDetailsProblems(business, "27")).toEqual({});
    expect(buyerDetailsProblems({}, "27")).toEqual({});
  });

  it("refuses a GSTIN of another state than the place of supply, naming both", () => {
    expect(buyerDetailsProblems(business, "29")).toEqual({
      gstin:
        "This GSTIN is registered in Maharashtra (27), but the state chosen is Karnataka (29). " +
        "A business is billed in the state of its GSTIN: choose Maharashtra or correct the GSTIN.",
    });
    expect(buyerDetailsProblems(business, null)).toEqual({ gstin: BUYER_MESSAGES.gstinState });
  });

  it("checks the GSTIN as the seller's is, and asks for the registered name and address beside it", () => {
    expect(buyerDetailsProblems({ ...business, gstin: "27AAPFU0939F1ZW" }, "27").gstin).toBe(GSTIN_MESSAGES.checksum);
    expect(buyerDetailsProblems({ ...business, gstin: "27AAPFU0939" }, "27").gstin).toBe(GSTIN_MESSAGES.format);
    expect(buyerDetailsProblems({ gstin: business.gstin }, "27")).toEqual({
      legalName: BUYER_MESSAGES.legalName,
      address: BUYER_MESSAGES.businessAddress,
    });
    expect(buyerDetailsProblems({ address: "Pune" }, "27")).toEqual({ address: BUYER_MESSAGES.addressShort });
  });

  it("asks an unregistered buyer's address from an invoice of ₹50,000", () => {
    expect(needsB2cAddress(49_999_99)).toBe(false);
    expect(needsB2cAddress(50_000_00)).toBe(true);
  });

  it("is one definition for the checkout and account forms: tidied, and held to the form's state", () => {
    const form = {
      state: "29",
      gstin: " 27aapfu0939f1zv ",
      legalName: "  Bright   Future ",
      address: " Office 4,  Linking Road \r\n\r\n Mumbai 400050 ",
    };
    for (const schema of [placeOrderSchema, profileSchema]) {
      const refused = validate(schema, { name: "Asha", email: "asha@example.com", ...form });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.fieldErrors.gstin).toMatch(/registered in Maharashtra \(27\)/);
      const parsed = validate(schema, { name: "Asha", email: "asha@example.com", ...form, state: "27" });
      expect(parsed.ok && parsed.data).toMatchObject({
        gstin: "27AAPFU0939F1ZV",
        legalName: "Bright Future",
        address: "Office 4, Linking Road\nMumbai 400050",
      });
    }
    // Empty fields are no details at all.
    const empty = validate(placeOrderSchema, { state: "27", gstin: "", legalName: "", address: " " });
    expect(empty.ok && empty.data).toMatchObject({ gstin: undefined, legalName: undefined, address: undefined });
  });
});
