import { describe, expect, it } from "vitest";
import { describeSettingsChanges, type SettingsValues } from "./changes";

const before: SettingsValues = {
  siteContactEmail: "help@commerce-academy.in",
  defaultAccessLevel: "student",
  maintenanceMode: false,
  whatsappNumber: "919876543210",
  sellerName: "Commerce Academy",
  sellerAddress: "Jaipur",
  sellerGstin: "08AAAAA0000A1Z5",
  sellerStateCode: "08",
  sacCode: "999293",
  sacCodeNotes: "999293",
  sacCodeTests: "999293",
};

describe("describeSettingsChanges", () => {
  it("says each changed field in words, never its field name", () => {
    const cases: [Partial<SettingsValues>, string][] = [
      [{ maintenanceMode: true }, "Maintenance mode turned on"],
      [{ siteContactEmail: "owner@example.com" }, "Site contact email changed to owner@example.com"],
      [{ defaultAccessLevel: "guest" }, "Default access level for new sign-ups changed to Guest"],
      [{ whatsappNumber: "919000000000" }, "WhatsApp number changed to 919000000000"],
      [{ sellerName: "Commerce Academy LLP" }, "Seller name on invoices changed to Commerce Academy LLP"],
      [{ sellerAddress: "12 MI Road, Jaipur" }, "Seller address on invoices changed"],
      [{ sellerGstin: "08BBBBB1111B1Z5" }, "Seller GSTIN changed to 08BBBBB1111B1Z5"],
      [{ sellerStateCode: "27" }, "Seller state changed to Maharashtra (27)"],
      [{ sacCode: "999294" }, "SAC of courses changed to 999294"],
      [{ sacCodeNotes: "998431" }, "SAC of notes and PYQ papers changed to 998431"],
      [{ sacCodeTests: "999299" }, "SAC of practice tests changed to 999299"],
    ];
    for (const [change, words] of cases) expect(describeSettingsChanges(before, { ...before, ...change })).toBe(words);
  });

  it("turns maintenance off, joins several changes, and says when nothing changed", () => {
    const on = { ...before, maintenanceMode: true };
    expect(describeSettingsChanges(on, before)).toBe("Maintenance mode turned off");
    expect(describeSettingsChanges(before, { ...on, whatsappNumber: "919000000000" })).toBe(
      "Maintenance mode turned on; WhatsApp number changed to 919000000000",
    );
    expect(describeSettingsChanges(before, { ...before })).toBe("Settings saved (no changes)");
  });

  it("every settings field has words (a field name in the text means one was forgotten)", () => {
    const changed: SettingsValues = {
      siteContactEmail: "a@b.in",
      defaultAccessLevel: "instructor",
      maintenanceMode: true,
      whatsappNumber: "911111111111",
      sellerName: "X",
      sellerAddress: "Y",
      sellerGstin: "08CCCCC2222C1Z5",
      sellerStateCode: "27",
      sacCode: "999294",
      sacCodeNotes: "998431",
      sacCodeTests: "999299",
    };
    const text = describeSettingsChanges(before, changed);
    expect(text.split("; ")).toHaveLength(Object.keys(before).length);
    for (const key of Object.keys(before)) expect(text).not.toContain(key);
  });
});
