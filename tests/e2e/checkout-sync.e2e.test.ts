/**
 * The header's cart badge is right at once, on every page, in every tab (issue 18): two pages of one
 * browser (one session, one localStorage), as a signed-in student who pays in one of them, and as a
 * guest. Runs on the shared server: it only adds its own student, cart and order.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { sharedBaseUrl } from "../helpers/e2e-ready";
import { describe, expect, it } from "../helpers/fixtures";
import { PHONE, waitForHydration } from "../helpers/page";

const baseUrl = sharedBaseUrl();
let browser: Browser;

it.beforeAll(async ({ browser: shared }) => {
  browser = shared;
});

const ACCOUNTANCY = "Add to Cart: Accountancy Class 12";
const ECONOMICS = "Add to Cart: Economics Class 12";

const badge = (page: Page) => page.getByTestId("cart-badge");

/** The badge's number, or 0 when there is none. */
async function badgeCount(page: Page) {
  return (await badge(page).count()) === 0 ? 0 : Number(await badge(page).textContent());
}

/** Waits (at most `timeout` ms) until the page's badge shows `count`. */
async function badgeShows(page: Page, count: number, timeout = 10_000) {
  await page.waitForFunction(
    (n) => {
      const el = document.querySelector("[data-testid=cart-badge]");
      return (el ? Number(el.textContent) : 0) === n;
    },
    count,
    { timeout },
  );
}

/** A page of the context that records console errors, opened at `path` and hydrated. */
async function open(context: BrowserContext, path: string, errors: string[]) {
  const page = await context.newPage();
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  await waitForHydration(page);
  // Set once: still there later means the page was never reloaded.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  return page;
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe("the cart badge across tabs", () => {
  it("signed in: paying empties the badge at once in the paying tab and, without a reload, in the other tab", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const signup = await context.request.post(`${baseUrl}/signup`, {
      form: {
        name: "Kavya Nair",
        email: `sync-${process.pid}-${Date.now()}@example.com`,
        password: "correct-horse-battery",
        redirectTo: "/",
      },
      headers: { origin: baseUrl },
      maxRedirects: 0,
    });
    expect(signup.status()).toBe(302);
    const errors: string[] = [];
    const shop = await open(context, "/courses/std/12", errors);
    const other = await open(context, "/about", errors);
    expect(await badgeCount(other)).toBe(0);

    // Adding in one tab shows in the other, without a reload.
    await shop.getByRole("button", { name: ACCOUNTANCY }).click();
    await badgeShows(shop, 1);
    await badgeShows(other, 1);
    await shop.getByRole("button", { name: ECONOMICS }).click();
    await badgeShows(shop, 2);
    await badgeShows(other, 2);
    expect(await sameDocument(other)).toBe(true);

    // A page rendered for the student has the count in its HTML, right before any JavaScript runs
    // (a shared catalog page gets it from /api/me while it hydrates: shared-pages.e2e.test.ts).
    const html = await (await context.request.get(`${baseUrl}/account`)).text();
    expect(html).toMatch(/aria-label="Cart, 2 items"/);
    expect(html).toMatch(/data-testid="cart-badge"[^>]*>2</);

    // Pay in the first tab (the test gateway).
    await shop.goto(`${baseUrl}/checkout`, { waitUntil: "networkidle" });
    await shop.getByLabel("Your state or union territory").selectOption("27");
    await shop.getByRole("button", { name: "Continue to payment" }).click();
    await shop.waitForURL(/\/checkout\/pay\//);
    await shop.getByRole("button", { name: "Pay", exact: true }).click();
    await shop.waitForURL(/\/account\/orders\/[0-9a-f-]+$/);
    await shop.getByText("Thank you! Your order is complete").waitFor();
    // Right at once on the order page: no reload, no next page.
    await badgeShows(shop, 0, 1_000);
    expect(await shop.getByRole("button", { name: "Cart", exact: true }).isVisible()).toBe(true);

    // The other tab follows by itself, still the same document.
    await badgeShows(other, 0);
    expect(await sameDocument(other)).toBe(true);
    // And stays right when navigating on (a client-side navigation).
    await other.getByRole("link", { name: "Explore Courses" }).click();
    await other.waitForURL(`${baseUrl}/courses`);
    expect(await badgeCount(other)).toBe(0);
    expect(await sameDocument(other)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("as a guest: a change in one tab shows in the other (the storage event of the guest cart)", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const errors: string[] = [];
    const shop = await open(context, "/courses/std/12", errors);
    const other = await open(context, "/about", errors);
    await shop.getByRole("button", { name: ACCOUNTANCY }).click();
    await badgeShows(shop, 1);
    await badgeShows(other, 1);
    await shop.getByRole("button", { name: ECONOMICS }).click();
    await badgeShows(other, 2);

    // Removed in the second tab's drawer: the first tab follows.
    await other.getByRole("button", { name: "Cart, 2 items" }).click();
    const drawer = other.getByRole("dialog");
    await drawer.waitFor();
    await drawer
      .getByRole("button", { name: /^Remove/ })
      .first()
      .click();
    await badgeShows(other, 1);
    await badgeShows(shop, 1);
    expect(await sameDocument(shop)).toBe(true);
    expect(await sameDocument(other)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
