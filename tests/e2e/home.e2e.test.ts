import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "../helpers/fixtures";

async function openPage(browser: Browser, url: string, viewport = { width: 360, height: 740 }) {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  const response = await page.goto(url, { waitUntil: "networkidle" });
  return { page, response, errors };
}

async function brokenImages(page: Page) {
  return page.$$eval("img", (imgs) =>
    imgs.filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.getAttribute("src")),
  );
}

describe("home page in Chromium", () => {
  it("shows the hero, the buttons, six courses and four featured notes on a phone", async ({ browser, baseUrl }) => {
    const { page, errors } = await openPage(browser, `${baseUrl}/`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Excel in Your Commerce Exams" }).isVisible(),
    ).resolves.toBe(true);
    expect(await page.getByText("Master Class 11 & 12 Commerce with expert-led courses").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Explore Courses" }).getAttribute("href")).toBe("/courses");
    expect(await page.getByRole("link", { name: "Browse Notes" }).getAttribute("href")).toBe("/notes");

    const courses = page
      .locator("section", { has: page.getByRole("heading", { name: "Our Courses" }) })
      .locator("article");
    expect(await courses.count()).toBe(6);
    const notes = page
      .locator("section", { has: page.getByRole("heading", { name: "Popular Notes & Summaries" }) })
      .locator("article");
    expect(await notes.count()).toBe(4);
    // The free note's price says "Free", and its button takes it in one step ("Get it free").
    expect(await notes.first().getByText("Free", { exact: true }).count()).toBe(1);
    expect(
      await notes
        .first()
        .getByRole("link", { name: /^Get it free: / })
        .count(),
    ).toBe(1);

    // Lazy images below the fold: scroll through the page so every one loads.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
      }
    });
    await page.waitForLoadState("networkidle");
    expect(await brokenImages(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("header navigation has the spec's links and the mobile menu opens", async ({ browser, baseUrl }) => {
    const { page } = await openPage(browser, `${baseUrl}/`);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    for (const [label, href] of [
      ["Home", "/"],
      ["Courses", "/courses"],
      ["Notes", "/notes"],
      ["PYQ", "/pyq"],
      ["Toppers", "/toppers"],
      ["My Courses", "/my-courses"],
    ]) {
      expect(await menu.getByRole("link", { name: label, exact: true }).getAttribute("href")).toBe(href);
    }
    expect(await menu.getByRole("link", { name: "Log In" }).getAttribute("href")).toBe("/login");
    expect(await menu.getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/signup");
    await page.close();
  });

  it("shows the 404 page for an unknown route", async ({ browser, baseUrl }) => {
    const { page, response } = await openPage(browser, `${baseUrl}/no/such/page`, { width: 1440, height: 900 });
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "404 - Page Not Found" }).isVisible()).toBe(true);
    await page.close();
  });
});
