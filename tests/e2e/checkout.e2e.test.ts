import { PDFDocument } from "pdf-lib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { sharedBaseUrl } from "../helpers/e2e-ready";
import { describe, downloadedBytes, expect, it } from "../helpers/fixtures";
import { axeViolations, WCAG_AA } from "../helpers/page";

const baseUrl = sharedBaseUrl();
const PASSWORD = "correct-horse-battery";
let browser: Browser;

it.beforeAll(async ({ browser: shared }) => {
  browser = shared;
});

async function newContext(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return { context, page, errors };
}

/** The store's courses as the home page lists them: [id, title]. */
async function listedCourses(page: Page) {
  await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
  const cards = page.locator("section", { has: page.getByRole("heading", { name: "Our Courses" }) }).locator("article");
  const courses: { id: number; title: string }[] = [];
  for (const card of await cards.all()) {
    const href = (await card.locator("a[href^='/courses/']").first().getAttribute("href")) ?? "";
    const title = (await card.locator("h3").first().textContent())?.trim() ?? "";
    courses.push({ id: Number(href.split("/").pop()), title });
  }
  return courses;
}

/** What the storefront's cart keeps for a guest (spec §4: localStorage "cart-storage"). */
async function putInGuestCart(page: Page, items: { id: number; title: string }[]) {
  await page.evaluate((list) => {
    const state = {
      items: list.map((item) => ({ ...item, pricePaise: 1, image: "", kind: "course", quantity: 1 })),
    };
    window.localStorage.setItem("cart-storage", JSON.stringify({ state, version: 0 }));
  }, items);
}

async function signUp(email: string) {
  const { context, page } = await newContext();
  await page.goto(`${baseUrl}/signup`, { waitUntil: "networkidle" });
  await page.getByLabel("Full name").fill("Asha Verma");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/signup"));
  await context.close();
}

/** On /checkout as a guest: the cart is listed, and the inline log-in form brings the buyer back to /checkout. */
async function signInFromCheckout(page: Page, email: string, titles: string[]) {
  await page.goto(`${baseUrl}/checkout`, { waitUntil: "networkidle" });
  const guestCart = page.locator("section", { has: page.getByRole("heading", { name: "Your cart" }) });
  for (const title of titles) await guestCart.getByText(title, { exact: true }).waitFor();
  expect(await page.getByRole("heading", { name: "Log in to check out" }).isVisible()).toBe(true);
  expect(await page.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
    "/checkout?account=new",
  );
  // The form carries the guest cart once the page has hydrated (a person is never faster).
  await page.waitForFunction(
    () => (document.querySelector("input[name=guestCart]") as HTMLInputElement | null)?.value !== "",
  );
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log In and Continue" }).click();
  // Signed in, still on /checkout: the server-priced summary replaces the sign-in step.
  await page.getByRole("heading", { name: "Order summary" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/checkout");
  await page.waitForLoadState("networkidle");
}

describe("checkout journey in Chromium (test gateway)", () => {
  it("two items → checkout → sign in → Pay → the order is complete and the invoice opens as a PDF", async () => {
    const email = `buyer-${Date.now()}@example.com`;
    await signUp(email);
    const { context, page, errors } = await newContext();
    const [first, second] = await listedCourses(page);
    expect(first && second).toBeTruthy();
    await putInGuestCart(page, [first!, second!]);

    await signInFromCheckout(page, email, [first!.title, second!.title]);
    const summary = page.locator("section", { has: page.getByRole("heading", { name: "Order summary" }) });
    expect(await summary.getByText(first!.title, { exact: true }).isVisible()).toBe(true);
    expect(await summary.getByText(second!.title, { exact: true }).isVisible()).toBe(true);
    // GST depends on the buyer's state: no GST or total figure until it is chosen.
    expect(await summary.getByText("GST (18%)").isVisible()).toBe(true);
    expect(await page.getByTestId("order-total").textContent()).toBe("Choose your state below");
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    // A new buyer is asked for their state once (the GST place of supply): choosing it shows its split
    // and total at once, and the pay page (the order placed) charges exactly that.
    await page.getByLabel("Your state or union territory").selectOption("27");
    await summary.getByText("IGST (18%)").waitFor();
    const total = (await page.getByTestId("order-total").textContent()) ?? "";
    // The server's prices, not the ₹0.01 the tampered guest cart claimed.
    expect(total).toMatch(/^₹[\d,]+\.\d\d$/);
    expect(total).not.toBe("₹0.02");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL(/\/checkout\/pay\//);
    await page.getByText("Test mode", { exact: true }).waitFor();
    expect(await page.getByText("IGST (18%)").isVisible()).toBe(true);
    expect(await page.getByTestId("order-total").textContent()).toBe(total);
    expect(await page.getByText("Place of supply: Maharashtra (27)").isVisible()).toBe(true);
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/account\/orders\/[0-9a-f-]+$/);
    await page.getByText("Thank you! Your order is complete").waitFor();
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    expect(await page.getByText("Completed", { exact: true }).isVisible()).toBe(true);
    // The bought items also leave the browser's guest cart.
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem("cart-storage") ?? "{}").state?.items?.length === 0,
    );
    expect(await page.getByText(first!.title, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(second!.title, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Go to My Courses" }).getAttribute("href")).toBe("/my-courses");
    // My Courses shows both purchases.
    await page.getByRole("link", { name: "Go to My Courses" }).click();
    await page.waitForURL(`${baseUrl}/my-courses`);
    const owned = page.locator("main");
    await owned.getByText(first!.title, { exact: true }).first().waitFor();
    expect(await owned.getByText(second!.title, { exact: true }).count()).toBeGreaterThan(0);
    await page.goBack({ waitUntil: "networkidle" });
    const invoiceNumber = ((await page.getByText(/^GST invoice CA\//).textContent()) ?? "").replace("GST invoice ", "");
    expect(invoiceNumber).toMatch(/^CA\/\d\d-\d\d\/\d{6}$/);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download GST invoice" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber.replace(/\//g, "-")}.pdf`);
    const bytes = await downloadedBytes(download);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Tax Invoice ${invoiceNumber}`);
    expect(pdf.getPageCount()).toBe(1);

    // Both items are owned now: the server cart is empty and the order is listed as completed.
    await page.goto(`${baseUrl}/checkout`, { waitUntil: "networkidle" });
    expect(await page.getByText("Your cart is empty.").isVisible()).toBe(true);
    await page.goto(`${baseUrl}/account/orders`, { waitUntil: "networkidle" });
    expect(await page.getByRole("listitem").filter({ hasText: "Completed" }).count()).toBe(1);
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Fail grants nothing and keeps the cart", async () => {
    const email = `declined-${Date.now()}@example.com`;
    await signUp(email);
    const { context, page, errors } = await newContext();
    const courses = await listedCourses(page);
    const item = courses[2]!;
    await putInGuestCart(page, [item]);
    await signInFromCheckout(page, email, [item.title]);

    await page.getByLabel("Your state or union territory").selectOption("08");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL(/\/checkout\/pay\//);
    await page.getByText("Test mode", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Fail", exact: true }).click();
    await page.waitForURL(`${baseUrl}/checkout`);
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toMatch(/payment failed.*cart is kept/i);
    // Still in the cart, still for sale to this buyer.
    expect(await page.getByText(item.title, { exact: true }).isVisible()).toBe(true);
    // The state was asked once: now the split and the amount show before paying.
    expect(await page.getByText("CGST (9%)").isVisible()).toBe(true);
    expect(await page.getByText("SGST (9%)").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /^Pay ₹/ }).isVisible()).toBe(true);
    // Signed in, the cart lives on the server (the guest cart was moved there at login).
    const serverCart = await page.evaluate(async () => (await fetch("/api/cart")).json());
    expect(serverCart.items.map((i: { id: number }) => i.id)).toEqual([item.id]);

    await page.goto(`${baseUrl}/account/orders`, { waitUntil: "networkidle" });
    expect(await page.getByText("Payment failed", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Completed", { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a guest creates an account inline on /checkout: errors stay on the page, the cart is kept", async () => {
    const { context, page, errors } = await newContext();
    const courses = await listedCourses(page);
    const item = courses[3] ?? courses[0]!;
    await putInGuestCart(page, [item]);
    await page.goto(`${baseUrl}/checkout`, { waitUntil: "networkidle" });

    // A wrong password is refused on the page, with the log-in form still there.
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel("Password").fill("wrong-password-123");
    await page.getByRole("button", { name: "Log In and Continue" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toMatch(/email or password/i);
    expect(new URL(page.url()).pathname).toBe("/checkout");

    // Switch to sign-up with the keyboard.
    await page.getByRole("link", { name: "Create an account" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Create an account to check out" }).waitFor();
    expect(new URL(page.url()).search).toBe("?account=new");
    await page.waitForFunction(
      () => (document.querySelector("input[name=guestCart]") as HTMLInputElement | null)?.value !== "",
    );
    const email = `inline-${Date.now()}@example.com`;
    await page.getByLabel("Full name").fill("Ravi Kumar");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Sign Up and Continue" }).click();
    // Too short: the sign-up form stays, with the name and email kept and the field explained.
    await page.getByText(/^Use at least \d+ characters\.$/).waitFor();
    expect(await page.getByRole("heading", { name: "Create an account to check out" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Full name").inputValue()).toBe("Ravi Kumar");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up and Continue" }).click();
    await page.getByRole("heading", { name: "Order summary" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/checkout");
    const summary = page.locator("section", { has: page.getByRole("heading", { name: "Order summary" }) });
    expect(await summary.getByText(item.title, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Continue to payment" }).isVisible()).toBe(true);
    const serverCart = await page.evaluate(async () => (await fetch("/api/cart")).json());
    expect(serverCart.items.map((i: { id: number }) => i.id)).toEqual([item.id]);
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it("an anonymous visitor asking for an order page is sent to log in", async () => {
    const res = await fetch(`${baseUrl}/account/orders/00000000-0000-4000-8000-000000000000`, { redirect: "manual" });
    // Anonymous: sent to log in first.
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});
