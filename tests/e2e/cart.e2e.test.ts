import type { Browser, Page } from "playwright-core";
import { sharedBaseUrl } from "../helpers/e2e-ready";
import { describe, expect, it } from "../helpers/fixtures";
import { axeViolations, closePage, DESKTOP, openPage, PHONE, waitForHydration } from "../helpers/page";

const baseUrl = sharedBaseUrl();
let browser: Browser;

it.beforeAll(async ({ browser: shared }) => {
  browser = shared;
});

const badge = (page: Page) => page.getByTestId("cart-badge");
const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem("cart-storage") ?? "null") as unknown);

describe("cart journey in Chromium", () => {
  it("add, badge, re-add no-op, drawer, subtotal, reload keeps it, remove, clear, empty state", async () => {
    const opened = await openPage(browser, `${baseUrl}/courses/std/12`, { viewport: DESKTOP });
    const { page } = opened;
    await waitForHydration(page);
    expect(await badge(page).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Cart", exact: true }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "Add to Cart: Accountancy Class 12" }).click();
    await page.getByText("Added to cart: Accountancy Class 12").waitFor();
    expect(await badge(page).textContent()).toBe("1");
    expect(await page.getByRole("button", { name: "Cart, 1 item" }).isVisible()).toBe(true);

    // Re-adding does nothing but says so.
    await page.getByRole("button", { name: "Add to Cart: Accountancy Class 12" }).click();
    await page.getByText("Already in your cart: Accountancy Class 12").waitFor();
    expect(await badge(page).textContent()).toBe("1");

    await page.getByRole("button", { name: "Add to Cart: Economics Class 12" }).click();
    await page.getByRole("button", { name: "Cart, 2 items" }).waitFor();
    expect(await stored(page)).toEqual({
      state: {
        items: [
          {
            id: 1,
            kind: "course",
            title: "Accountancy Class 12",
            pricePaise: 99_900,
            image: "/images/covers/accountancy-course.svg",
            quantity: 1,
          },
          {
            id: 2,
            kind: "course",
            title: "Economics Class 12",
            pricePaise: 98_900,
            image: "/images/covers/economics-course.svg",
            quantity: 1,
          },
        ],
      },
      version: 0,
    });

    // Reload: the cart survives and the server-rendered header hydrates without a mismatch.
    await page.reload({ waitUntil: "networkidle" });
    await waitForHydration(page);
    await page.getByRole("button", { name: "Cart, 2 items" }).waitFor();

    await page.getByRole("button", { name: "Cart, 2 items" }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(480); // 30rem
    expect(await drawer.getByRole("listitem").count()).toBe(2);
    expect(await page.getByTestId("cart-subtotal").textContent()).toBe("₹1,988.00");
    expect(await drawer.getByRole("link", { name: "Proceed to Checkout" }).getAttribute("href")).toBe("/checkout");
    expect(await axeViolations(page)).toEqual([]);

    await drawer.getByRole("button", { name: "Remove Accountancy Class 12" }).click();
    expect(await drawer.getByRole("listitem").count()).toBe(1);
    expect(await page.getByTestId("cart-subtotal").textContent()).toBe("₹989.00");
    expect(await badge(page).textContent()).toBe("1");

    await drawer.getByRole("button", { name: "Clear Cart" }).click();
    expect(await drawer.getByText("Your cart is empty").isVisible()).toBe(true);
    expect(await badge(page).count()).toBe(0);
    expect(await stored(page)).toEqual({ state: { items: [] }, version: 0 });

    await drawer.getByRole("link", { name: "Start Shopping" }).click();
    await page.waitForURL(/\/courses$/);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(opened.errors).toEqual([]);
    await closePage(opened);
  });

  it("the drawer is full width on a phone, closes with Escape and returns focus to the cart button", async () => {
    // A paid note (a free one offers "Get it free" instead of the cart): the ₹24 handwritten notes.
    const opened = await openPage(browser, `${baseUrl}/notes/8`, { viewport: PHONE });
    const { page } = opened;
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("button", { name: "Cart, 1 item" }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(360);
    expect(await drawer.getByText(/Partnership Accounts/).isVisible()).toBe(true);
    expect(await page.getByTestId("cart-subtotal").textContent()).toBe("₹24.00");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await page.waitForFunction((label) => document.activeElement?.getAttribute("aria-label") === label, "Cart, 1 item");
    expect(opened.errors).toEqual([]);
    await closePage(opened);
  });

  it("the drawer (a native modal dialog) takes focus, keeps it, locks the page and closes on the backdrop", async () => {
    const opened = await openPage(browser, `${baseUrl}/courses/std/12`, { viewport: DESKTOP });
    const { page } = opened;
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add to Cart: Accountancy Class 12" }).click();
    // The toast's "View cart" opens the drawer too.
    await page.getByRole("button", { name: "View cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await drawer.waitFor();
    expect(await drawer.getByRole("listitem").count()).toBe(1);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });

    // Keyboard: the first Enter on the cart button opens it with focus inside, on its first control.
    await page.getByRole("button", { name: "Cart, 1 item" }).focus();
    await page.keyboard.press("Enter");
    await drawer.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close cart");
    expect(await page.getByRole("button", { name: "Cart, 1 item" }).getAttribute("aria-expanded")).toBe("true");
    // Tab never leaves the drawer (the page behind is inert).
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
    }
    // The page behind does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    // A click on the dimmed page (left of the 30rem drawer) closes it; focus returns to the cart button.
    await page.mouse.click(200, 450);
    await drawer.waitFor({ state: "detached" });
    await page.waitForFunction((label) => document.activeElement?.getAttribute("aria-label") === label, "Cart, 1 item");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("visible");
    // A click inside the drawer does not close it.
    await page.getByRole("button", { name: "Cart, 1 item" }).click();
    await drawer.getByText("GST (18%) is added at checkout.").click();
    expect(await drawer.isVisible()).toBe(true);
    expect(opened.errors).toEqual([]);
    await closePage(opened);
  });

  it("the drawer's code is not in the first load; the very first click (no hover before) opens it with the items", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    await context.addInitScript(() =>
      window.localStorage.setItem(
        "cart-storage",
        JSON.stringify({
          state: { items: [{ id: 7, kind: "note", title: "Accountancy Formula Sheet", pricePaise: 0, image: "" }] },
          version: 0,
        }),
      ),
    );
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${baseUrl}/about`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(scripts.some((s) => /cart-drawer-panel/.test(s))).toBe(false);
    // A click event alone: no hover or focus has started the download before.
    await page.getByRole("button", { name: "Cart, 1 item" }).dispatchEvent("click");
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await drawer.waitFor();
    expect(await drawer.getByRole("listitem").count()).toBe(1);
    expect(await drawer.getByText("Accountancy Formula Sheet").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close cart");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await context.close();
  });

  it("an empty drawer shows the empty state", async () => {
    const opened = await openPage(browser, `${baseUrl}/`, { viewport: PHONE });
    await waitForHydration(opened.page);
    await opened.page.getByRole("button", { name: "Cart", exact: true }).click();
    const drawer = opened.page.getByRole("dialog", { name: "Your Cart" });
    await drawer.waitFor();
    expect(await drawer.getByText("Your cart is empty").isVisible()).toBe(true);
    expect(await drawer.getByRole("link", { name: "Start Shopping" }).isVisible()).toBe(true);
    await closePage(opened);
  });

  it("a broken cart-storage value reads as an empty cart without errors", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    await context.addInitScript(() => window.localStorage.setItem("cart-storage", "{broken"));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/courses/std/11`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(await badge(page).count()).toBe(0);
    await page.getByRole("button", { name: "Add to Cart: Accountancy Class 11" }).click();
    expect(await badge(page).textContent()).toBe("1");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an Add to Cart click made before hydration is not lost", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold every script until the click has happened.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${baseUrl}/courses/3`, { waitUntil: "commit" });
    const button = page.getByRole("button", { name: "Add to Cart" });
    await button.waitFor();
    expect(await page.evaluate(() => (window as { __cartHydrated?: boolean }).__cartHydrated)).toBeUndefined();
    await button.click();
    release();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Cart, 1 item" }).waitFor();
    await page.getByText("Added to cart: Business Studies Class 12").waitFor();
    await context.close();
  });
});
