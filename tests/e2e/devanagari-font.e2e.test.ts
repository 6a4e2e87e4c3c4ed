/**
 * Issue 32: a Hindi name renders on a phone without a Devanagari font. This Chromium has none
 * (Debian's fonts-noto is not installed), so only the store's own web font (app/app.css, Noto Sans
 * Devanagari with a unicode-range) can draw it; a page without Devanagari never downloads it.
 */
import type { Browser, Response as PwResponse } from "playwright-core";
import { signInBrowser } from "../helpers/auth";
import { sharedBaseUrl } from "../helpers/e2e-ready";
import { describe, expect, it } from "../helpers/fixtures";
import { PHONE, waitForHydration } from "../helpers/page";

const baseUrl = sharedBaseUrl();
const NAME = "प्रिया शर्मा";
const EMAIL = `priya.hindi.${Date.now()}@example.com`;
const PASSWORD = "hindi-name-password-1";
let browser: Browser;

it.beforeAll(async ({ browser: shared }) => {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ name: NAME, email: EMAIL, password: PASSWORD }),
  });
  expect(signUp.status).toBe(200);
  browser = shared;
});

async function visit(path: string, signedIn: boolean) {
  const context = await browser.newContext({ viewport: PHONE });
  if (signedIn) await signInBrowser(context, baseUrl, EMAIL, PASSWORD);
  const page = await context.newPage();
  const fonts: PwResponse[] = [];
  page.on("response", (r) => {
    if (/noto-sans-devanagari-\d+[^/]*\.woff2$/.test(new URL(r.url()).pathname)) fonts.push(r);
  });
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready);
  return { context, page, fonts };
}

describe("Devanagari web font", () => {
  it("draws a Hindi name with the store's Noto Sans Devanagari, fetched for that page only", async () => {
    const { context, page, fonts } = await visit("/account", true);
    try {
      await expect.poll(() => page.getByRole("textbox", { name: "Full name" }).inputValue()).toBe(NAME);
      expect(fonts.map((r) => r.status())).toContain(200);
      const drawn = await page.evaluate(
        (name) =>
          document.fonts.check(`16px "Noto Sans Devanagari"`, name) &&
          [...document.fonts].some(
            (f) => f.family.replace(/"/g, "") === "Noto Sans Devanagari" && f.status === "loaded",
          ),
        NAME,
      );
      expect(drawn).toBe(true);
      // What a person sees: the field as the page drew it is pixel for pixel a copy drawn with the
      // Devanagari face named first (which this Chromium draws right), not boxes. (With the font as a
      // late fallback in the page's font stack, Chromium drew boxes in form fields and kept them.)
      const field = page.getByRole("textbox", { name: "Full name" });
      await field.evaluate((input: HTMLInputElement) => {
        const copy = input.cloneNode() as HTMLInputElement;
        copy.value = input.value;
        copy.id = "reference";
        copy.removeAttribute("name");
        const stack = getComputedStyle(input).fontFamily;
        if (!stack.startsWith('"Noto Sans Devanagari"')) copy.style.fontFamily = `"Noto Sans Devanagari", ${stack}`;
        input.after(copy);
      });
      const reference = page.locator("#reference");
      await expect
        .poll(() => reference.evaluate((el) => document.fonts.check(getComputedStyle(el).font, "प")))
        .toBe(true);
      expect(Buffer.compare(await field.screenshot(), await reference.screenshot())).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("a page with no Devanagari does not download it", async () => {
    const { context, fonts } = await visit("/", false);
    try {
      expect(fonts).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
