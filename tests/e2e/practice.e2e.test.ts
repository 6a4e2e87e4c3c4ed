import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll } from "vitest";
import { openPglite, setDbHandle } from "~/db/client.server";
import * as schema from "~/db/schema";
import { createTestUser, signInBrowser, type TestUser } from "../helpers/auth";
import { describe, expect, freshInstall, it } from "../helpers/fixtures";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let browser: Browser;
let student: TestUser;
let testId = 0;
let secrets: string[] = [];

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

    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await page.getByRole("button", { name: "Yes, submit" }).click();
    await page.getByTestId("score").waitFor();
    // Q1 and Q2 right; Q3's first option is right too (both true, R explains A).
    await expect(page.getByTestId("score").textContent()).resolves.toBe("3 / 9");
    await expect(page.getByText("Explanation", { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText("Correct answer").first().isVisible()).resolves.toBe(true);
    // The written answer is marked by the student against the marking points.
    await page.getByLabel(/My marks/).selectOption("2");
    await page.getByRole("button", { name: /Save my marks/ }).click();
    await page.getByText("Your marks are saved.").waitFor();
    await expect(page.getByTestId("score").textContent()).resolves.toBe("5 / 9");

    await page.goto(`${server.url}/my-courses/tests`);
    await expect(page.getByText(/National Income Accounting, 100%/).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
