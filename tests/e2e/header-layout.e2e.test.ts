/**
 * The store's header fits every screen for every role: no sideways scrolling, and each of its
 * controls (logo, account menu, cart, menu button) lies inside the viewport and is what a tap at its
 * centre reaches. At 360 px the signed-in header used to be 391 px wide: the avatar covered the
 * logo's name and the menu button was off-screen on every page.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../helpers/browser";
import { mapPool } from "../helpers/pool";
import { type RunningServer, startServer } from "../helpers/server";

const OWNER = { email: "owner@example.com", password: "owner-password-123", name: "Asha Venkataraman Owner" };
const WIDTHS = [360, 768, 1440];
// One page of each layout the header sits on: home, a detail page, checkout.
const PAGES = ["/", "/courses/1", "/checkout"];
const ROLES = ["anonymous", "student", "admin"] as const;

let server: RunningServer;
let browser: Browser;
/** Signed-in state per role (cookies), reused by every context of that role. */
const storage = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>();

beforeAll(async () => {
  // Its own server: it creates accounts and an owner, nothing else shares them.
  server = await startServer({
    env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, ADMIN_NAME: OWNER.name },
  });
  browser = await launchBrowser();
  for (const role of ROLES) {
    const context = await browser.newContext();
    if (role !== "anonymous") {
      const form: Record<string, string> =
        role === "admin"
          ? { email: OWNER.email, password: OWNER.password, redirectTo: "/" }
          : {
              name: "Priyadarshini Student",
              email: "student@example.com",
              password: "student-password-1",
              redirectTo: "/",
            };
      const res = await context.request.post(`${server.url}/${role === "admin" ? "login" : "signup"}`, {
        form,
        headers: { origin: server.url },
        maxRedirects: 0,
      });
      if (res.status() !== 302) throw new Error(`${role}: sign-in failed with ${res.status()}`);
    }
    storage.set(role, await context.storageState());
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Problems with the header on this page: overflow, controls off-screen or covered. */
async function headerProblems(page: Page, width: number): Promise<string[]> {
  return page.evaluate((viewportWidth) => {
    const problems: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > viewportWidth) problems.push(`page is ${scrollWidth} px wide`);
    const header = document.querySelector("header");
    if (!header) return ["no header"];
    const controls = [...header.querySelectorAll<HTMLElement>("a[href], button, summary")].filter((el) => {
      const r = el.getBoundingClientRect();
      // Shown controls only: not the visually hidden skip link (1 px), the closed mobile menu or
      // the inside of the closed account menu.
      return (
        r.width > 1 && r.height > 1 && el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })
      );
    });
    if (controls.length < 2) problems.push(`only ${controls.length} header controls`);
    const brand = header.querySelector<HTMLElement>('a[aria-label="Commerce Academy home"] span');
    if (!brand || brand.scrollWidth > brand.clientWidth) problems.push("the name Commerce Academy is cut off");
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      const name = el.getAttribute("aria-label") || el.textContent?.trim() || el.tagName;
      if (r.left < 0 || r.right > viewportWidth)
        problems.push(`${name} lies outside the viewport (${r.left}–${r.right})`);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(el === hit || el.contains(hit)))
        problems.push(`${name} is covered by ${hit?.tagName ?? "nothing"}`);
    }
    return problems;
  }, width);
}

describe("the store header on every screen", () => {
  it("fits at 360, 768 and 1440 px for a visitor, a student and the owner, on every kind of page", async () => {
    const cases = ROLES.flatMap((role) => WIDTHS.flatMap((width) => PAGES.map((path) => ({ role, width, path }))));
    const found = await mapPool(cases, 4, async ({ role, width, path }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, storageState: storage.get(role) });
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      const signedIn = await page.locator(`summary[aria-label^="Account menu"]`).count();
      const problems = await headerProblems(page, width);
      await context.close();
      if (role !== "anonymous" && signedIn === 0) problems.push("not signed in");
      return problems.map((p) => `${role} ${width}px ${path}: ${p}`);
    });
    expect(found.flat()).toEqual([]);
  });
});
