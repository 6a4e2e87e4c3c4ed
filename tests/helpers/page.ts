/** Browser helpers for the end-to-end tests: pages that record console errors, axe checks, hydration. */
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1440, height: 900 };

export interface OpenedPage {
  page: Page;
  status: number | undefined;
  errors: string[];
}

export async function openPage(
  browser: Browser,
  url: string,
  opts: { viewport?: { width: number; height: number } } & BrowserContextOptions = {},
): Promise<OpenedPage> {
  const { viewport = PHONE, ...contextOptions } = opts;
  const context = await browser.newContext({ viewport, ...contextOptions });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    // 404 pages make the browser log the failed document request; that is the point of those pages.
    if (msg.type() === "error" && !/status of 404/.test(msg.text())) errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  const response = await page.goto(url, { waitUntil: "networkidle" });
  return { page, status: response?.status(), errors };
}

/** Resolves once React has hydrated the store layout (the cart provider marks it). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __cartHydrated?: boolean }).__cartHydrated === true);
}

/** WCAG 2.0 and 2.1, levels A and AA: the rules the signed-in pages are held to. */
export const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core's violations on the page as short strings (empty = accessible by axe's rules): every
 * rule, or only those of `tags`; within `include` and without `exclude` (CSS selectors).
 *
 * Legacy mode runs `axe.run` in the page and its same-origin frames. The default mode gathers each
 * frame's partial results in a new blank page, which costs a renderer of its own and axe-core parsed
 * again: 1.3–1.4 s of CPU a run on a store page against 0.8 s (docs/testing.md). The store's own pages
 * embed no frame of another origin that is ours to audit. Only violations are asked for: axe then
 * skips building a selector for every node that passed. `tests/e2e/axe.e2e.test.ts` shows it still
 * finds a violation, in the page and in a frame.
 */
export async function axeViolations(
  page: Page,
  opts: { tags?: string[]; include?: string; exclude?: string } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (opts.tags) builder.withTags(opts.tags);
  if (opts.include) builder.include(opts.include);
  if (opts.exclude) builder.exclude(opts.exclude);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

export async function closePage(opened: OpenedPage | Page) {
  const page = "page" in opened ? opened.page : opened;
  await page.context().close();
}

/**
 * Clicks `target` and waits until the notice of the action (`<FlashToast>`, `[data-flash]`) has shown
 * `text`. The toast leaves after 3 s (TOAST_MS), and Playwright's own waiting polls every 500 ms with a
 * few round trips each: on a machine busy with other tests a poll can come after the toast has gone.
 * So the page itself watches, every animation frame, from before the click. A notice of the same text
 * still showing from the last action would pass that wait before this click's own arrived (a test then
 * went on while the request was in flight: it was never answered, and its notice showed pages later), so
 * that one is let go first.
 */
export async function clickAndSeeFlash(page: Page, target: Locator, text: string) {
  await page.waitForFunction(
    (expected) => ![...document.querySelectorAll("[data-flash]")].some((el) => el.textContent === expected),
    text,
    { polling: "raf", timeout: 30_000 },
  );
  const seen = page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll<HTMLElement>("[data-flash]")].some(
        (el) => el.textContent === expected && el.getBoundingClientRect().height > 0,
      ),
    text,
    { polling: "raf", timeout: 30_000 },
  );
  // Awaited below; if the click throws first, this must not become an unhandled rejection.
  seen.catch(() => {});
  await target.click();
  try {
    await seen;
  } catch (error) {
    // Say what the page showed instead: its address, its alerts and its notices.
    const shown = await page
      .evaluate(() => ({
        alerts: [...document.querySelectorAll("[role=alert], [data-flash]")].map((el) => el.textContent),
        title: document.title,
      }))
      .catch(() => null);
    throw new Error(`"${text}" was not shown at ${page.url()}: ${JSON.stringify(shown)}`, { cause: error });
  }
}
