/**
 * Admin journeys in Chromium against the built server, with its own data and
 * an owner created from ADMIN_EMAIL/ADMIN_PASSWORD on first start.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from "playwright-core";
import { afterAll } from "vitest";
import { describe, expect, freshInstall, it } from "../helpers/fixtures";
import { axeViolations, clickAndSeeFlash, WCAG_AA } from "../helpers/page";
import { type RunningServer, startServer } from "../helpers/server";

const OWNER = { email: "owner@example.com", password: "owner-password-123", name: "Asha Owner" };
let server: RunningServer;
let browser: Browser;
let admin: BrowserContext;
let base: string;

it.beforeAll(async ({ browser: shared }) => {
  server = await startServer({
    dataDir: await freshInstall(),
    env: {
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ADMIN_NAME: OWNER.name,
      ORDERS_RECONCILE_INTERVAL_SECONDS: "3600",
    },
  });
  base = server.url;
  browser = shared;
  admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signIn(admin.request, OWNER.email, OWNER.password);
});

afterAll(async () => {
  await server?.stop();
});

async function signIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post(`${base}/login`, {
    form: { email, password, redirectTo: "/" },
    headers: { origin: base },
    maxRedirects: 0,
  });
  if (res.status() !== 302) throw new Error(`sign-in failed: ${res.status()}`);
}

async function signUp(context: BrowserContext, name: string, email: string, password = "student-password-1") {
  const res = await context.request.post(`${base}/signup`, {
    form: { name, email, password, redirectTo: "/" },
    headers: { origin: base },
    maxRedirects: 0,
  });
  if (res.status() !== 302) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
}

/** A page that fails the test on any console error or uncaught exception. */
async function open(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    // A 4xx answer to a bad form submission is expected; the browser logs it as a failed resource.
    if (
      m.type() === "error" &&
      !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())
    ) {
      errors.push(m.text());
    }
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  return { page, response, errors };
}

/** Is this title on the store's home page ("Our Courses" lists every published course)? */
async function onStore(title: string): Promise<boolean> {
  const html = await (await fetch(`${base}/`)).text();
  return html.includes(title);
}

async function productIdByTitle(page: Page, title: string) {
  await page.goto(`${base}/admin/courses?kind=course&q=${encodeURIComponent(title)}`, { waitUntil: "networkidle" });
  const href = await page.getByRole("link", { name: title, exact: true }).first().getAttribute("href");
  return Number(href!.split("/").pop());
}

/** Fills the open Add New form for a Class 12 draft, saves it and waits for the new draft's editor. */
async function saveNewDraft(page: Page, course: { name: string; category: string; description: string }) {
  await page.getByLabel("Name", { exact: true }).fill(course.name);
  const form = page.locator("#add-course");
  await form.getByLabel("Category").selectOption({ label: course.category });
  await form.getByLabel("Class").selectOption({ label: "Class 12" });
  await form.getByLabel("Status").selectOption({ label: "Draft" });
  await page.getByLabel("Description").fill(course.description);
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/admin\/courses\/\d+$/);
}

describe("admin area in Chromium", () => {
  it("dashboard shows the metric cards, counts students up, the chart, top courses and activity", async () => {
    const { page, errors } = await open(admin, "/admin");
    expect(await page.getByRole("heading", { name: "Dashboard", level: 1 }).isVisible()).toBe(true);
    for (const label of [
      "Revenue this month, net of GST",
      "Students",
      "Enrolments this month",
      "Free→paid conversion",
    ]) {
      expect(await page.getByText(label, { exact: true }).count()).toBe(1);
    }
    await page.locator("[data-metric=students]").getByText("0").waitFor();
    expect(await page.getByRole("heading", { name: "Top 5 courses by enrolment" }).isVisible()).toBe(true);
    // Recharts arrives in its own chunk and draws an SVG.
    await page.locator("[data-testid=sales-enrolment-chart] svg.recharts-surface").first().waitFor();
    expect(await page.getByText("Owner Admin is now the primary administrator").count()).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the dashboard passes axe's WCAG 2.1 AA rules (colour contrast included), at 1440 and 360 px", async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 360, height: 740 },
    ]) {
      const context = await browser.newContext({ viewport, storageState: await admin.storageState() });
      const { page, errors } = await open(context, "/admin");
      // The chart arrives in its own chunk: audit the page as the owner sees it.
      await page.locator("[data-testid=sales-enrolment-chart] svg.recharts-surface").first().waitFor();
      const violations = await axeViolations(page, { tags: WCAG_AA });
      expect(violations.map((v) => `${viewport.width}px ${v}`)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("at 1440 px the sidebar's dark column runs the whole height of a long page, and its links stay in view", async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      storageState: await admin.storageState(),
    });
    for (const path of ["/admin", "/admin/settings"]) {
      const { page } = await open(context, path);
      const sizes = () =>
        page.evaluate(() => {
          const aside = document.querySelector("aside")!;
          return {
            page: document.documentElement.scrollHeight,
            screen: window.innerHeight,
            column: Math.round(aside.getBoundingClientRect().height),
            colour: getComputedStyle(aside).backgroundColor,
          };
        });
      const before = await sizes();
      expect(before.page, `${path} is longer than the screen`).toBeGreaterThan(before.screen);
      expect(before.column, path).toBe(before.page);
      expect(before.colour).toBe("oklch(0.208 0.042 265.755)"); // slate-900
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      // At the bottom of the page: dark beside the content, and the navigation still on screen.
      const bottom = await page.evaluate(() => {
        const hit = document.elementFromPoint(20, window.innerHeight - 5);
        return hit ? getComputedStyle(hit.closest("aside") ?? hit).backgroundColor : null;
      });
      expect(bottom).toBe(before.colour);
      const nav = page.getByRole("navigation", { name: "Admin" });
      expect(await nav.getByRole("link", { name: "Dashboard" }).isVisible()).toBe(true);
      const box = await nav.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(900);
      await page.close();
    }
    await context.close();
  });

  it("creates a course as Draft (not in the store), publishes it once it has a price and a lesson (in the store), archives it (gone)", async () => {
    const { page, errors } = await open(admin, "/admin/courses");
    await page.getByRole("button", { name: "Add New Course" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Course name is required.").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Instructor", { exact: true }).selectOption({ label: "New Instructor" });
    await page.getByLabel("New instructor's name").fill("Kiran Rao");
    // Save opens the new draft's editor (issue 32), which says at once what it needs to go live; no
    // filled-in Add New form is left behind to be saved a second time.
    await saveNewDraft(page, {
      name: "English Core Class 12",
      category: "English",
      description: "Flamingo, Vistas and writing skills for the board exam.",
    });
    await page
      .getByText(
        '"English Core Class 12" was created as Draft. To publish, add: a price (or mark it free), at least one lesson.',
      )
      .waitFor();
    await page.getByRole("heading", { name: "Edit course: English Core Class 12" }).waitFor();
    expect(await page.locator("#add-course").count()).toBe(0);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    expect(await onStore("English Core Class 12")).toBe(false);

    await page.goto(`${base}/admin/courses`, { waitUntil: "networkidle" });
    await page.locator("#category-filter").selectOption({ label: "English" });
    await page.waitForURL(/category=english/);
    await page.getByRole("link", { name: "English Core Class 12", exact: true }).waitFor();
    await page.locator("#category-filter").selectOption({ label: "Economics" });
    await page.waitForURL(/category=economics/);
    await page.locator("#course-search").fill("English Core");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No courses found in the selected category").waitFor();

    expect(await productIdByTitle(page, "English Core Class 12")).toBe(id);
    await page.goto(`${base}/admin/courses/${id}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Publish" }).click();
    // Nothing goes live at ₹0 or without a lesson: the refusal names what is missing.
    await page
      .getByRole("alert")
      .getByText("To publish, add: a price (or mark it free), at least one lesson.")
      .waitFor();
    expect(await onStore("English Core Class 12")).toBe(false);
    // The refusal's page, then the editor opened afresh: this step failed three times in full runs
    // on a busy machine (the notice of the Save below never came) and never alone. The refusal's page
    // followed by Save changes is the test below, without JavaScript.
    await page.goto(`${base}/admin/courses/${id}`, { waitUntil: "networkidle" });
    await page.getByLabel("Price (₹)").fill("499");
    await clickAndSeeFlash(
      page,
      page.getByRole("button", { name: "Save changes" }),
      '"English Core Class 12" was saved.',
    );
    await page.getByLabel("New module title").fill("Flamingo");
    await clickAndSeeFlash(page, page.getByRole("button", { name: "Add module" }), "Module added.");
    await page.getByLabel("Lesson title").fill("The Last Lesson");
    await page.getByLabel("Video link (YouTube or Vimeo)").fill("https://youtu.be/dQw4w9WgXcQ");
    await clickAndSeeFlash(page, page.getByRole("button", { name: "Add lesson" }), "Lesson added.");
    // A lesson of type test: choosing the type swaps the video link for the list of tests.
    await page.getByLabel("Lesson title").fill("Chapter test");
    await page.getByLabel("Type").selectOption("test");
    expect(await page.getByLabel("Video link (YouTube or Vimeo)").count()).toBe(0);
    await page.getByLabel("Practice test").selectOption({ label: "English Core Class 12 — Free Sample Test" });
    await clickAndSeeFlash(page, page.getByRole("button", { name: "Add lesson" }), "Lesson added.");
    await page.getByText("Practice test: English Core Class 12 — Free Sample Test").waitFor();
    // Removing a lesson asks first, naming it (it takes progress and doubts with it): Cancel keeps it.
    const removeTest = page.getByRole("button", { name: "Remove lesson Chapter test" });
    const confirm = page.getByRole("alertdialog");
    await removeTest.click();
    await confirm.getByText('Remove the lesson "Chapter test"?').waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await page.getByText("Practice test: English Core Class 12 — Free Sample Test").count()).toBe(1);
    await removeTest.click();
    await clickAndSeeFlash(page, confirm.getByRole("button", { name: "Remove" }), "Removed.");
    expect(await page.getByText("Practice test: English Core Class 12 — Free Sample Test").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Remove lesson The Last Lesson" }).count()).toBe(1);
    await clickAndSeeFlash(
      page,
      page.getByRole("button", { name: "Publish" }),
      '"English Core Class 12" is now Published.',
    );
    expect(await onStore("English Core Class 12")).toBe(true);

    await clickAndSeeFlash(
      page,
      page.getByRole("button", { name: "Archive" }),
      '"English Core Class 12" is now Archived.',
    );
    expect(await onStore("English Core Class 12")).toBe(false);

    // Never sold: it can be deleted (behind a confirmation dialog).
    await page.getByRole("button", { name: "Delete" }).click();
    await clickAndSeeFlash(
      page,
      page.getByRole("alertdialog").getByRole("button", { name: "Delete" }),
      '"English Core Class 12" was deleted.',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("without JavaScript, a refused Publish leaves the details form as stored and Save changes saves it", async () => {
    // A new draft, made with JavaScript on, as in the test above.
    const { page: maker } = await open(admin, "/admin/courses");
    await maker.getByRole("button", { name: "Add New Course" }).click();
    await saveNewDraft(maker, {
      name: "Business Studies Draft",
      category: "Business Studies",
      description: "Principles and functions of management for the board exam.",
    });
    const editor = maker.url();
    await maker.close();

    // The same admin with JavaScript off (or before the page's code has run, on a slow phone).
    const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await admin.storageState() });
    const page = await noJs.newPage();
    await page.goto(editor);
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("alert").getByText("To publish, add:").waitFor();
    // The refused Publish's "published" is not put in the details form's Status.
    expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("draft");
    await page.getByLabel("Price (₹)").fill("299");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText('"Business Studies Draft" was saved.').waitFor();
    // The page arrives in a stream and the notice comes first: count once the whole page is in.
    await page.waitForLoadState("load");
    expect(await page.getByText("Status: Draft").count()).toBe(1);
    expect(await page.getByLabel("Price (₹)").inputValue()).toBe("299.00");
    expect(await onStore("Business Studies Draft")).toBe(false);
    await noJs.close();
  });

  it("refunds a paid order behind a confirmation dialog and the buyer loses access", async () => {
    const student = await browser.newContext();
    await signUp(student, "Meena Buyer", "meena@example.com");
    const lookup = await admin.newPage();
    const courseId = await productIdByTitle(lookup, "Economics Class 12");
    await lookup.close();
    const add = await student.request.post(`${base}/api/cart`, {
      form: { intent: "add", productId: String(courseId) },
      headers: { origin: base },
    });
    expect(add.status()).toBe(200);
    const placed = await student.request.post(`${base}/checkout`, {
      form: { state: "27" }, // asked once: the buyer's state (GST place of supply)
      headers: { origin: base },
      maxRedirects: 0,
    });
    const payUrl = placed.headers().location!;
    expect(payUrl).toMatch(/^\/checkout\/pay\//);
    const paid = await student.request.post(`${base}${payUrl}`, {
      form: { intent: "pay" },
      headers: { origin: base },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(302);
    expect((await student.request.get(`${base}/my-courses/${courseId}`)).status()).toBe(200);

    const { page, errors } = await open(admin, "/admin/sales?q=meena");
    const row = page.getByRole("row", { name: /Meena Buyer/ });
    await row.getByRole("button", { name: /^Refund/ }).click();
    const dialog = page.getByRole("alertdialog");
    expect(await dialog.getByText(/Refund order CA-/).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Refund" }).click();
    await page.getByText(/was refunded: ₹[\d,.]+; 1 enrolment\(s\) revoked\./).waitFor();
    expect(await row.getByText("refunded", { exact: true }).isVisible()).toBe(true);
    expect((await student.request.get(`${base}/my-courses/${courseId}`)).status()).toBe(404);

    // The refund is in the notifications and in the recent activity.
    await page.getByRole("button", { name: /Notifications/ }).click();
    await page
      .getByRole("menuitem", { name: /refunded/ })
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Mark all read" }).click();
    await page.getByText("No new notifications.").waitFor();
    await page.keyboard.press("Escape");
    await page.goto(`${base}/admin`, { waitUntil: "networkidle" });
    expect(await page.getByText("Refund", { exact: true }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
    await student.close();
  });

  it("maintenance mode answers 503 on public pages while the admin keeps working and /login stays open", async () => {
    const { page, errors } = await open(admin, "/admin/settings");
    await page.getByLabel("Maintenance mode").check();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/admin/settings") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Save settings" }).click(),
    ]);
    await page.getByText("Settings saved.").first().waitFor();

    const visitor = await browser.newContext();
    const home = await visitor.newPage();
    const res = await home.goto(`${base}/`);
    expect(res?.status()).toBe(503);
    expect(await home.getByRole("heading", { name: "We'll be right back" }).isVisible()).toBe(true);
    expect((await home.goto(`${base}/login`))?.status()).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await visitor.close();

    const adminHome = await admin.newPage();
    expect((await adminHome.goto(`${base}/`))?.status()).toBe(200);
    expect((await adminHome.goto(`${base}/admin/users`))?.status()).toBe(200);
    await adminHome.close();

    await page.getByLabel("Maintenance mode").uncheck();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/admin/settings") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Save settings" }).click(),
    ]);
    expect((await fetch(`${base}/`)).status).toBe(200);

    // Bad input: the error shows next to its field and nothing is stored.
    await page.getByLabel("GSTIN").fill("NOT-A-GSTIN");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText(/Enter a valid 15-character GSTIN/).waitFor();
    expect(await page.getByLabel("GSTIN").getAttribute("aria-invalid")).toBe("true");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("admin roles page shows every message of the spec", async () => {
    const sita = await browser.newContext();
    await signUp(sita, "Sita Rao", "sita@example.com");
    await sita.close();
    const { page, errors } = await open(admin, "/admin/settings/role");
    expect(await page.getByText("Primary", { exact: true }).isVisible()).toBe(true);
    const email = page.getByLabel("Email");
    const grant = page.getByRole("button", { name: "Grant Access" });

    await grant.click();
    const empty = page.getByText("Email field cannot be empty.");
    await empty.waitFor();
    // The message box clears itself after 3000 ms.
    await empty.waitFor({ state: "detached", timeout: 6000 });

    // Buttons are disabled while the request is in flight.
    await page.route("**/admin/settings/role.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue().catch(() => {});
    });
    await email.fill("  SITA@Example.COM ");
    await grant.click();
    await page.locator("button:disabled", { hasText: "Grant Access" }).waitFor();
    await page.getByText("Sita Rao has been successfully added as an admin.").waitFor();

    await email.fill("sita@example.com");
    await grant.click();
    await page.getByText('User with email "sita@example.com" is already an admin.').waitFor();

    await email.fill("nobody@example.com");
    await grant.click();
    await page.getByText(/No account uses the email "nobody@example.com"/).waitFor();

    await page.getByRole("button", { name: `Remove ${OWNER.name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await page.getByText("Cannot remove the primary administrator role.").waitFor();

    // A second tab removes Sita first: this tab's removal then fails as the spec says.
    const other = await admin.newPage();
    await other.goto(`${base}/admin/settings/role`, { waitUntil: "networkidle" });
    await other.getByRole("button", { name: "Remove Sita Rao" }).click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await other.getByText("Sita Rao's admin role has been removed.").waitFor();
    await other.close();

    await page.getByRole("button", { name: "Remove Sita Rao" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await page.getByText("Failed to remove admin role. Please try again.").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("users, search, inbox and the admin 404 work on a phone", async () => {
    const phone = await browser.newContext({
      viewport: { width: 360, height: 740 },
      storageState: await admin.storageState(),
    });
    const { page, errors } = await open(phone, "/admin/users?q=meena");
    await page.getByRole("link", { name: "View Meena Buyer" }).click();
    await page.getByRole("heading", { name: "Meena Buyer" }).waitFor();
    await page.getByLabel("Item to grant").selectOption({ label: "Course: Accountancy Class 12" });
    await clickAndSeeFlash(page, page.getByRole("button", { name: "Grant" }), "Access granted.");
    expect(await page.getByText("Accountancy Class 12").count()).toBeGreaterThan(0);
    // Revoking asks first (the student loses the item at once): Cancel keeps it, Revoke takes it.
    const revoke = page.getByRole("button", { name: "Revoke Accountancy Class 12", exact: true });
    const confirm = page.getByRole("alertdialog");
    const revoked = page.getByText("Revoked", { exact: true });
    const revokedBefore = await revoked.count();
    await revoke.click();
    await confirm.getByText('Revoke "Accountancy Class 12" from Meena Buyer?').waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await revoked.count()).toBe(revokedBefore);
    await revoke.click();
    await clickAndSeeFlash(page, confirm.getByRole("button", { name: "Revoke" }), "Access revoked.");
    expect(await revoked.count()).toBe(revokedBefore + 1);
    expect(await revoke.count()).toBe(0);

    await page.getByLabel("Search courses, notes, PYQ, users and orders").fill("accountancy");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Courses" }).waitFor();
    expect(await page.getByRole("heading", { name: "Notes" }).isVisible()).toBe(true);

    const missing = await page.goto(`${base}/admin/no-such-screen`);
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "404 - Page Not Found" }).isVisible()).toBe(true);
    expect((await page.goto(`${base}/admin/inbox`))?.status()).toBe(200);
    const csv = await phone.request.get(`${base}/admin/sales/ledger.csv`);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect((await csv.text()).split("\r\n").filter(Boolean).length).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await phone.close();
  });

  it("keeps Recharts off public pages", async () => {
    const { page } = await open(await browser.newContext(), "/");
    const scripts = await page.$$eval("script[src], link[rel=modulepreload]", (els) =>
      els.map((e) => e.getAttribute("src") ?? e.getAttribute("href") ?? ""),
    );
    expect(scripts.some((s) => s.includes("recharts"))).toBe(false);
    await page.close();
  });
});
