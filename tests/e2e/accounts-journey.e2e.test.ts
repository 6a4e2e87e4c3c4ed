/**
 * The account journey in Chromium on the built server: sign up → signed in → log out → log in
 * (guest cart merged) → reset the password from the emailed link. The server starts with
 * ADMIN_EMAIL/ADMIN_PASSWORD, so the owner account it creates is what reads the outbox, and with
 * SMTP_URL pointing at a local sink: the link reaches the student's mailbox, never the outbox.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll } from "vitest";
import { RESET_REQUESTED } from "~/features/accounts/messages";
import { signInBrowser } from "../helpers/auth";
import { describe, expect, freshInstall, it } from "../helpers/fixtures";
import { type RunningServer, startServer } from "../helpers/server";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink";

const OWNER = { email: "owner@commerce-academy.test", password: "owner-password-1" };
const STUDENT = { name: "Neha Verma", email: "neha.verma@example.com", password: "first-password-1" };

let server: RunningServer;
let browser: Browser;
let smtp: SmtpSink;

it.beforeAll(async ({ browser: shared }) => {
  smtp = await startSmtpSink();
  server = await startServer({
    dataDir: await freshInstall(),
    env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, ADMIN_NAME: "The Owner", SMTP_URL: smtp.url },
  });
  browser = shared;
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function newPage(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return { page, errors };
}

async function logOutFromMenu(page: Page, name: string) {
  await page.getByLabel(`Account menu for ${name}`).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("link", { name: "Log In" }).first().waitFor();
}

describe("account journey in Chromium", () => {
  it("sign up → signed in → log out → log in with the guest cart merged → reset the password from the email", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const { page, errors } = await newPage(context);
    const url = server.url;

    // Sign up and land signed in.
    await page.goto(`${url}/signup`);
    await page.getByLabel("Full name").fill(STUDENT.name);
    await page.getByLabel("Email").fill(STUDENT.email);
    await page.getByLabel("Password").fill(STUDENT.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL(`${url}/`);
    await page.getByLabel(`Account menu for ${STUDENT.name}`).waitFor();
    expect(await page.getByRole("link", { name: "Log In" }).count()).toBe(0);

    // Log out.
    await logOutFromMenu(page, STUDENT.name);

    // A guest cart in localStorage, as the storefront keeps it.
    const href = await page.locator('a[href^="/courses/"]').first().getAttribute("href");
    const courseId = Number(href?.split("/").pop());
    expect(courseId).toBeGreaterThan(0);
    await page.evaluate((id) => {
      localStorage.setItem(
        "cart-storage",
        JSON.stringify({
          state: { items: [{ id, title: "x", pricePaise: 1, image: "/x.svg", kind: "course", quantity: 1 }] },
          version: 0,
        }),
      );
    }, courseId);

    // Log in: back on the home page, signed in, the guest cart now on the server.
    await page.goto(`${url}/login`);
    // Hydrated: the hidden field carries the guest cart.
    await page.waitForFunction(
      (id) => (document.querySelector<HTMLInputElement>("input[name=guestCart]")?.value ?? "") === String(id),
      courseId,
    );
    await page.getByLabel("Email").fill(STUDENT.email);
    await page.getByLabel("Password").fill(STUDENT.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(`${url}/`);
    await page.getByLabel(`Account menu for ${STUDENT.name}`).waitFor();
    const cart = (await (await page.request.get(`${url}/api/cart`)).json()) as { items: Array<{ id: number }> };
    expect(cart.items.map((i) => i.id)).toEqual([courseId]);

    // Forgot the password.
    await logOutFromMenu(page, STUDENT.name);
    await page.goto(`${url}/forgot-password`);
    await page.getByLabel("Email").fill(STUDENT.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText(RESET_REQUESTED).waitFor();

    // The owner (created from ADMIN_EMAIL/ADMIN_PASSWORD on first start) reads the outbox: the
    // message is there, sent, but its link is not (only the student's mailbox has it).
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await signInBrowser(adminContext, url, OWNER.email, OWNER.password);
    const { page: adminPage, errors: adminErrors } = await newPage(adminContext);
    await adminPage.goto(`${url}/admin/inbox`);
    const message = adminPage.locator("li", { hasText: "Reset your Commerce Academy password" }).filter({
      hasText: STUDENT.email,
    });
    await message.locator("summary").click();
    const text = (await message.locator("pre").textContent()) ?? "";
    expect(text).toContain("[removed from this copy: only the recipient's email has it]");
    expect(text).not.toMatch(/reset-password\?token=/);
    expect(adminErrors).toEqual([]);
    await adminContext.close();
    const link = smtp.lastTo(STUDENT.email)?.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();

    // Follow the link, choose a new password, log in with it.
    await page.goto(link!);
    await page.getByLabel("New password", { exact: true }).fill("second-password-2");
    await page.getByLabel("Confirm new password").fill("second-password-2");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.waitForURL(`${url}/login`);
    await page.getByText("Your password has been changed.").waitFor();
    await page.getByLabel("Email").fill(STUDENT.email);
    await page.getByLabel("Password").fill(STUDENT.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.getByText("Incorrect email or password.").waitFor();
    await page.getByLabel("Password").fill("second-password-2");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(`${url}/`);
    await page.getByLabel(`Account menu for ${STUDENT.name}`).waitFor();

    // The used link does not work twice.
    await page.goto(link!);
    await page.getByText("This reset link is invalid, expired or already used.").waitFor();

    // The one wrong password above answered 400, which Chromium logs; nothing else went wrong.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    await context.close();
  });

  it("logging in works without JavaScript, and a student is refused the admin area", async () => {
    const student = { name: "Kabir Jain", email: "kabir@example.com", password: "kabir-password-1" };
    const signup = await fetch(`${server.url}/signup`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(student),
      redirect: "manual",
    });
    expect(signup.status).toBe(302);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    expect(page.url()).toBe(`${server.url}/login?redirectTo=%2Fadmin`);
    await page.getByLabel("Email").fill(student.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.getByText("Incorrect email or password.").waitFor();
    expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBeNull();
    await page.getByLabel("Password").fill(student.password);
    const response = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Log In" }).click(),
    ]).then(([r]) => r);
    expect(page.url()).toBe(`${server.url}/admin`);
    expect(response?.status()).toBe(403);
    await page.getByRole("heading", { name: "403 - Access Denied" }).waitFor();
    await context.close();
  });
});
