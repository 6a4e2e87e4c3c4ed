/**
 * Every screen right on a phone, a tablet and a desktop, for every role (issue 18): for each page
 * route of app/routes.ts with real ids, as a visitor, a student and the owner, at 360, 768 and
 * 1440 px, nothing scrolls sideways and every control lies inside the viewport and is what a tap
 * at its centre reaches. The main action of each page (Add to Cart, Pay, Apply, the totals, the
 * player's progress) is not covered at 360 px wherever the student scrolls it into view.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, inject } from "vitest";
import { mapPool } from "~/lib/map-pool";
import { describe, expect, it } from "../helpers/fixtures";
import {
  coveredTargets,
  layoutProblems,
  pagePatterns,
  prepareScreenInstall,
  ROLES,
  type ScreenInstall,
  type ScreenRole,
  type StorageState,
  screenUrls,
  storageForRoles,
  WIDTHS,
} from "../helpers/screens";
import { type RunningServer, startServer } from "../helpers/server";

let install: ScreenInstall;
let server: RunningServer;
let browser: Browser;
let storage: Record<ScreenRole, StorageState>;

it.beforeAll(async ({ browser: shared }) => {
  // Its own install: the student's orders and the owner account are part of what is shown.
  install = await prepareScreenInstall({ template: inject("seededTemplate") });
  server = await startServer({ dataDir: install.dataDir });
  browser = shared;
  storage = await storageForRoles(browser, server.url, install);
});
afterAll(async () => {
  await server?.stop();
});

/** A page of its own context, signed in as `role`, at 360 px. */
async function newPage(role: ScreenRole): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: WIDTHS[0], height: 740 },
    storageState: storage[role],
  });
  return context.newPage();
}

async function settle(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

describe("every screen for every role", () => {
  it("walks every page route, the admin area and the store included", () => {
    const patterns = pagePatterns();
    for (const p of ["/", "/courses/:id", "/checkout", "/checkout/pay/:orderId", "/my-courses/:id", "/admin/sales"]) {
      expect(patterns).toContain(p);
    }
    expect(patterns).not.toContain("/api/cart");
    expect(patterns).not.toContain("/downloads/:productId");
    expect(screenUrls(install.ids).every((u) => !u.includes(":"))).toBe(true);
  });

  /**
   * Where a role's request for `url` lands without a browser: the page itself, or where it is sent
   * (a redirect's target; the 403 or 404 page, the same for every URL that answers with it).
   */
  async function landing(role: ScreenRole, url: string): Promise<string> {
    const cookie = storage[role].cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
    await res.body?.cancel();
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) return new URL(location, server.url).pathname;
    if (res.status === 403 || (res.status === 404 && !url.includes("no-such-page"))) return `answer ${res.status}`;
    return url;
  }

  // One test per role (each has its own time); 3 pages at once, each at 360, 768 and 1440 px. A
  // page a role is sent away from (log in, 403) is checked once per role, where it lands: a plain
  // request tells where, so only the first URL that lands there is opened in the browser.
  it.for(ROLES)(
    "no sideways scrolling, and every control inside the viewport and reachable, at 360, 768 and 1440 px, as %s",
    { timeout: 400_000 },
    async (role) => {
      const urls = screenUrls(install.ids);
      const seen = new Set<string>();
      const cases: string[] = [];
      for (const url of urls) {
        const landed = await landing(role, url);
        if (landed !== url && seen.has(landed)) continue;
        seen.add(landed);
        cases.push(url);
      }
      // The catalogue's pages are opened for every role: only the sent-away ones are left out.
      const personal = /^\/(admin|account|my-courses|checkout|login|signup|logout)(\/|$)/;
      expect(urls.filter((u) => !personal.test(u) && !cases.includes(u))).toEqual([]);
      if (role === "admin") expect(cases.filter((u) => u.startsWith("/admin")).length).toBeGreaterThan(15);
      // Each of the 3 lanes keeps one page and navigates it from URL to URL, as a visitor's tab does:
      // a new context per URL cost Chromium a new renderer and a cold cache each time (~3× the CPU).
      // Every URL is still a full page load, measured from 360 px up. A context per lane: pages that
      // share a context are tabs of one window, and a tab in the background gets no animation frames.
      const lanes: Page[] = [];
      const found = await mapPool(cases, 3, async (url, lane) => {
        lanes[lane] ??= await newPage(role);
        const page = lanes[lane];
        await page.setViewportSize({ width: WIDTHS[0], height: 740 });
        const response = await page.goto(`${server.url}${url}`, { waitUntil: "networkidle" });
        const status = response?.status() ?? 0;
        const problems: string[] = [];
        if (status >= 500) problems.push(`answered ${status}`);
        for (const width of WIDTHS) {
          if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 800 });
          await settle(page);
          for (const p of await layoutProblems(page, width)) problems.push(`${width}px: ${p}`);
        }
        return problems.map((p) => `${role} ${url} ${p}`);
      });
      for (const page of lanes) await page.context().close();
      expect(found.flat()).toEqual([]);
    },
  );

  it("nothing covers the main action or the total of a page at 360 px, wherever it is scrolled", async () => {
    const amountOf = (page: Page, label: string) =>
      page.locator("dt, span", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::*[1]");
    const addToCart = (page: Page) => page.getByRole("button", { name: /Add to Cart/ });
    const ids = install.ids;
    const pages: { role: ScreenRole; url: string; targets: (page: Page) => Record<string, Locator> }[] = [
      ...[`/courses/${ids.course}`, `/notes/${ids.note}`, `/pyq/${ids.pyq}`].flatMap((url) =>
        (["anonymous", "student"] as const).map((role) => ({
          role,
          url,
          targets: (page: Page) => ({ "Add to Cart": addToCart(page) }),
        })),
      ),
      // The course the student owns: its main action is "Open" (to the player) instead.
      {
        role: "student",
        url: `/courses/${ids.ownedCourse}`,
        targets: (page: Page) => ({ Open: page.getByRole("link", { name: "Open", exact: true }) }),
      },
      {
        role: "anonymous",
        url: "/checkout",
        targets: (page) => ({
          subtotal: amountOf(page, "Subtotal"),
          "Log In and Continue": page.getByRole("button", { name: "Log In and Continue" }),
          "Create an account": page.getByRole("link", { name: "Create an account" }),
        }),
      },
      {
        role: "student",
        url: "/checkout",
        targets: (page) => ({
          Apply: page.getByRole("button", { name: "Apply" }),
          total: amountOf(page, "Total"),
          "the pay button": page.locator("main form button[type=submit]").last(),
        }),
      },
      {
        role: "student",
        url: `/checkout/pay/${ids.pendingOrder}`,
        targets: (page) => ({
          total: amountOf(page, "Total"),
          Pay: page.getByRole("button", { name: "Pay", exact: true }),
        }),
      },
      {
        role: "student",
        url: `/my-courses/${ids.ownedCourse}`,
        targets: (page) => ({ "the progress": page.getByText(/\d+ of \d+ lessons/) }),
      },
      // Practice tests: the free sample's page, its start page and the student's open attempt.
      {
        role: "student",
        url: `/tests/${ids.test}`,
        targets: (page) => ({ "Take the free test": page.getByRole("link", { name: "Take the free test" }) }),
      },
      {
        role: "student",
        url: `/my-courses/tests/start/${ids.test}`,
        targets: (page) => ({ Continue: page.getByRole("button", { name: "Continue the test" }) }),
      },
      {
        role: "student",
        url: `/my-courses/tests/${ids.attempt}`,
        targets: (page) => ({
          "the timer": page.getByTestId("timer"),
          Submit: page.getByRole("button", { name: "Submit", exact: true }),
        }),
      },
    ];
    // As above, each lane keeps a page (in a context of its own) per role and navigates it.
    const lanes = new Map<string, Page>();
    const found = await mapPool(pages, 3, async ({ role, url, targets }, lane) => {
      const key = `${role} ${lane}`;
      if (!lanes.has(key)) lanes.set(key, await newPage(role));
      const page = lanes.get(key)!;
      const status = (await page.goto(`${server.url}${url}`, { waitUntil: "networkidle" }))?.status() ?? 0;
      const problems = status === 200 ? [] : [`answered ${status}`];
      const list = Object.entries(targets(page)).map(([name, locator]) => ({ name, locator }));
      problems.push(...(await coveredTargets(page, list)));
      return problems.map((p) => `${role} ${url}: ${p}`);
    });
    for (const page of lanes.values()) await page.context().close();
    expect(found.flat()).toEqual([]);
  });
});
