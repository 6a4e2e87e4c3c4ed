import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Stars } from "./stars";

describe("Stars", () => {
  it("shows five stars and the rating with one decimal", () => {
    const html = renderToStaticMarkup(<Stars rating={4.8} />);
    expect(html).toContain('aria-label="Rated 4.8 out of 5"');
    expect(html).toContain("stars-track");
    expect(html).toContain("stars-fill w-19");
  });

  it('an item without reviews (rating 0) shows "New", not 0.0 and five empty stars', () => {
    for (const rating of [0, -1, Number.NaN]) {
      const html = renderToStaticMarkup(<Stars rating={rating} />);
      expect(html).toMatch(/>New<\/span>$/);
      expect(html).not.toContain("0.0");
      expect(html).not.toContain("stars-track");
      expect(html).not.toContain("Rated");
    }
  });
});
