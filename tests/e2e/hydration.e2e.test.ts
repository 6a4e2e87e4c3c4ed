/**
 * Hydration (React 19 in the browser, as on the server) must adopt the server's HTML as it is: no
 * element of the body thrown away and rebuilt, the stylesheet kept, one <html>, one <head>, one
 * <body>, one <title> and it in the head (React hoists the <title>/<meta> a page renders in its
 * body), the same title, and the page interactive afterwards. A MutationObserver installed before
 * the page's own scripts records every node hydration removes.
 */
import type { Browser, BrowserContext } from "playwright-core";
import { sharedBaseUrl } from "../helpers/e2e-ready";
import { describe, expect, it } from "../helpers/fixtures";
import { PHONE, waitForHydration } from "../helpers/page";

const baseUrl = sharedBaseUrl();
let browser: Browser;

it.beforeAll(async ({ browser: shared }) => {
  browser = shared;
});

declare global {
  interface Window {
    __removed?: { node: Element; from: "head" | "body" }[];
  }
}

/** Runs in the page before any of its scripts: every element taken out once parsing is over. */
function recordRemovals() {
  window.__removed = [];
  new MutationObserver((mutations) => {
    if (document.readyState === "loading") return;
    for (const m of mutations) {
      const from = m.target === document.body || document.body.contains(m.target) ? "body" : "head";
      for (const node of m.removedNodes) {
        if (node.nodeType === Node.ELEMENT_NODE) window.__removed?.push({ node: node as Element, from });
      }
    }
  }).observe(document, { subtree: true, childList: true });
}

/**
 * What hydration may drop: scripts that have already run, and module and image preloads (React's
 * server renderer hoists <Scripts>' modulepreloads into the head and adds image preloads; all have
 * done their work once the page is parsed). Elements moved within the page are not counted.
 */
const EXPECTED = /^(body: <script>|(head|body): <link rel=(modulepreload|preload)>)/;

async function hydrate(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of 404/.test(msg.text())) errors.push(msg.text());
  });
  await page.addInitScript(recordRemovals);
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  const serverHtml = (await response?.text()) ?? "";
  await waitForHydration(page);
  const state = await page.evaluate(() => ({
    removed: (window.__removed ?? [])
      .filter(({ node }) => !node.isConnected)
      .map(
        ({ node, from }) =>
          `${from}: <${node.localName}${node.hasAttribute("rel") ? ` rel=${node.getAttribute("rel")}` : ""}>`,
      ),
    html: document.querySelectorAll("html").length,
    head: document.querySelectorAll("head").length,
    body: document.querySelectorAll("body").length,
    mains: document.querySelectorAll("main").length,
    headers: document.querySelectorAll("body > div > header").length,
    title: document.title,
    titles: document.querySelectorAll("title").length,
    titlesInBody: document.querySelectorAll("body title").length,
    stylesheets: [...document.styleSheets].filter((s) => s.href?.includes("/assets/")).length,
    doctype: document.doctype?.name ?? null,
  }));
  const serverTitle = serverHtml.match(/<title>([^<]*)<\/title>/)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const serverBody = serverHtml.slice(serverHtml.indexOf("<body"));
  return { page, errors, state, serverTitle, serverTitles: serverHtml.match(/<title>/g)?.length ?? 0, serverBody };
}

describe("hydration keeps the server's HTML", () => {
  const PATHS = ["/", "/courses/std/12", "/courses/1", "/notes/7", "/checkout", "/login", "/no-such-page"];

  for (const path of PATHS) {
    it.concurrent(`${path}: nothing rebuilt, stylesheet and one title kept, no errors`, async () => {
      const context = await browser.newContext({ viewport: PHONE });
      const { page, errors, state, serverTitle, serverTitles, serverBody } = await hydrate(context, path);
      expect(state.removed.filter((r) => !EXPECTED.test(r))).toEqual([]);
      expect(state).toMatchObject({ html: 1, head: 1, body: 1, mains: 1, headers: 1, stylesheets: 1, doctype: "html" });
      // One title, in the head, as served and after hydration (none left behind in <main>).
      expect(serverTitles).toBe(1);
      expect(serverBody).not.toContain("<title>");
      expect(state).toMatchObject({ titles: 1, titlesInBody: 0 });
      expect(serverTitle).not.toBe("");
      expect(state.title).toBe(serverTitle);
      expect(errors).toEqual([]);
      await page.close();
      await context.close();
    });
  }

  it("signed in: a personal page's account menu is in the server's HTML, kept by hydration, and opens", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const name = "Hydration Student";
    const signUp = await context.request.post(`${baseUrl}/signup`, {
      form: { name, email: `hydration-${process.pid}-${Date.now()}@example.com`, password: "correct-horse-battery" },
      headers: { origin: baseUrl },
      maxRedirects: 0,
    });
    expect(signUp.status()).toBe(302);
    await context.request.get(`${baseUrl}/`); // reads the sign-up's one-time message
    for (const path of ["/my-courses", "/account"]) {
      const { page, errors, state, serverBody } = await hydrate(context, path);
      // In place, not sent as a hidden copy for a script to reveal (React 19.2 does that with a
      // finished Suspense boundary in a page over 12,800 bytes): the menu opens without JavaScript.
      expect(serverBody).toContain(`aria-label="Account menu for ${name}"`);
      expect(serverBody).not.toMatch(/<template id="B:|<div hidden id="S:/);
      expect(state.removed.filter((r) => !EXPECTED.test(r))).toEqual([]);
      expect(errors).toEqual([]);
      await page.getByLabel(`Account menu for ${name}`).click();
      await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Orders" }).waitFor();
      await page.close();
    }
    await context.close();
  });

  it("a page served from the page cache runs its scripts (allowed by hash, no nonce) and hydrates", async () => {
    await (await fetch(`${baseUrl}/toppers`)).text(); // the anonymous page is now cached
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") refused.push(msg.text());
    });
    const response = await page.goto(`${baseUrl}/toppers`);
    expect(response?.headers()["x-page-cache"]).toBe("hit");
    expect(response?.headers()["content-security-policy"]).not.toMatch(/'nonce-/);
    // Every inline script ran (the cart queue, React Router's context and its module script):
    // hydration finished and the menu answers.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("navigation", { name: "Mobile" })
      .getByRole("link", { name: "Courses", exact: true })
      .waitFor();
    expect(refused).toEqual([]);
    await context.close();
  });

  it("a hydrated page answers clicks: the menu and a client-side navigation with its new title", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const { page } = await hydrate(context, "/");
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Toppers" }).click();
    await page.getByRole("heading", { level: 1, name: "Our Toppers" }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/toppers`);
    await expect.poll(() => page.title()).toContain("Toppers");
    // Navigated on the client: the document was not reloaded.
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    await context.close();
  });
});
