import { describe, expect, it } from "vitest";
import { gstinCheckCharacter, gstinProblem, isValidGstin, SAMPLE_GSTIN } from "./gstin";

describe("GSTIN validation", () => {
  it("accepts real GSTINs whose check character matches", () => {
    for (const g of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "07AAACR5055K1Z9"]) expect(gstinProblem(g)).toBeNull();
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
  });

  it("rejects the seed's sample GSTIN: its check character is wrong", () => {
    expect(gstinProblem(SAMPLE_GSTIN)).toBe("checksum");
    expect(isValidGstin(SAMPLE_GSTIN)).toBe(false);
  });

  it("catches one mistyped or swapped character", () => {
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("checksum");
    expect(gstinProblem("27AAPFU0993F1ZV")).toBe("checksum");
    expect(gstinProblem("28AAPFU0939F1ZV")).not.toBeNull();
  });

  it("names format problems and unknown state codes", () => {
    for (const g of ["", "27AAPFU0939F1Z", "27aapfu0939f1zv", "27AAPFU0939F1AV", "2XAAPFU0939F1ZV", "27AAPF00939F1ZV"])
      expect(gstinProblem(g)).toBe("format");
    // 99 is no state; 25 and 28 are retired codes
    expect(gstinProblem(`99AAPFU0939F1Z${gstinCheckCharacter("99AAPFU0939F1Z")}`)).toBe("state");
    expect(gstinProblem(`25AAPFU0939F1Z${gstinCheckCharacter("25AAPFU0939F1Z")}`)).toBe("state");
  });
});
