import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll } from "vitest";
import { getDb, openPglite, setDbHandle } from "~/db/client.server";
import * as schema from "~/db/schema";
import { startAttempt, submitAttempt } from "~/features/practice/taking.server";
import { createTestUser, signInBrowser, type TestUser } from "../helpers/auth";
import { describe, expect, freshInstall, it } from "../helpers/fixtures";
import { createOrder } from "../helpers/orders";
import { OWNER_SETTINGS } from "../helpers/owner-install";
import { PHONE, waitForHydration } from "../helpers/page";
import { coveredTargets } from "../helpers/screens";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let browser: Browser;
let student: TestUser;
let orderId = "";

it.beforeAll(async ({ browser: shared }) => {
  const dataDir = await freshInstall();
  const handle = await openPglite(path.join(dataDir, "pglite"));
  setDbHandle(handle);
  try {
    const db = await getDb();
    // The owner's WhatsApp number: the chat button shows (the seed leaves it empty).
    await db.update(schema.settings).set(OWNER_SETTINGS);
    student = await createTestUser({ name: "Kavya Nair" });
    const paid = await db
      .select()
      .from(schema.products)
      .where(and(eq(schema.products.status, "published"), inArray(schema.products.kind, ["course", "note", "pyq"])))
      .orderBy(schema.products.id);
    const items = paid.filter((p) => p.pricePaise > 0).slice(0, 3);
    const order = await createOrder({
      userId: student.id,
      products: items,
      status: "fulfilled",
      invoiceNumber: "CA/26-27/000001",
    });
    orderId = order.id;
    // A submitted free test: its chapters show on My Tests, given long names with a long word in them.
    const [test] = await db
      .select()
      .from(schema.products)
      .where(and(eq(schema.products.kind, "test"), eq(schema.products.pricePaise, 0)))
      .orderBy(schema.products.id)
      .limit(1);
    const attempt = await startAttempt(db, { id: student.id, role: "student" }, test!.id);
    await submitAttempt(db, student.id, attempt);
    const chapters = await db
      .selectDistinct({ id: schema.practiceChapters.id, title: schema.practiceChapters.title })
      .from(schema.practiceAnswers)
      .innerJoin(schema.practiceQuestions, eq(schema.practiceQuestions.id, schema.practiceAnswers.questionId))
      .innerJoin(schema.practiceChapters, eq(schema.practiceChapters.id, schema.practiceQuestions.chapterId))
      .where(eq(schema.practiceAnswers.attemptId, attempt));
    if (chapters.length === 0) throw new Error("The submitted sample test answered no chapter");
    for (const c of chapters) {
      await db
        .update(schema.practiceChapters)
        .set({ title: `${c.title}, Small Business and Entrepreneurship` })
        .where(eq(schema.practiceChapters.id, c.id));
    }
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

async function phonePage(url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  await signInBrowser(context, server.url, student.email);
  const page = await context.newPage();
  await page.goto(`${server.url}${url}`, { waitUntil: "networkidle" });
  await waitForHydration(page);
  return page;
}

const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r)))));

describe("a phone at 360 px", () => {
  it('the WhatsApp button never covers "Download GST invoice" (or "Go to My Courses") on an order page', async () => {
    const page = await phonePage(`/account/orders/${orderId}`);
    const download = page.getByRole("link", { name: "Download GST invoice" });
    await download.waitFor();
    const chat = page.locator('button[aria-label^="Chat on WhatsApp"]');
    expect(await chat.count()).toBe(1);
    // Put the download button's centre where the chat button floats: the end of it is still the button.
    const placed = await download.evaluate((el, chatSelector) => {
      const bubble = document.querySelector(chatSelector)!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      window.scrollBy({ top: r.top + r.height / 2 - (bubble.top + bubble.height / 2), behavior: "instant" });
      const now = el.getBoundingClientRect();
      return { under: now.bottom > bubble.top && now.top < bubble.bottom && now.right > bubble.left };
    }, 'button[aria-label^="Chat on WhatsApp"]');
    expect(placed.under).toBe(true);
    await frames(page);
    const end = await download.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.right - 6, r.top + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(end).toBe(true);
    // Scrolled away from the controls, the chat button is back.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await download.evaluate((el) =>
      window.scrollBy({ top: el.getBoundingClientRect().top - 120, behavior: "instant" }),
    );
    await frames(page);
    expect(await chat.isVisible()).toBe(true);
    expect(
      await coveredTargets(page, [
        { name: "Download GST invoice", locator: download },
        { name: "Go to My Courses", locator: page.getByRole("link", { name: "Go to My Courses" }) },
      ]),
    ).toEqual([]);
    await page.context().close();
  });

  it('My Tests: a long chapter name never runs into "Practise again"', async () => {
    const page = await phonePage("/my-courses/tests");
    const rows = page.locator("section[aria-labelledby=strengths] li");
    await rows.first().waitFor();
    const overlaps = await rows.evaluateAll((items) =>
      items.flatMap((li) => {
        const link = [...li.querySelectorAll("a")].find((a) => a.textContent?.startsWith("Practise again"));
        const name = li.querySelector("span.font-medium");
        if (!link || !name) return [`a row without ${link ? "a chapter name" : "Practise again"}`];
        const l = link.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(name);
        const hits = [...range.getClientRects()].filter(
          (t) => t.width > 0 && t.right > l.left && t.left < l.right && t.bottom > l.top && t.top < l.bottom,
        );
        const box = name.parentElement!;
        const problems = hits.length > 0 ? [`"${name.textContent}" runs into Practise again`] : [];
        if (box.scrollWidth > box.clientWidth) problems.push(`"${name.textContent}" overflows its box`);
        return problems;
      }),
    );
    expect(await rows.count()).toBeGreaterThan(0);
    expect(overlaps).toEqual([]);
    await page.context().close();
  });
});
