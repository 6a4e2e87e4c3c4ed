/**
 * The browser build runs on Preact (vite.config.ts, app/lib/preact-dom-client.ts) while the server
 * renders with React. Hydration must adopt the server's HTML as it is: no element of the body
 * thrown away and rebuilt, the stylesheet kept, one <html>, one <head>, one <body>, the same title,
 * and the page interactive afterwards. A MutationObserver installed before the page's own scripts
 * records every node hydration removes.
 */
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../helpers/browser";
import { PHONE, waitForHydration } from "../helpers/page";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
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
/**
 * The error pages render their <title> and robots <meta> in the body; React's server renderer
 * hoists them into the head, Preact keeps them where they are rendered (the title stays right).
 */
const HOISTED_FROM_BODY = /^head: <(title|meta)>/;

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
    stylesheets: [...document.styleSheets].filter((s) => s.href?.includes("/assets/")).length,
    doctype: document.doctype?.name ?? null,
  }));
  const serverTitle = serverHtml.match(/<title>([^<]*)<\/title>/)?.[1]?.replace(/&amp;/g, "&") ?? "";
  return { page, errors, state, serverTitle };
}

describe("hydration keeps the server's HTML", () => {
  const PATHS = ["/", "/courses/std/12", "/courses/1", "/notes/7", "/checkout", "/login", "/no-such-page"];

  for (const path of PATHS) {
    const allowed = (r: string) => EXPECTED.test(r) || (path === "/no-such-page" && HOISTED_FROM_BODY.test(r));
    it(`${path}: nothing rebuilt, stylesheet and title kept, no errors`, async () => {
      const context = await browser.newContext({ viewport: PHONE });
      const { page, errors, state, serverTitle } = await hydrate(context, path);
      expect(state.removed.filter((r) => !allowed(r))).toEqual([]);
      expect(state).toMatchObject({ html: 1, head: 1, body: 1, mains: 1, headers: 1, stylesheets: 1, doctype: "html" });
      expect(serverTitle).not.toBe("");
      expect(state.title).toBe(serverTitle);
      expect(errors).toEqual([]);
      await page.close();
      await context.close();
    });
  }

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

declare global {
  interface Window {
    __tasks?: number;
    __listeners?: { where: string; task: number }[];
    __actedWhileHeldBack?: boolean;
  }
}

/**
 * Runs in the page before its scripts. Counts the message tasks (how <HydrateLater> hands out its
 * parts, one per task). `record`: notes, for every click listener Preact attaches to a link or
 * button, the task it was attached in and which part of the page the element is in. `navigate` and
 * `add-last`: at the fourth message task once hydration has begun (a few parts handed out and the
 * page's effects run, so the cart provider is mounted; the last sections still held back), follows
 * the header's Toppers link or clicks the last "Add to Cart" on the page, once, and notes whether
 * parts were still held back then (the cart takes over only once none is).
 */
function instrument(action: "record" | "navigate" | "add-last") {
  window.__tasks = 0;
  window.__listeners = [];
  let heldBackTasks = 0;
  const act = () => {
    if (action === "record" || !window.__hydrateLater || ++heldBackTasks !== 4) return;
    window.__actedWhileHeldBack = window.__cartHydrated !== true;
    if (action === "navigate") document.querySelector<HTMLElement>('header a[href="/toppers"]')?.click();
    else [...document.querySelectorAll<HTMLElement>("[data-add-to-cart]")].at(-1)?.click();
  };
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, "onmessage");
  Object.defineProperty(MessagePort.prototype, "onmessage", {
    configurable: true,
    get() {
      return onmessage?.get?.call(this);
    },
    set(handler: ((e: MessageEvent) => void) | null) {
      onmessage?.set?.call(
        this,
        handler &&
          ((e: MessageEvent) => {
            window.__tasks = (window.__tasks ?? 0) + 1;
            handler.call(this, e);
            act();
          }),
      );
    },
  });
  if (action !== "record") return;
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type === "click" && this instanceof Element && this.matches("a, button")) {
      const part = this.closest("main > div > section, main > div > div > section, footer, header, main > section");
      const where = part
        ? `${part.localName}:${part.querySelector("h2, h1")?.textContent?.trim() ?? part.getAttribute("aria-label") ?? ""}`
        : "other";
      window.__listeners?.push({ where, task: window.__tasks ?? 0 });
    }
    return add.call(this, type, listener, options);
  };
}

describe("the home page is hydrated in parts", () => {
  it("the header first; the page with its hero, each section below the fold, then the footer, in later tasks of their own", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.addInitScript(instrument, "record" as const);
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    const listeners = (await page.evaluate(() => window.__listeners)) ?? [];
    // The first task each part got its listeners in, in page order (the floating chat button aside).
    const firstTask = new Map<string, number>();
    for (const { where, task } of listeners) if (!firstTask.has(where)) firstTask.set(where, task);
    const header = firstTask.get("header:");
    expect(header, JSON.stringify([...firstTask])).toBeTypeOf("number");
    const later = [
      "section:Excel in Your Commerce Exams",
      "section:Our Courses",
      "section:Popular Notes & Summaries",
      "section:Trusted by Toppers",
      "section:Class 11 Courses",
      "section:Class 12 Courses",
      "footer:",
    ].map((where) => firstTask.get(where));
    expect(
      later.every((t) => typeof t === "number"),
      JSON.stringify([...firstTask]),
    ).toBe(true);
    // Each one in a task after the header's, in page order, no two in the same task (the page itself
    // is held back by the layout, its sections inside it once more).
    let previous = header as number;
    for (const task of later as number[]) {
      expect(task).toBeGreaterThan(previous);
      previous = task;
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a navigation while parts are still held back: the new page, then the whole home page again on Back", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.addInitScript(instrument, "navigate" as const);
    await page.goto(`${baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Our Toppers" }).waitFor();
    await waitForHydration(page);
    expect(await page.evaluate(() => window.__actedWhileHeldBack)).toBe(true);
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Excel in Your Commerce Exams" }).waitFor();
    // Rendered on the client this time: every section at once, every card's button working.
    await page.getByRole("heading", { level: 2, name: "Class 12 Courses" }).waitFor();
    await page
      .getByRole("button", { name: /^Add to Cart/ })
      .last()
      .click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("cart-storage")?.match(/"id":/g)?.length)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an Add to Cart click on a card not hydrated yet is kept and added once", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.addInitScript(instrument, "add-last" as const);
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(await page.evaluate(() => window.__actedWhileHeldBack)).toBe(true);
    const lastTitle = await page.locator("[data-add-to-cart]").last().getAttribute("data-add-to-cart");
    const title = (JSON.parse(lastTitle ?? "{}") as { title?: string }).title ?? "";
    expect(title).not.toBe("");
    await page.getByText(`Added to cart: ${title}`).waitFor();
    const stored = await page.evaluate(() => localStorage.getItem("cart-storage") ?? "");
    expect(stored.match(/"id":/g)?.length).toBe(1);
    expect(stored).toContain(JSON.stringify(title));
    expect(await page.getByText(`Already in your cart: ${title}`).count()).toBe(0);
    await context.close();
  });
});
