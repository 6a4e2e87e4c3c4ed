/**
 * Admin-only code (Recharts, admin screens, editors) never reaches a public page: every public
 * route of app/routes.ts is opened as a first visit in Chromium (its caches off) and each script it
 * downloads is checked against the chunks only admin routes import (from the build manifest) and for
 * Recharts' code.
 * The same walk holds every route to the first-load budget (JS_BUDGET_BYTES) of gzipped JavaScript.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { mapPool } from "~/lib/map-pool";
import {
  adminOnlyChunks,
  firstLoadScripts,
  isRechartsCode,
  publicRoutes,
  readClientManifest,
  uncachedPage,
} from "../helpers/bundle";
import { sharedBaseUrl } from "../helpers/e2e-ready";
import { describe, expect, it } from "../helpers/fixtures";
import { ROOT } from "../helpers/server";

const baseUrl = sharedBaseUrl();
// Issue 34 took the largest public route, /, from 125,421 to 120,179 bytes (the code every page runs
// joined the framework chunk; our own Lucide icon factory). Merged with issue 33's shared pieces
// (the review form's SelectField/TextareaField, the reviews' Pager) the product pages are 121,153:
// 122,000 then. Issue 36 (access periods' labels on every card, bundles in the header, cart and
// product page; the bundle's own boxes load only on bundle pages) took them to 122,534: 123,000 then.
// The goal is 115,000 (bench/RESULTS.md, "First-load JavaScript: code on demand"). The home
// page's static sections and the error pages kept as the server's HTML (app/ui/server-html.tsx), the
// tooltip's panel on demand and the JSON-LD apart took `/` from 121,635 to 118,349: 119,000 for it.
// Vite's preload helper reduced to a call, the footer and the maintenance banner kept as the server's
// HTML took it to 117,404. React Router's production build with its warnings dropped (−2.0 KB on every
// page), the hero kept as the server's HTML and Button's classes without class-variance-authority took
// `/` to 114,834 and the product pages to 118,934: the 115,000 for `/`, 120,000 for the rest.
const JS_BUDGET_BYTES = 120_000;
const HOME_BUDGET_BYTES = 115_000;
let browser: Browser;

it.beforeAll(async ({ browser: shared }) => {
  browser = shared;
});

describe("public pages load no admin-only code", () => {
  it("the build has admin-only chunks to look for, Recharts among them", async () => {
    // Guards the check itself: if the manifest reading broke, the test below would pass vacuously.
    const adminOnly = await adminOnlyChunks();
    expect(adminOnly.size).toBeGreaterThan(5);
    const recharts = [...adminOnly].filter((f) =>
      isRechartsCode(fs.readFileSync(path.join(ROOT, "build", "client", f), "utf8")),
    );
    expect(recharts.length).toBeGreaterThan(0);
  });

  it("no public route downloads an admin-only chunk or Recharts, or over 120,000 bytes of gzipped JavaScript (115,000 on /)", async () => {
    const adminOnly = await adminOnlyChunks();
    const routes = await publicRoutes(baseUrl);
    expect(routes.all.map((r) => r.pattern)).toEqual(
      expect.arrayContaining(["/", "/courses/std/:std", "/courses/:id", "/notes/:id", "/checkout", "/my-courses"]),
    );
    // Four lanes at once: three for the visitor's routes and one for a student's. Each lane loads its
    // routes one after another in one page with the browser's caches off (uncachedPage), so each load
    // downloads what a first visit does: on 2026-11-29 the same scripts and bytes on all 33 routes as a
    // new context for each, for 11 s of the machine's CPU instead of 16 (docs/testing.md).
    const viewport = { width: 360, height: 740 };
    const visitor = routes.all.filter((r) => !r.signedIn);
    const student = routes.all.filter((r) => r.signedIn);
    const lanes: BrowserContext[] = [];
    const walk = async (list: typeof routes.all, width: number, signedIn: boolean) => {
      const pages: Page[] = [];
      return mapPool(list, width, async (route, lane) => {
        if (!pages[lane]) {
          const context = await browser.newContext({ viewport });
          lanes.push(context);
          if (signedIn) await routes.signUp(context);
          pages[lane] = await uncachedPage(context);
        }
        return { route, scripts: await firstLoadScripts(pages[lane], `${baseUrl}${route.path}`) };
      });
    };
    const loads = (await Promise.all([walk(visitor, 3, false), walk(student, 1, true)])).flat();
    await Promise.all(lanes.map((context) => context.close()));
    expect(loads.length).toBe(routes.all.length);
    // Every load downloaded the client's entry and what it imports over the network, as a first visit
    // does: proof that the lane's cache was off. (A chunk the page before prefetched for a link may come
    // from the prefetch cache; it is in the list and counted all the same.)
    const { entry } = readClientManifest();
    const entryFiles = [entry.module, ...entry.imports];
    for (const { route, scripts } of loads) {
      const downloaded = new Set(scripts.filter((s) => s.fromNetwork).map((s) => s.file));
      expect(
        entryFiles.filter((f) => !downloaded.has(f)),
        `${route.path}: the entry not downloaded`,
      ).toEqual([]);
    }
    const offenders: string[] = [];
    const overBudget: string[] = [];
    for (const { route, scripts } of loads) {
      expect(scripts.length, `${route.path} loaded no scripts at all`).toBeGreaterThan(3);
      for (const s of scripts) {
        if (adminOnly.has(s.file) || s.isRecharts) offenders.push(`${route.path} → ${s.file}`);
      }
      // The first-load budget, in bytes of gzip (zlib's default level), KB = 1000 bytes.
      const gzipBytes = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
      if (gzipBytes > (route.path === "/" ? HOME_BUDGET_BYTES : JS_BUDGET_BYTES))
        overBudget.push(`${route.path}: ${gzipBytes} bytes`);
    }
    expect(offenders).toEqual([]);
    expect(overBudget).toEqual([]);
  });
});
