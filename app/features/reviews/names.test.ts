import { describe, expect, it } from "vitest";
import { averageOf, reviewerDisplayName } from "./names";
import { looksLikeHtml, reviewFormSchema } from "./schema";

describe("reviewer names", () => {
  it("first name and last initial", () => {
    expect(reviewerDisplayName("Riya Sharma")).toBe("Riya S.");
    expect(reviewerDisplayName("  aman  kumar  verma ")).toBe("aman V.");
    expect(reviewerDisplayName("Priya")).toBe("Priya");
    expect(reviewerDisplayName("   ")).toBe("A student");
  });
  it("average of stored figures, 0 without reviews", () => {
    expect(averageOf(48, 10)).toBe(4.8);
    expect(averageOf(0, 0)).toBe(0);
  });
});

describe("review form schema", () => {
  it("takes 1 to 5 stars and plain text", () => {
    const ok = reviewFormSchema.safeParse({ intent: "create", rating: "5", title: " Great ", body: "Clear notes" });
    expect(ok.success && ok.data).toMatchObject({
      rating: 5,
      title: "Great",
      body: "Clear notes",
      reviewerClass: null,
    });
  });
  it("refuses 0, 6, five, HTML and overlong text", () => {
    for (const rating of ["0", "6", "five", "4.5", ""]) {
      expect(reviewFormSchema.safeParse({ intent: "create", rating }).success).toBe(false);
    }
    expect(reviewFormSchema.safeParse({ intent: "create", rating: "4", body: "<b>hi</b>" }).success).toBe(false);
    expect(reviewFormSchema.safeParse({ intent: "create", rating: "4", body: "x".repeat(100_000) }).success).toBe(
      false,
    );
    expect(looksLikeHtml("2 < 3 and 5 > 4")).toBe(false);
    expect(looksLikeHtml("<script>")).toBe(true);
  });
});
