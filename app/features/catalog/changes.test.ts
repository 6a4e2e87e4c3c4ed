import { describe, expect, it } from "vitest";
import { describeProductChanges, type ProductValues } from "./changes";

const before: ProductValues = {
  kind: "course",
  title: "Accountancy Class 12",
  subject: "accountancy",
  classLevel: "12",
  status: "draft",
  pricePaise: 99_999,
  isFree: false,
  instructorId: 1,
  description: "d",
  modules: ["A"],
  image: "/images/covers/a.svg",
  fileKey: null,
  accessUntil: null,
  accessMonths: null,
};

describe("describeProductChanges", () => {
  it("says a change of the access period (issue 36)", () => {
    expect(describeProductChanges(before, { ...before, accessUntil: "2027-03-31" })).toBe(
      'Course "Accountancy Class 12" updated: access Full Lifetime Access → Access till 31 Mar 2027',
    );
    expect(describeProductChanges({ ...before, accessUntil: "2027-03-31" }, { ...before, accessMonths: 12 })).toBe(
      'Course "Accountancy Class 12" updated: access Access till 31 Mar 2027 → 12 months access',
    );
  });

  it("says what changed in words, never a field name", () => {
    const after = { ...before, status: "published" as const, pricePaise: 129_900 };
    expect(describeProductChanges(before, after)).toBe(
      'Course "Accountancy Class 12" updated: Draft → Published, price ₹999.99 → ₹1,299.00',
    );
    expect(describeProductChanges(before, { ...before, pricePaise: 0, isFree: true })).toBe(
      'Course "Accountancy Class 12" updated: now free',
    );
    expect(describeProductChanges({ ...before, pricePaise: 0 }, before)).toBe(
      'Course "Accountancy Class 12" updated: price no price → ₹999.99',
    );
    expect(
      describeProductChanges(before, {
        ...before,
        subject: "economics",
        classLevel: "both",
        instructorId: 2,
        description: "e",
        modules: ["A", "B"],
        image: "/media/images/x.png",
        fileKey: "pdfs/x.pdf",
      }),
    ).toBe(
      'Course "Accountancy Class 12" updated: subject Accountancy → Economics, for Class 11 and 12 (was Class 12), ' +
        "instructor changed, description changed, topics changed, new cover image, new PDF",
    );
  });

  it("a new title, and a save that changed nothing", () => {
    expect(describeProductChanges(before, { ...before, title: "Accountancy 12" })).toBe(
      'Course "Accountancy Class 12" renamed to "Accountancy 12"',
    );
    expect(describeProductChanges(before, { ...before, title: "Accountancy 12", status: "published" })).toBe(
      'Course "Accountancy Class 12" renamed to "Accountancy 12": Draft → Published',
    );
    expect(describeProductChanges({ ...before, kind: "note" }, { ...before, kind: "note" })).toBe(
      'Note "Accountancy Class 12" saved (no changes)',
    );
  });
});
