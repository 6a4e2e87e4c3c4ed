import { describe, expect, it } from "vitest";
import { descriptionPreview } from "./description";

describe("description preview", () => {
  it("keeps a description of 150 characters or fewer whole", () => {
    expect(descriptionPreview("short")).toEqual({ text: "short", cut: false });
    const exact = `${"word ".repeat(29)}word!`; // 150 characters
    expect(descriptionPreview(exact)).toEqual({ text: exact, cut: false });
  });

  it("ends a longer one at the last word that fits in 150 characters, never mid-word", () => {
    const text =
      "Master partnership accounts, company accounts and financial statement analysis with step-by-step video lessons, solved board questions and chapter tests.";
    const preview = descriptionPreview(text);
    expect(preview).toEqual({
      text: "Master partnership accounts, company accounts and financial statement analysis with step-by-step video lessons, solved board questions and chapter",
      cut: true,
    });
    expect(Array.from(preview.text).length).toBeLessThanOrEqual(150);
    // A word ending exactly at 150 characters is kept; a trailing comma is dropped.
    const at150 = `${"a".repeat(140)} ninewords and more`;
    expect(descriptionPreview(at150).text).toBe(`${"a".repeat(140)} ninewords`);
    expect(descriptionPreview(`${"a".repeat(139)} ninewords, and more`).text).toBe(`${"a".repeat(139)} ninewords`);
  });

  it("cuts a single word longer than the preview at 150 characters", () => {
    expect(descriptionPreview("x".repeat(200))).toEqual({ text: "x".repeat(150), cut: true });
  });
});
