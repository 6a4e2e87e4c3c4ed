import { describe, expect, it } from "vitest";
import { SAC_CODES, sacDescription, sacForKind, sacProblem } from "./sac";

describe("the SAC table", () => {
  it("holds six-digit codes of heading 9992 and the e-content code 998431, each described", () => {
    for (const code of SAC_CODES) {
      expect(code).toMatch(/^(9992\d{2}|998431)$/);
      expect(sacProblem(code)).toBeNull();
      expect(sacDescription(code)).toMatch(/^[A-Z]/);
    }
    expect(sacDescription("999293")).toBe("Commercial training and coaching services");
    expect(sacDescription("998431")).toBe(
      "On-line text based information such as online books, newspapers, periodicals, directories and the like",
    );
  });

  it("refuses a code that is not six digits starting with 99, or not in the table, saying which", () => {
    for (const code of ["1234", "99929", "9992930", "889293", "99929x", ""]) {
      expect(sacProblem(code)).toBe("A SAC has six digits starting with 99 (e.g. 999293).");
    }
    expect(sacProblem("999999")).toMatch(/^SAC 999999 is not one this store prints: choose a code of heading 9992/);
    expect(sacDescription("toString")).toBeNull();
  });

  it("picks the code of each kind: notes and PYQ papers share one", () => {
    const settings = { sacCode: "999293", sacCodeNotes: "998431", sacCodeTests: "999294" };
    expect(sacForKind(settings, "course")).toBe("999293");
    expect(sacForKind(settings, "note")).toBe("998431");
    expect(sacForKind(settings, "pyq")).toBe("998431");
    expect(sacForKind(settings, "test")).toBe("999294");
  });
});
