import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import sharp from "sharp";
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
let testId = 0;
let secrets: string[] = [];
/** The seeded Accountancy board mock, a student who bought it and the teacher. */
let mockId = 0;
let boardStudent: TestUser;
let teacher: TestUser;

it.beforeAll(async ({ browser: shared }) => {
  const dataDir = await freshInstall();
  const handle = await openPglite(path.join(dataDir, "pglite"));
  setDbHandle(handle);
  try {
    student = await createTestUser({ name: "Ishaan Bose" });
    const [test] = await handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.slug, "economics-class-12-free-sample-test"));
    testId = test!.id;
    boardStudent = await createTestUser({ name: "Meera Iyer" });
    teacher = await createTestUser({ name: "Priya Teacher", role: "admin" });
    const [mock] = await handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.slug, "accountancy-class-12-board-mock-paper-cbse-2025-26"));
    mockId = mock!.id;
    await handle.db.insert(schema.enrolments).values({ userId: boardStudent.id, productId: mockId, source: "grant" });
    const questions = await handle.db.select().from(schema.practiceQuestions);
    secrets = questions.flatMap((q) => [
      q.explanation,
      ...(q.modelAnswer ? [q.modelAnswer.slice(0, 60)] : []),
      ...q.markingPoints,
    ]);
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

function seconds(clock: string) {
  const [m, s] = clock.split(":").map(Number);
  return m! * 60 + s!;
}

describe("practice test in Chromium at 360 px", () => {
  it("take the free sample, refresh, lose the connection, submit and see the explained result", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signInBrowser(context, server.url, student.email);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("console", (msg) => {
      if (
        msg.type() === "error" &&
        msg.location().url.startsWith(server.url) &&
        !/Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(msg.text())
      ) {
        errors.push(msg.text());
      }
    });

    await page.goto(`${server.url}/tests/${testId}`);
    await page.getByRole("link", { name: "Take the free test" }).click();
    await page.getByRole("button", { name: "Start the test" }).click();
    await page.waitForURL(/\/my-courses\/tests\/\d+$/);
    const attemptUrl = page.url();
    const timer = page.getByTestId("timer");
    await expect(timer.textContent()).resolves.toMatch(/^(20:00|19:5\d)$/);

    // One question per screen: the first is visible, the second is not until Next.
    await expect(page.getByText("Which of the following is a flow variable?").isVisible()).resolves.toBe(true);
    await expect(page.getByText("If the Legal Reserve Ratio is 20%", { exact: false }).isVisible()).resolves.toBe(
      false,
    );
    await page.getByRole("radio", { name: /National income/ }).check();
    await page.getByRole("checkbox", { name: "Mark for review" }).first().check();
    await page.getByRole("button", { name: "Next" }).first().click();
    await page.getByRole("radio", { name: /₹5,000 crore/ }).check();
    await page.getByText("All answers saved").waitFor();

    // Neither the page nor its data request carries an answer.
    for (const url of [attemptUrl, `${attemptUrl}.data`]) {
      const body = await (await context.request.get(url)).text();
      for (const secret of secrets) expect(body, url).not.toContain(secret);
      expect(body).not.toContain("correctOption");
    }

    const before = seconds((await timer.textContent())!);
    await page.reload();
    await expect(page.getByRole("radio", { name: /National income/ }).isChecked()).resolves.toBe(true);
    await expect(
      page.getByRole("button", { name: "Question 1, answered, marked for review" }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Question 2, answered" }).isVisible()).resolves.toBe(true);
    const after = seconds((await timer.textContent())!);
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 15);

    // A dropped connection: the answer is kept and saved once the browser is back online.
    await page.getByRole("button", { name: /^Question 3/ }).click();
    await context.setOffline(true);
    // Q3 is an assertion–reason question: option A (both true, R explains A) is right.
    await page.getByRole("radio", { name: /^A\. Both Assertion \(A\) and Reason \(R\) are true and/ }).check();
    await page.getByText("Offline: answers kept, saving when back online").waitFor();
    await context.setOffline(false);
    await page.getByText("All answers saved").waitFor({ timeout: 15_000 });

    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await page.getByRole("button", { name: "Yes, submit" }).click();
    await page.getByTestId("score").waitFor();
    // Q1 and Q2 right; Q3's first option is right too (both true, R explains A).
    await expect(page.getByTestId("score").textContent()).resolves.toBe("3 / 9");
    await expect(page.getByText("Explanation", { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText("Correct answer").first().isVisible()).resolves.toBe(true);
    // The written answer is marked by the student against the marking points.
    await page.getByLabel(/My marks/).selectOption("2");
    await clickAndSeeFlash(page, page.getByRole("button", { name: /Save my marks/ }), "Your marks are saved.");
    await expect(page.getByTestId("score").textContent()).resolves.toBe("5 / 9");

    await page.goto(`${server.url}/my-courses/tests`);
    await expect(page.getByText(/National Income Accounting, 100%/).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a board mock on a phone, marked by the teacher", () => {
  it("sections and a choice, a journal entry by its lines, a photo of a handwritten answer, then the teacher's marks on the result", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signInBrowser(context, server.url, boardStudent.email);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));

    // The detail page states the pattern the paper follows and its year.
    await page.goto(`${server.url}/tests/${mockId}`);
    await page
      .getByText("Pattern: CBSE Class 12 Accountancy board pattern 2025–26", { exact: false })
      .first()
      .waitFor();
    await page.goto(`${server.url}/my-courses/tests/start/${mockId}`);
    await page.getByRole("button", { name: "Start the test" }).click();
    await page.waitForURL(/\/my-courses\/tests\/\d+$/);
    const attemptUrl = page.url();
    await expect(page.getByTestId("timer").textContent()).resolves.toMatch(/^(3:00:00|2:59:\d\d)$/);
    await expect(page.getByRole("heading", { name: "Part A" }).isVisible()).resolves.toBe(true);

    /** Opens the question whose text has `words` from the palette (one question per screen on a phone). */
    const open = async (words: string) => {
      const item = page.locator("li[data-question]", { hasText: words });
      const n = await item.getAttribute("data-question");
      await page.getByRole("button", { name: new RegExp(`^Question ${n}(,|$)`) }).click();
      await expect(item.isVisible()).resolves.toBe(true);
      return { n: Number(n), item };
    };

    // Q20: the forfeiture and reissue, typed line by line: the reissue entry right, and one wrong line.
    const { n: q } = await open("Aarav Ltd. forfeited 300 equity shares");
    const line = (i: number, what: string) => page.getByLabel(`Question ${q}, line ${i}: ${what}`);
    await page.getByRole("button", { name: "Add a line" }).click();
    await page.getByRole("button", { name: "Add a line" }).click();
    const typed: [string, string, string][] = [
      ["dr", "Bank A/c", "1,800"],
      ["dr", "Share Forfeiture A/c", "200"],
      ["cr", "To Equity Share Capital A/c", "2,000"],
      ["cr", "To Securities Premium A/c", "600"],
    ];
    for (const [i, [side, account, amount]] of typed.entries()) {
      await line(i + 1, "debit or credit").selectOption(side);
      await line(i + 1, "account").fill(account);
      await line(i + 1, "amount in rupees").fill(amount);
    }
    await line(4, "amount in rupees").blur();
    await page.getByText("All answers saved").waitFor();

    // Q21: a long answer written on paper: a photo of it, taken on the phone.
    const { item: q21 } = await open("From 1 April 2025 they decide to share profits equally");
    const photo = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#f8f5ee" } })
      .jpeg()
      .toBuffer();
    await q21
      .getByLabel(/Wrote it on paper\? Add photos/)
      .setInputFiles({ name: "answer.jpg", mimeType: "image/jpeg", buffer: photo });
    await q21.getByRole("img", { name: "Page 1 of the handwritten answer" }).waitFor();
    // The progress counts the paper as it is marked: 34 questions (one option of Part B, one side of
    // each OR), and the photos answer Q21's question.
    await page.getByText(/^2\/34 answered/).waitFor();

    // The answers were saved on the server: a reload shows the lines as typed.
    await page.reload();
    await open("Aarav Ltd. forfeited 300 equity shares");
    await expect(line(3, "account").inputValue()).resolves.toBe("To Equity Share Capital A/c");
    await expect(line(3, "debit or credit").inputValue()).resolves.toBe("cr");

    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await page.getByRole("button", { name: "Yes, submit" }).click();
    await page.getByTestId("score").waitFor();
    // 3 of the 8 lines right, 4 given: 3 × 3 ÷ 8 = 1.125, rounded down to the half: 1 mark.
    await expect(page.getByTestId("score").textContent()).resolves.toBe("1 / 80");
    const entry = page.locator("article", { hasText: "Aarav Ltd. forfeited 300 equity shares" });
    await expect(entry.getByText("1 / 3 · 3 of 8 lines right").isVisible()).resolves.toBe(true);
    await expect(
      entry.getByRole("table", { name: "Correct entry" }).getByText("To Capital Reserve A/c").isVisible(),
    ).resolves.toBe(true);
    await expect(entry.getByRole("table", { name: "Your entry" }).getByLabel("Not in the entry").count()).resolves.toBe(
      1,
    );

    // The teacher marks the photographed answer from the queue, in halves, with a comment.
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await signInBrowser(desk, server.url, teacher.email);
    const admin = await desk.newPage();
    await admin.goto(`${server.url}/admin/practice/marking`);
    await admin.getByRole("link", { name: "Mark Meera Iyer's answer" }).first().click();
    await admin
      .getByRole("img", { name: /Page 1 of the handwritten answer/ })
      .first()
      .waitFor();
    await admin.getByLabel(/^Marks \(0–4, halves allowed\)/).selectOption("3.5");
    await admin
      .getByLabel(/Comment for the student/)
      .fill("Right working; write the sacrifice ratio in a line of its own.");
    await clickAndSeeFlash(
      admin,
      admin.getByRole("button", { name: "Save the marks" }),
      "Marked. The student is told by email.",
    );
    await desk.close();

    // The student sees the teacher's marks and comment, and the score with them.
    await page.goto(attemptUrl);
    await expect(page.getByTestId("score").textContent()).resolves.toBe("4.5 / 80");
    const written = page.locator("article", { hasText: "From 1 April 2025 they decide to share profits equally" });
    await expect(written.getByText("3.5 / 4 (marked by your teacher)").isVisible()).resolves.toBe(true);
    await expect(
      written.getByText("write the sacrifice ratio in a line of its own", { exact: false }).isVisible(),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
