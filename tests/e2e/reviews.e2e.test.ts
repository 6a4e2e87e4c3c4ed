import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll } from "vitest";
import { openPglite, setDbHandle } from "~/db/client.server";
import * as schema from "~/db/schema";
import { createTestUser, signInBrowser, type TestUser } from "../helpers/auth";
import { describe, expect, freshInstall, it } from "../helpers/fixtures";
import { axeViolations, clickAndSeeFlash, WCAG_AA } from "../helpers/page";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let browser: Browser;
let student: TestUser;
let owner: TestUser;
let noteId = 0;

it.beforeAll(async ({ browser: shared }) => {
  const dataDir = await freshInstall();
  const handle = await openPglite(path.join(dataDir, "pglite"));
  setDbHandle(handle);
  try {
    student = await createTestUser({ name: "Nandini Rao", email: "nandini.rao@example.com" });
    owner = await createTestUser({ role: "admin", isPrimary: true, name: "Asha Owner" });
    const [note] = await handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.slug, "macroeconomics-quick-revision"));
    noteId = note!.id;
    await handle.db.insert(schema.enrolments).values({ userId: student.id, productId: noteId, source: "purchase" });
  } finally {
    await handle.close();
    setDbHandle(undefined);
  }
  server = await startServer({ dataDir });
  browser = shared;
});

afterAll(async () => {
  await server?.stop();
});

async function signedIn(user: TestUser, viewport = { width: 360, height: 740 }) {
  const context: BrowserContext = await browser.newContext({ viewport });
  await signInBrowser(context, server.url, user.email);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && msg.location().url.startsWith(server.url)) errors.push(msg.text());
  });
  return { context, page, errors };
}

describe("reviews in Chromium", () => {
  it("a student writes and edits a review; the owner hides it with a reason; the student sees why, then deletes it after a confirmation", async () => {
    const { context, page, errors } = await signedIn(student);
    await page.goto(`${server.url}/notes/${noteId}#reviews`);
    await page.getByRole("heading", { name: "Write a review" }).waitFor();
    expect(await axeViolations(page, { tags: WCAG_AA, include: "#reviews" })).toEqual([]);
    // The seed's ten reviews average 4.8 for this note; a 1-star review makes it 4.5 from 11.
    await page.getByLabel("1 star", { exact: true }).check();
    await page.getByLabel("Title (optional)").fill("Too short for me");
    await page.getByLabel("Your review (optional)").fill("Covers the basics only.\nI wanted more solved questions.");
    await page.getByLabel("Your class (optional)").selectOption("12");
    await clickAndSeeFlash(page, page.getByRole("button", { name: "Post review" }), "Thank you! Your review is saved.");
    await page.getByRole("heading", { name: "Your review" }).waitFor();
    const summary = page.getByTestId("rating-summary");
    expect(await summary.textContent()).toContain("11 reviews");
    expect(await page.getByTestId("review").first().textContent()).toContain("Nandini R.");
    await page.getByLabel("2 stars", { exact: true }).check();
    await clickAndSeeFlash(
      page,
      page.getByRole("button", { name: "Save changes" }),
      "Thank you! Your review is saved.",
    );
    await page.goto(`${server.url}/notes/std/12`);
    const card = page.getByRole("img", { name: /from 11 reviews/ }).first();
    await card.waitFor();

    const admin = await signedIn(owner, { width: 1440, height: 900 });
    await admin.page.goto(`${server.url}/admin/reviews?product=${noteId}&rating=2`);
    await admin.page.getByText("Too short for me").waitFor();
    await admin.page.getByText("Hide…").click();
    await admin.page.getByLabel("Reason (the author is told)").fill("Please keep reviews about the notes themselves");
    await clickAndSeeFlash(
      admin.page,
      admin.page.getByRole("button", { name: "Hide review" }),
      "Review hidden. The author is told why.",
    );

    await page.goto(`${server.url}/notes/${noteId}#reviews`);
    expect(await page.getByTestId("review-hidden").textContent()).toContain(
      "Please keep reviews about the notes themselves",
    );
    expect(await page.getByTestId("rating-summary").textContent()).toContain("10 reviews");

    // Deleting it asks first: the button that deletes shows only once "Delete my review…" is opened.
    const yes = page.getByRole("button", { name: "Yes, delete it" });
    expect(await yes.isVisible()).toBe(false);
    await page.getByText("Delete my review…").click();
    expect(await page.getByText("Delete your review? It leaves this page for good.").isVisible()).toBe(true);
    await clickAndSeeFlash(page, yes, "Your review is deleted.");
    await page.getByRole("heading", { name: "Write a review" }).waitFor();
    expect(await page.getByTestId("review-hidden").count()).toBe(0);
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    await context.close();
  });
});
