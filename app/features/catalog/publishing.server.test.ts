import { describe, expect, it } from "vitest";
import { missingToPublish, type PublishCandidate, publishRefusal } from "./publishing.server";

const ready: PublishCandidate = {
  kind: "course",
  title: "Accountancy Class 12",
  classLevel: "12",
  subject: "accountancy",
  pricePaise: 99_999,
  isFree: false,
};

describe("the publish rule", () => {
  it("lets a complete item go live: a course with a lesson, a note with a price or marked free", () => {
    expect(missingToPublish(ready, 1)).toEqual([]);
    expect(missingToPublish({ ...ready, kind: "note" }, 0)).toEqual([]);
    expect(missingToPublish({ ...ready, kind: "pyq", pricePaise: 0, isFree: true }, 0)).toEqual([]);
  });

  it("names everything missing, in order", () => {
    const empty = { ...ready, title: "  ", classLevel: null, subject: undefined, pricePaise: 0 };
    const missing = missingToPublish(empty, 0);
    expect(missing).toEqual(["a title", "a class", "a subject", "a price (or mark it free)", "at least one lesson"]);
    expect(publishRefusal(missing.slice(1, 2).concat(missing.slice(3)))).toBe(
      "To publish, add: a class, a price (or mark it free), at least one lesson.",
    );
  });

  it("a price of ₹0 is no price unless the item is marked free", () => {
    expect(missingToPublish({ ...ready, pricePaise: 0 }, 3)).toEqual(["a price (or mark it free)"]);
    expect(missingToPublish({ ...ready, pricePaise: 0, isFree: true }, 3)).toEqual([]);
  });

  it("a course needs a lesson with something to play: lessons still waiting for their upload do not count", () => {
    expect(missingToPublish(ready, 0, 2)).toEqual(["a video (uploaded and ready, or a link) or a test in a lesson"]);
    expect(missingToPublish(ready, 1, 2)).toEqual([]);
  });
});
