/**
 * A signed-in student's catalog pages come from the shared page cache (issue 19): the document is
 * the page everyone gets, and the header's user, the cart badge and "Open" on owned items arrive
 * from GET /api/me while the page hydrates (app/features/accounts/personal.ts). Two students,
 * interleaved, each see only their own; the header does not shift; signing out ends it. Runs on a
 * server of its own, so no other test's content change empties the cache under it.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll } from "vitest";
import { signInOverHttp } from "../helpers/auth";
import { describe, expect, freshInstall, it } from "../helpers/fixtures";
import { PHONE, waitForHydration } from "../helpers/page";
import { type RunningServer, startServer } from "../helpers/server";
import {
  addToServerCart,
  payOnTestGateway,
  placeOrderOverHttp,
  STUDENT_PASSWORD,
  type Student,
  signUpOverHttp,
} from "../helpers/student-http";

let server: RunningServer;
let browser: Browser;
let courseId: number;
let courseTitle: string;
let noteId: number;
const asha: Student = { email: "asha.shared@example.com", name: "Asha Verma", password: STUDENT_PASSWORD };
const ravi: Student = { email: "ravi.shared@example.com", name: "Ravi Kumar", password: STUDENT_PASSWORD };
const CLASS_PAGE = "/courses/std/12";
const OWNER = { email: "owner.shared@example.com", password: "owner-password-123" };

it.beforeAll(async ({ browser: shared }) => {
  browser = shared;
  server = await startServer({
    dataDir: await freshInstall(),
    env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
  });
  const page = await (await fetch(`${server.url}${CLASS_PAGE}`)).text();
  courseId = Number(page.match(/href="\/courses\/(\d+)"/)?.[1]);
  courseTitle = page.match(/aria-label="Add to Cart: ([^"]+)"/)?.[1] ?? "";
  const home = await (await fetch(`${server.url}/`)).text();
  noteId = Number(home.match(/href="\/notes\/(\d+)"/)?.[1]);
  expect(courseId).toBeGreaterThan(0);
  expect(courseTitle).not.toBe("");
  // Asha owns the first Class 12 course; Ravi owns nothing and has a note in his cart.
  await signUpOverHttp(server.url, asha);
  await addToServerCart(server.url, asha, courseId);
  await payOnTestGateway(server.url, asha, await placeOrderOverHttp(server.url, asha));
  await signUpOverHttp(server.url, ravi);
  await addToServerCart(server.url, ravi, noteId);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A phone browser holding the student's session cookies. */
async function contextOf(student: Student): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addCookies(
    (student.cookie ?? "").split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
    }),
  );
  return context;
}

/** Opens `path`, waits for hydration and the personal request; the document's page-cache header. */
async function visit(page: Page, path: string): Promise<string | null> {
  const me = page
    .waitForResponse((res) => new URL(res.url()).pathname === "/api/me", { timeout: 10_000 })
    .catch(() => null);
  const res = await page.goto(`${server.url}${path}`, { waitUntil: "load" });
  const cache = res?.headers()["x-page-cache"] ?? null;
  await waitForHydration(page);
  if (cache === "hit") expect(await me, "a shared page asks /api/me").not.toBeNull();
  await page.waitForLoadState("networkidle");
  return cache;
}

const hasHint = async (context: BrowserContext) =>
  (await context.cookies(server.url)).some((c) => c.name === "ca_signed_in" && c.value === "1");

const badge = (page: Page) => page.getByTestId("cart-badge");

describe("signed-in catalog pages from the shared page cache", () => {
  it("serve the shared document, then show each student only their own name, cart and owned items", async () => {
    // Someone anonymous has viewed the page: it is in the cache.
    await (await fetch(`${server.url}${CLASS_PAGE}`)).arrayBuffer();
    expect((await fetch(`${server.url}${CLASS_PAGE}`)).headers.get("x-page-cache")).toBe("hit");

    const ashaContext = await contextOf(asha);
    const ravyContext = await contextOf(ravi);
    const ashaPage = await ashaContext.newPage();
    const raviPage = await ravyContext.newPage();
    const errors: string[] = [];
    for (const page of [ashaPage, raviPage]) page.on("pageerror", (err) => errors.push(err.message));

    // The first page after signing in is rendered for the student and sets the hint cookie.
    expect(await visit(ashaPage, CLASS_PAGE)).not.toBe("hit");
    expect(await hasHint(ashaContext)).toBe(true);
    expect(await visit(raviPage, CLASS_PAGE)).not.toBe("hit");

    // From then on the document is the shared one, personalised in the browser: interleaved.
    for (let round = 0; round < 2; round++) {
      expect(await visit(ashaPage, CLASS_PAGE)).toBe("hit");
      expect(await visit(raviPage, CLASS_PAGE)).toBe("hit");
      await ashaPage.getByLabel("Account menu for Asha Verma").waitFor();
      await raviPage.getByLabel("Account menu for Ravi Kumar").waitFor();
      expect(await ashaPage.getByLabel(/Account menu for Ravi/).count()).toBe(0);
      expect(await raviPage.getByLabel(/Account menu for Asha/).count()).toBe(0);
      // Asha owns the course: Open; Ravi does not: Add to Cart.
      await ashaPage.getByRole("link", { name: `Open: ${courseTitle}` }).waitFor();
      expect(await ashaPage.getByRole("button", { name: `Add to Cart: ${courseTitle}` }).count()).toBe(0);
      expect(await raviPage.getByRole("link", { name: `Open: ${courseTitle}` }).count()).toBe(0);
      expect(await raviPage.getByRole("button", { name: `Add to Cart: ${courseTitle}` }).count()).toBe(1);
      // Ravi's cart holds one note; Asha's is empty since she paid.
      await expect.poll(() => badge(raviPage).textContent()).toBe("1");
      expect(await badge(ashaPage).count()).toBe(0);
      // No "Log In" anywhere for a signed-in student.
      expect(await ashaPage.getByRole("link", { name: "Log In" }).count()).toBe(0);
    }

    // The detail page and the home page too.
    await (await fetch(`${server.url}/courses/${courseId}`)).arrayBuffer();
    expect(await visit(ashaPage, `/courses/${courseId}`)).toBe("hit");
    await ashaPage.getByRole("link", { name: /^Open/ }).first().waitFor();
    // Their side of the item's reviews comes with it: Asha owns the course but has not done a
    // lesson yet; Ravi does not own it.
    await ashaPage.getByText("Complete at least one lesson of this course to review it.").waitFor();
    expect(await visit(raviPage, `/courses/${courseId}`)).toBe("hit");
    await raviPage.getByText("Only students who own this course can review it.").waitFor();
    expect(await raviPage.getByText("Log in to write a review").isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await ashaContext.close();
    await ravyContext.close();
  });

  it("the header does not shift while the personal parts arrive, on a phone and a desktop", async () => {
    for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
      const context = await contextOf(asha);
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await visit(page, "/toppers"); // sets the hint
      await (await fetch(`${server.url}${CLASS_PAGE}`)).arrayBuffer();
      await page.addInitScript(() => {
        const w = window as unknown as { __shifts: number[] };
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) w.__shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      expect(await visit(page, CLASS_PAGE)).toBe("hit");
      await page.getByLabel("Account menu for Asha Verma").waitFor();
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
      expect(
        shifts.reduce((a, b) => a + b, 0),
        `layout shifts at ${viewport.width} px`,
      ).toBeLessThan(0.01);
      await context.close();
    }
  });

  it("before any JavaScript loads, the inline script hides Log In and Sign Up from a signed-in student", async () => {
    const context = await contextOf(asha);
    await context.addCookies([{ name: "ca_signed_in", value: "1", url: server.url }]);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.route("**/assets/*.js", (route) => route.abort());
    await (await fetch(`${server.url}${CLASS_PAGE}`)).arrayBuffer();
    const res = await page.goto(`${server.url}${CLASS_PAGE}`, { waitUntil: "domcontentloaded" });
    expect(res?.headers()["x-page-cache"]).toBe("hit");
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-signed-in"))).toBe(true);
    expect(await page.getByRole("link", { name: "Log In" }).first().isVisible()).toBe(false);
    // A visitor's browser (no hint) shows them.
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const anon = await visitor.newPage();
    await anon.route("**/assets/*.js", (route) => route.abort());
    await anon.goto(`${server.url}${CLASS_PAGE}`, { waitUntil: "domcontentloaded" });
    expect(await anon.getByRole("link", { name: "Log In" }).first().isVisible()).toBe(true);
    await visitor.close();
    await context.close();
  });

  it("/api/me and a signed-in .data request answer only for their own session", async () => {
    const [ashaMe, raviMe, nobody] = await Promise.all(
      [asha.cookie, ravi.cookie, undefined].map(async (cookie) => {
        const res = await fetch(`${server.url}/api/me`, { headers: cookie ? { cookie } : {} });
        expect(res.headers.get("cache-control")).toBe("private, no-store");
        expect(res.headers.get("vary")).toMatch(/cookie/i);
        return res.json();
      }),
    );
    expect(ashaMe.user.email).toBe(asha.email);
    expect(ashaMe.owned).toContain(courseId);
    expect(ashaMe.cart).toEqual([]);
    expect(raviMe.user.email).toBe(ravi.email);
    expect(raviMe.owned).toEqual([]);
    expect(raviMe.cart.map((item: { id: number }) => item.id)).toEqual([noteId]);
    expect(nobody).toEqual({ user: null, cart: null, owned: [] });

    // Client-side navigation data is never the shared answer: it carries the student's own.
    const hint = "ca_signed_in=1";
    for (const student of [asha, ravi, asha]) {
      const res = await fetch(`${server.url}${CLASS_PAGE}.data`, { headers: { cookie: `${student.cookie}; ${hint}` } });
      expect(res.headers.get("x-page-cache")).not.toBe("hit");
      const body = await res.text();
      expect(body).toContain(student.email);
      expect(body).not.toContain((student === asha ? ravi : asha).email);
    }
  });

  it("an admin's content change shows to a signed-in student at once", async () => {
    const page = await (await fetch(`${server.url}${CLASS_PAGE}`)).text();
    // Each card's Add to Cart carries its item ({ id, title, ... }) in data-add-to-cart.
    const items = [...page.matchAll(/data-add-to-cart="([^"]+)"/g)].map(
      (m) =>
        JSON.parse((m[1] as string).replaceAll("&quot;", '"').replaceAll("&amp;", "&")) as {
          id: number;
          title: string;
        },
    );
    const { id: goneId, title: gone } = items.find((item) => item.id !== courseId) as { id: number; title: string };
    expect(goneId).toBeGreaterThan(0);
    const cookie = `${ravi.cookie}; ca_signed_in=1`;
    const before = await fetch(`${server.url}${CLASS_PAGE}`, { headers: { cookie } });
    expect(before.headers.get("x-page-cache")).toBe("hit");
    expect(await before.text()).toContain(gone);

    const admin = await signInOverHttp(server.url, OWNER.email, OWNER.password);
    const archived = await fetch(`${server.url}/admin/courses`, {
      method: "POST",
      body: new URLSearchParams({ intent: "status", id: String(goneId), status: "archived" }),
      headers: { cookie: admin, origin: server.url },
      redirect: "manual",
    });
    expect(archived.status).toBe(302);
    // The shared page is dropped with the content version: the student's next page no longer has it.
    await expect
      .poll(
        async () => (await (await fetch(`${server.url}${CLASS_PAGE}`, { headers: { cookie } })).text()).includes(gone),
        {
          timeout: 2_000,
        },
      )
      .toBe(false);
  });

  it("a flash message or an unknown cookie gets a page of its own; signing out ends the sharing", async () => {
    await (await fetch(`${server.url}${CLASS_PAGE}`)).arrayBuffer();
    const withHint = `${ravi.cookie}; ca_signed_in=1`;
    const shared = await fetch(`${server.url}${CLASS_PAGE}`, { headers: { cookie: withHint } });
    expect(shared.headers.get("x-page-cache")).toBe("hit");
    for (const extra of ["ca_flash=abc", "tracking=1"]) {
      const res = await fetch(`${server.url}${CLASS_PAGE}`, { headers: { cookie: `${withHint}; ${extra}` } });
      expect(res.headers.get("x-page-cache"), extra).not.toBe("hit");
      expect(await res.text()).toContain("Account menu for Ravi Kumar");
    }
    // Without the session cookie (signed out elsewhere) the hint alone shares nothing, and the
    // render clears it.
    const signedOut = await fetch(`${server.url}${CLASS_PAGE}`, { headers: { cookie: "ca_signed_in=1" } });
    expect(signedOut.headers.get("x-page-cache")).not.toBe("hit");
    expect(signedOut.headers.getSetCookie().join("\n")).toMatch(/ca_signed_in=; Max-Age=0/);

    // Signing out in the browser: the next catalog page is an anonymous one with "Log In".
    const context = await contextOf(ravi);
    const page = await context.newPage();
    await visit(page, "/toppers");
    expect(await hasHint(context)).toBe(true);
    await page.getByLabel("Account menu for Ravi Kumar").click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect.poll(() => hasHint(context)).toBe(false);
    // An anonymous visitor now: the shared page, and no personal request.
    const me: string[] = [];
    page.on("request", (req) => (new URL(req.url()).pathname === "/api/me" ? me.push(req.url()) : undefined));
    await page.goto(`${server.url}${CLASS_PAGE}`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(me).toEqual([]);
    expect(await page.getByLabel(/Account menu/).count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Log In" }).waitFor();
    await context.close();
  });
});
