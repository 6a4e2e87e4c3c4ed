/**
 * Settings' "Sample content" card in Chromium at 360 and 1440 px (screenshots into
 * test-results/sample-content/ for a reviewer to look at), the removal through its confirmation
 * dialog, and the store's empty states afterwards.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll } from "vitest";
import { describe, expect, freshInstall, it } from "../helpers/fixtures";
import { DESKTOP, PHONE } from "../helpers/page";
import { ROOT, type RunningServer, startServer } from "../helpers/server";

const OWNER = { email: "owner@example.com", password: "owner-password-123", name: "Asha Owner" };
const SHOTS = path.join(ROOT, "test-results", "sample-content");
let server: RunningServer;
let browser: Browser;
let base: string;

it.beforeAll(async ({ browser: shared }) => {
  server = await startServer({
    dataDir: await freshInstall(),
    env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, ADMIN_NAME: OWNER.name },
    // A first start makes the sample lecture and PDFs: room for a machine busy with other suites.
    timeoutMs: 180_000,
  });
  base = server.url;
  browser = shared;
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await server?.stop();
});

async function ownerContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const res = await context.request.post(`${base}/login`, {
    form: { email: OWNER.email, password: OWNER.password, redirectTo: "/" },
    headers: { origin: base },
    maxRedirects: 0,
  });
  if (res.status() !== 302) throw new Error(`sign-in failed: ${res.status()}`);
  return context;
}

describe("Settings: sample content", () => {
  it("lists what is sample at 360 and 1440 px, removes it behind the dialog, and the store shows its empty states", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await ownerContext(viewport);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${base}/admin/settings`, { waitUntil: "networkidle" });
      const card = page.getByTestId("sample-content");
      await card.scrollIntoViewIfNeeded();
      expect(await card.getByText("10 sample student accounts").isVisible()).toBe(true);
      expect(await card.getByText("4 banners").isVisible()).toBe(true);
      const button = card.getByRole("button", { name: "Remove all sample content" });
      expect(await button.isVisible()).toBe(true);
      // Nothing of the card runs off a phone's screen.
      const box = await card.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await card.locator("..").screenshot({ path: path.join(SHOTS, `settings-sample-${viewport.width}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    }

    const context = await ownerContext(DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/admin/settings`, { waitUntil: "networkidle" });
    await page.getByTestId("sample-content").getByRole("button", { name: "Remove all sample content" }).click();
    const dialog = page.getByRole("alertdialog");
    expect(await dialog.getByText("Remove all sample content?").isVisible()).toBe(true);
    await dialog.screenshot({ path: path.join(SHOTS, "settings-sample-dialog-1440.png") });
    await dialog.getByRole("button", { name: "Remove all sample content" }).click();
    await page
      .getByText(/^Sample content removed: /)
      .first()
      .waitFor();
    await page.getByText("No sample content is left: everything in the store is your own.").waitFor();
    await page
      .getByTestId("sample-content")
      .locator("..")
      .screenshot({ path: path.join(SHOTS, "settings-sample-removed-1440.png") });
    expect(errors).toEqual([]);
    await context.close();

    // The store answers with its empty states, without errors.
    for (const url of ["/", "/courses/std/12", "/notes/std/11", "/pyq/std/12", "/tests/std/12", "/toppers"]) {
      const visitor = await browser.newContext({ viewport: PHONE });
      const store = await visitor.newPage();
      const pageErrors: string[] = [];
      store.on("pageerror", (e) => pageErrors.push(e.message));
      const res = await store.goto(`${base}${url}`, { waitUntil: "networkidle" });
      expect(res?.status(), url).toBe(200);
      if (url !== "/toppers") {
        // The home page's "Nothing here yet", a class list's "No courses for Class 12 yet".
        const empty = store.getByText(/^(Nothing here yet|No .+ for Class \d+ yet)\. Please check back soon\.$/);
        expect(await empty.count(), url).toBeGreaterThan(0);
      }
      if (url === "/") {
        // Sections with nothing of the owner's yet are left out, not shown as bare headings.
        for (const heading of ["Subjects We Teach", "Trusted by Toppers", "Topper Galleries"]) {
          expect(await store.getByRole("heading", { name: heading }).count(), heading).toBe(0);
        }
        await store.screenshot({ path: path.join(SHOTS, "home-after-removal-360.png"), fullPage: true });
      }
      expect(pageErrors, url).toEqual([]);
      await visitor.close();
    }
  });
});
