import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll } from "vitest";
import { describe, downloadedBytes, expect, freshOwnerInstall, it } from "../helpers/fixtures";
import { extractPdfText } from "../helpers/pdf-text";
import { type RunningServer, startServer } from "../helpers/server";

const OWNER = { email: "owner@example.com", password: "owner-password-123", name: "Asha Owner" };
const STUDENT = { name: "Kabir Malhotra", email: "kabir.gst@example.com", password: "student-password-1" };
let server: RunningServer;
let browser: Browser;
let base: string;

it.beforeAll(async ({ browser: shared }) => {
  server = await startServer({
    // The owner has entered the seller's address (printed on the invoice) in Settings.
    dataDir: await freshOwnerInstall(),
    env: {
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ADMIN_NAME: OWNER.name,
      ORDERS_RECONCILE_INTERVAL_SECONDS: "3600",
    },
  });
  base = server.url;
  browser = shared;
});

afterAll(async () => {
  await server?.stop();
});

async function context(): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
}

async function signIn(ctx: BrowserContext, email: string, password: string) {
  const res = await ctx.request.post(`${base}/login`, {
    form: { email, password, redirectTo: "/" },
    headers: { origin: base },
    maxRedirects: 0,
  });
  if (res.status() !== 302) throw new Error(`sign-in failed: ${res.status()}`);
}

/** The text of the PDF a link on the page downloads, one line of words. */
async function downloadedText(page: Page, link: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: link }).click()]);
  const bytes = await downloadedBytes(download);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  return { name: download.suggestedFilename(), text: extractPdfText(bytes).replace(/\s+/g, " ") };
}

describe("GST invoice and credit note, read with pdftotext", () => {
  it("carry every required field and the ₹ sign", async () => {
    const student = await context();
    const signup = await student.request.post(`${base}/signup`, {
      form: { ...STUDENT, redirectTo: "/" },
      headers: { origin: base },
      maxRedirects: 0,
    });
    expect(signup.status()).toBe(302);
    const page = await student.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    // Add a course from its page, then check out, choosing Karnataka (IGST: the seller is in Rajasthan).
    await page.goto(`${base}/courses/1`, { waitUntil: "networkidle" });
    const title = ((await page.locator("h1").first().textContent()) ?? "").trim();
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await page.getByRole("button", { name: "Cart, 1 item" }).waitFor();
    await page.goto(`${base}/checkout`, { waitUntil: "networkidle" });
    await page.getByLabel("Your state or union territory").selectOption("29");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL(/\/checkout\/pay\//);
    await page.getByText("IGST (18%)").waitFor();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/account\/orders\/[0-9a-f-]+$/);
    await page.getByText("Thank you! Your order is complete").waitFor();
    const orderUrl = page.url();
    const invoiceNumber = ((await page.getByText(/^GST invoice CA\//).textContent()) ?? "").replace("GST invoice ", "");

    const invoice = await downloadedText(page, "Download GST invoice");
    expect(invoice.name).toBe(`invoice-${invoiceNumber.replace(/\//g, "-")}.pdf`);
    const date = /Invoice Date: (\d\d\/\d\d\/\d{4})/.exec(invoice.text)?.[1];
    expect(date).toBeTruthy();
    for (const field of [
      "TAX INVOICE",
      `Invoice No: ${invoiceNumber}`,
      `Invoice Date: ${date}`,
      "Commerce Academy", // supplier legal name (settings)
      "2nd Floor, 14 Civil Lines, Jaipur, Rajasthan 302006", // supplier address
      "State: Rajasthan (08)", // supplier state
      "GSTIN: 08AAAAA0000A1Z5",
      STUDENT.name,
      STUDENT.email,
      "State: Karnataka (29)", // buyer's state
      "Place of supply: Karnataka (29)",
      title,
      "999293", // SAC
      "Taxable value (₹)",
      "IGST (₹)",
      "18%",
      "IGST @ 18% ₹179.82", // ₹999 × 18%
      "Total ₹1,178.82",
      "Amount in words: Rupees One Thousand One Hundred Seventy Eight and Eighty Two Paise Only",
      "Whether tax is payable on reverse charge: No",
    ]) {
      expect(invoice.text).toContain(field);
    }
    expect(invoice.text).toContain("₹");
    expect(invoice.text).not.toContain("Rs.");

    // The owner refunds it from Sales & Reports (behind the confirmation dialog).
    const owner = await context();
    await signIn(owner, OWNER.email, OWNER.password);
    const admin = await owner.newPage();
    await admin.goto(`${base}/admin/sales?q=${encodeURIComponent(STUDENT.email)}`, { waitUntil: "networkidle" });
    // The sample GSTIN is flagged on every admin page.
    expect(await admin.getByText("Invoices are not ready.").isVisible()).toBe(true);
    const row = admin.getByRole("row", { name: new RegExp(STUDENT.name) });
    await row.getByRole("button", { name: /^Refund/ }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Refund" }).click();
    await admin.getByText(/Credit note CN\/\d\d-\d\d\/000001 issued\./).waitFor();
    // The admin downloads the credit note from the order's row too.
    const [adminDownload] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: /^Credit note CN\// }).click(),
    ]);
    const adminNote = extractPdfText(await downloadedBytes(adminDownload));
    expect(adminNote).toContain("CREDIT NOTE");

    // The student downloads the credit note from the order page.
    await page.goto(orderUrl, { waitUntil: "networkidle" });
    const noteLine = (await page.getByText(/^Credit note CN\//).textContent()) ?? "";
    expect(noteLine).toMatch(/^Credit note CN\/\d\d-\d\d\/000001: ₹1,178\.82 refunded /);
    const noteNumber = /CN\/\d\d-\d\d\/\d{6}/.exec(noteLine)![0];
    const note = await downloadedText(page, "Download credit note");
    expect(note.name).toBe(`credit-note-${noteNumber.replace(/\//g, "-")}.pdf`);
    for (const field of [
      "CREDIT NOTE",
      `Credit Note No: ${noteNumber}`,
      "Credit Note Date:",
      `Against Invoice No: ${invoiceNumber} dated ${date}`,
      "Commerce Academy",
      "State: Rajasthan (08)",
      "GSTIN: 08AAAAA0000A1Z5",
      STUDENT.name,
      STUDENT.email,
      "Place of supply: Karnataka (29)",
      "999293",
      "IGST @ 18% ₹179.82",
      "Total credited ₹1,178.82",
      "Amount in words: Rupees One Thousand One Hundred Seventy Eight and Eighty Two Paise Only",
      "Whether tax is payable on reverse charge: No",
    ]) {
      expect(note.text).toContain(field);
    }
    expect(errors).toEqual([]);
    await student.close();
    await owner.close();
  });
});
