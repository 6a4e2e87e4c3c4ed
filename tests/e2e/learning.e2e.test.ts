/**
 * The learning journey in Chromium on the built server. The "buy" step belongs to
 * checkout: here the enrolments are created in the setup, on the server's own
 * database before it starts (the embedded database admits one process).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, setDbHandle } from "~/db/client.server";
import { migrateAndSeed } from "~/db/migrate.server";
import * as schema from "~/db/schema";
import { createTestUser, signInBrowser, type TestUser } from "../helpers/auth";
import { launchBrowser } from "../helpers/browser";
import { extractPdfText } from "../helpers/pdf-text";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let browser: Browser;
let student: TestUser;
let stranger: TestUser;
const ids = { course: 0, otherCourse: 0, note: 0 };

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-e2e-learning-"));
  const handle = await openPglite(path.join(dataDir, "pglite"));
  setDbHandle(handle);
  try {
    await migrateAndSeed(handle);
    student = await createTestUser({ name: "Meera Iyer", email: "meera.iyer@example.com" });
    stranger = await createTestUser({ name: "Other Student" });
    const bySlug = async (slug: string) =>
      (await handle.db.select().from(schema.products).where(eq(schema.products.slug, slug)))[0]!.id;
    ids.course = await bySlug("economics-class-12");
    ids.otherCourse = await bySlug("accountancy-class-12");
    ids.note = await bySlug("macroeconomics-quick-revision");
    // What a fulfilled order grants (the checkout engineer's part of the journey).
    await handle.db.insert(schema.enrolments).values([
      { userId: student.id, productId: ids.course, source: "purchase" },
      { userId: student.id, productId: ids.note, source: "purchase" },
    ]);
  } finally {
    await handle.close();
    setDbHandle(undefined);
  }
  server = await startServer({ dataDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(user: TestUser, viewport = { width: 360, height: 740 }) {
  const context: BrowserContext = await browser.newContext({ viewport, acceptDownloads: true });
  await signInBrowser(context, server.url, user.email);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && msg.location().url.startsWith(server.url)) errors.push(msg.text());
  });
  return { context, page, errors };
}

/** WCAG A/AA violations on the page (the third-party video frame is not ours to audit). */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).exclude("iframe").analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("learning journey in Chromium", () => {
  it("open the player, complete a lesson, leave, come back to the same lesson, download the stamped note", async () => {
    const { context, page, errors } = await signedIn(student);
    await page.goto(`${server.url}/my-courses`);
    await expect(page.getByRole("heading", { level: 1, name: "My Courses" }).isVisible()).resolves.toBe(true);
    expect(await page.locator("article").count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Start Economics Class 12" }).click();
    await page.waitForURL(`${server.url}/my-courses/${ids.course}`);
    await page.getByRole("heading", { level: 1, name: "Economics Class 12" }).waitFor();
    expect(await page.getByRole("heading", { name: "What you'll learn" }).isVisible()).toBe(true);
    const video = page.locator("iframe");
    expect(await video.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/);
    const firstLesson = await page.locator("section[aria-label=Lesson] h2").first().textContent();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Mark as complete" }).click();
    await page.waitForURL(/\?lesson=\d+$/);
    await page.getByText("1 of 24 lessons").waitFor();
    const progress = page.getByRole("progressbar", { name: "Course progress" });
    await expect.poll(() => progress.getAttribute("aria-valuenow")).toBe("4"); // 1 of 24 lessons
    expect(await page.getByText("1 of 24 lessons").isVisible()).toBe(true);
    const lessonWhenLeaving = await page.locator("section[aria-label=Lesson] h2").first().textContent();
    expect(lessonWhenLeaving).not.toBe(firstLesson);
    expect(await page.getByRole("link", { name: firstLesson! }).getByLabel("Completed").count()).toBe(1);

    // Leave, then come back from a fresh page (another tab / device).
    await page.goto(`${server.url}/`);
    const back = await context.newPage();
    await back.goto(`${server.url}/my-courses`);
    expect(await back.getByText("1 of 24 lessons").isVisible()).toBe(true);
    await back.getByRole("link", { name: "Continue Economics Class 12" }).click();
    await back.waitForURL(`${server.url}/my-courses/${ids.course}`);
    await back.getByRole("heading", { level: 1, name: "Economics Class 12" }).waitFor();
    expect(await back.locator("section[aria-label=Lesson] h2").first().textContent()).toBe(lessonWhenLeaving);
    expect(await back.getByText("1 of 24 lessons").isVisible()).toBe(true);

    // Download the purchased note: the PDF carries the buyer's stamp.
    await back.goto(`${server.url}/my-courses`);
    const [download] = await Promise.all([
      back.waitForEvent("download"),
      back.getByRole("link", { name: "Download PDF of Macroeconomics Quick Revision" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("macroeconomics-quick-revision.pdf");
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(extractPdfText(bytes)).toContain("Licensed to Meera Iyer (meera.iyer@example.com)");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("someone who does not own a course gets the 404 page and never its video URL", async () => {
    const { context, page } = await signedIn(stranger, { width: 1440, height: 900 });
    for (const url of [`/my-courses/${ids.course}`, `/my-courses/${ids.otherCourse}?lesson=1`, "/my-courses/999999"]) {
      const response = await page.goto(`${server.url}${url}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByRole("heading", { name: "404 - Page Not Found" }).isVisible()).toBe(true);
      expect(await response?.text()).not.toMatch(/youtube|vimeo/);
    }
    const file = await context.request.get(`${server.url}/downloads/${ids.note}`);
    expect(file.status()).toBe(404);
    expect((await file.body()).subarray(0, 5).toString()).not.toBe("%PDF-");

    await page.goto(`${server.url}/my-courses`);
    expect(await page.getByText("You don't have any courses").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Go To Courses" }).click();
    await page.waitForURL(`${server.url}/courses`);
    await context.close();
  });

  it("anonymous visitors are sent to log in and get no file", async () => {
    const res = await fetch(`${server.url}/downloads/${ids.note}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/downloads/${ids.note}`)}`);
  });
});
