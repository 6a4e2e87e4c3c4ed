import { describe, expect, it } from "../helpers/fixtures";
import { layoutProblems } from "../helpers/screens";

// The layout check screens.e2e runs on every page (layoutProblems) must still find what it is there
// to find: a page that passes is only worth something if one that fails, fails. One synthetic page at
// 360 px with one of each fault beside the things that cut text on purpose or not at all.
const PAGE = `<!doctype html><html lang="en"><head><title>Layout</title><style>
  body { margin: 0; font: 16px sans-serif; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }
  .truncate { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .clamp { overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 1; }
</style></head><body><main>
  <p class="truncate" style="width: 120px">A course title far too long for its box</p>
  <button type="button" style="width: 70px; white-space: nowrap">Add this to my cart</button>
  <select aria-label="Status" style="width: 120px"><option>Unanswered first, then answered</option></select>
  <p class="clamp" data-preview style="width: 120px">A question previewed in a list, opened whole by its link</p>
  <span class="sr-only">Only for screen readers, a long text that is cut on purpose</span>
  <div style="overflow-x: auto; width: 200px"><table><tr><td style="white-space: nowrap">A wide table scrolls sideways in its box</td></tr></table></div>
  <p style="width: 200px">An ordinary paragraph that wraps as it should within its box.</p>
</main></body></html>`;

describe("the layout check of screens.e2e", () => {
  it("finds text cut off by its box, text let out of it and a select cutting its option; nothing else", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      await page.setContent(PAGE);
      expect(await layoutProblems(page, 360)).toEqual([
        'select "Status" cuts off "Unanswered first, then answered"',
        'p "A course title far too long for its box" cuts off "A course title far too long for its box"',
        'button "Add this to my cart" lets out "Add this to my cart"',
      ]);
    } finally {
      await context.close();
    }
  });
});
