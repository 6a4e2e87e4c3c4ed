import { describe, expect, it } from "../helpers/fixtures";
import { axeViolations, WCAG_AA } from "../helpers/page";

// The audit every e2e file relies on (axeViolations: axe-core in legacy mode, violations only) must
// still find what it is there to find: a page that passes is only worth something if one that
// fails, fails. An image without alt text, in the page and in a same-origin frame; a heading level
// skipped (a best practice, outside WCAG's rules). Served from an origin of its own, as the store's
// pages are (legacy mode reaches frames through their origin: on about:blank it would not).
const GIF = Buffer.from("R0lGODlhAQABAAAAACw=", "base64");
const INNER = `<!doctype html><html lang="en"><head><title>Inner</title></head><body>
<main><img id="inner" src="/pixel.gif"></main></body></html>`;
const PAGE = `<!doctype html><html lang="en"><head><title>Audit</title></head><body>
<main>
  <h1>Audit</h1>
  <h3>A level skipped</h3>
  <img id="bare" src="/pixel.gif">
  <iframe title="A frame" src="/inner"></iframe>
</main>
</body></html>`;

describe("the axe audit of the e2e tests", () => {
  it("finds violations in the page and in a frame, by rule set, within include and without exclude", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.route("http://axe.test/**", (route) => {
        const url = route.request().url();
        if (url.endsWith(".gif")) return route.fulfill({ contentType: "image/gif", body: GIF });
        return route.fulfill({ contentType: "text/html", body: url.endsWith("/inner") ? INNER : PAGE });
      });
      await page.goto("http://axe.test/");
      await page.frameLocator("iframe").locator("#inner").waitFor({ state: "attached" });

      const all = await axeViolations(page);
      const imageAlt = all.find((v) => v.startsWith("image-alt "));
      expect(imageAlt).toContain("#bare");
      expect(imageAlt).toContain("iframe #inner");
      expect(all.some((v) => v.startsWith("heading-order "))).toBe(true);

      const wcag = await axeViolations(page, { tags: WCAG_AA });
      expect(wcag.some((v) => v.startsWith("image-alt "))).toBe(true);
      expect(wcag.some((v) => v.startsWith("heading-order "))).toBe(false);

      expect(await axeViolations(page, { tags: WCAG_AA, exclude: "iframe" })).toEqual([
        expect.stringMatching(/^image-alt .*#bare$/),
      ]);
      expect(await axeViolations(page, { tags: WCAG_AA, include: "h1" })).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
