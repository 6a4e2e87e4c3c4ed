/**
 * What JavaScript the built client ships, read from React Router's build manifest
 * (build/client/assets/manifest-*.js), and what a cold visit really downloads (Chromium network events).
 * Used by bench/lighthouse.ts and tests/e2e/public-bundle.e2e.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { BrowserContext, Page, Response } from "playwright-core";
import { ROOT } from "./server";

const CLIENT = path.join(ROOT, "build", "client");

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport: boolean;
  module: string;
  imports?: string[];
}
export interface ClientManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  url: string;
}

export function readClientManifest(): ClientManifest {
  const dir = path.join(CLIENT, "assets");
  const file = fs.readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("No build/client/assets/manifest-*.js: build the app first (npm run build).");
  const source = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

const isAdminRoute = (id: string) => id.startsWith("routes/admin/");
const routeChunks = (r: ManifestRoute) => [r.module, ...(r.imports ?? [])];

/** Marker strings that only the admin charts library bundles (recharts renders these class names). */
const RECHARTS_MARKERS = ["recharts-wrapper", "recharts-surface"];
export const isRechartsCode = (source: string) => RECHARTS_MARKERS.some((m) => source.includes(m));

/**
 * Chunks only admin routes need: everything an admin route module imports (statically or by a
 * dynamic import inside it, like the lazy Recharts chunk) that no public route or the entry imports
 * (statically or by a dynamic import either: the store's on-demand parts, app/ui/on-demand.tsx).
 */
export async function adminOnlyChunks(manifest = readClientManifest()): Promise<Set<string>> {
  const publicChunks = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  const adminChunks = new Set<string>();
  for (const r of Object.values(manifest.routes)) {
    for (const c of routeChunks(r)) (isAdminRoute(r.id) ? adminChunks : publicChunks).add(c);
  }
  const admin = withDynamicImports(adminChunks);
  const reachablePublicly = withDynamicImports(publicChunks);
  return new Set([...admin].filter((c) => !reachablePublicly.has(c)));
}

/**
 * The chunks plus every chunk they load by a dynamic import, and what those import, statically or
 * not (neither is in React Router's manifest), read from the built files.
 */
function withDynamicImports(chunks: Set<string>): Set<string> {
  const all = new Set(chunks);
  const queue = [...all];
  while (queue.length > 0) {
    const chunk = queue.pop() as string;
    const source = fs.readFileSync(path.join(CLIENT, chunk), "utf8");
    const deps = [
      ...source.matchAll(/import\(\s*[`'"]\.\/([\w.-]+\.js)[`'"]\s*\)/g),
      ...source.matchAll(/from\s*[`'"]\.\/([\w.-]+\.js)[`'"]/g),
    ];
    for (const m of deps) {
      const dep = `/assets/${m[1]}`;
      if (!all.has(dep)) {
        all.add(dep);
        queue.push(dep);
      }
    }
  }
  return all;
}

/** Route patterns of every public page (rendered in the store layout), e.g. "/courses/:id". */
export function publicRoutePatterns(manifest = readClientManifest()): string[] {
  const patterns: string[] = [];
  // Every page under the store's layout, also those under its pathless layouts (the account pages'
  // guard, the personal pages' private-cache middleware): a route's path is relative to its parent's.
  const routes = manifest.routes;
  for (const r of Object.values(routes)) {
    if (!r.hasDefaultExport || (!r.index && !r.path)) continue;
    const segments: string[] = [r.index ? "" : (r.path ?? "")];
    let parent = r.parentId ? routes[r.parentId] : undefined;
    while (parent && parent.id !== "routes/store/layout") {
      if (parent.path) segments.unshift(parent.path);
      parent = parent.parentId ? routes[parent.parentId] : undefined;
    }
    if (!parent) continue;
    patterns.push(`/${segments.filter(Boolean).join("/")}`);
  }
  return patterns;
}

export interface LoadedScript {
  file: string;
  gzipBytes: number;
  /** What the server really sends a browser that accepts Brotli: the build's `.br` copy, or the file itself when none was made (< 1 KiB). */
  servedBrotliBytes: number;
  isRecharts: boolean;
  /** Whether its bytes came over the network (false: from the browser's cache). */
  fromNetwork: boolean;
}

function servedBrotliBytes(file: string, body: Buffer): number {
  const br = path.join(CLIENT, `${file}.br`);
  return fs.existsSync(br) ? fs.statSync(br).size : body.length;
}

/**
 * A page whose every load is a first visit's: the browser's caches are off for it (DevTools' "Disable
 * cache", `Network.setCacheDisabled`), so each navigation downloads every script it runs again. Several
 * routes measured in one page this way download what each would in a new context, without a new
 * context's renderers and cold start for each (33 routes: 16 → 11 s of CPU, docs/testing.md).
 */
export async function uncachedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // Without Network.enable on this session the setting is ignored (the second load of a page came
  // from the memory cache).
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return page;
}

/**
 * Loads `url` and returns every script downloaded until the network was idle: in `target` when it is
 * a page (from `uncachedPage`, left open on `url`), else in a fresh page of the context `target`.
 */
export async function firstLoadScripts(target: BrowserContext | Page, url: string): Promise<LoadedScript[]> {
  const own = !("goto" in target);
  const page = own ? await target.newPage() : target;
  const pending: Promise<LoadedScript | null>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      // The sizes only tell where the bytes came from: a script whose sizes cannot be read still counts.
      Promise.all([
        response.body(),
        response
          .request()
          .sizes()
          .catch(() => ({ responseBodySize: 0 })),
      ])
        .then(([body, sizes]) => ({
          file: new URL(response.url()).pathname,
          gzipBytes: zlib.gzipSync(body).length,
          servedBrotliBytes: servedBrotliBytes(new URL(response.url()).pathname, body),
          isRecharts: isRechartsCode(body.toString("utf8")),
          fromNetwork: sizes.responseBodySize > 0,
        }))
        .catch(() => null),
    );
  };
  page.on("response", onResponse);
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    // Give idle-time lazy loads (chunks requested after hydration) their chance too.
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 2000 })));
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("response", onResponse);
    if (own) await page.close();
  }
  const scripts = (await Promise.all(pending)).filter((s): s is LoadedScript => s !== null);
  // A script the page asked for twice is one file, downloaded if either request went over the network.
  const byFile = new Map<string, LoadedScript>();
  for (const s of scripts)
    byFile.set(s.file, { ...s, fromNetwork: s.fromNetwork || !!byFile.get(s.file)?.fromNetwork });
  return [...byFile.values()];
}

export interface PublicRoute {
  pattern: string;
  path: string;
  signedIn: boolean;
}

/** Concrete URLs for the public route patterns, with real ids taken from the seeded catalogue. */
export async function publicRoutes(baseUrl: string) {
  const html = async (p: string) => (await fetch(`${baseUrl}${p}`)).text();
  const home = await html("/");
  const firstId = (source: string, base: string) => {
    const id = source.match(new RegExp(`href="/${base}/(\\d+)"`))?.[1];
    if (!id) throw new Error(`No /${base}/:id link found`);
    return id;
  };
  const courseId = firstId(home, "courses");
  const noteId = firstId(home, "notes");
  const pyqId = firstId(await html("/pyq/std/12"), "pyq");
  const concrete: Record<string, string> = {
    "/courses/std/:std": "/courses/std/12",
    "/notes/std/:std": "/notes/std/12",
    "/pyq/std/:std": "/pyq/std/12",
    "/courses/:id": `/courses/${courseId}`,
    "/notes/:id": `/notes/${noteId}`,
    "/pyq/:id": `/pyq/${pyqId}`,
    "/*": "/no-such-page",
  };
  // Pages that redirect an anonymous visitor to /login are measured as a signed-in student.
  const signedInOnly = new Set(["/account", "/account/orders", "/my-courses"]);
  // Pages that need an order or an enrolment of the visitor first (measured from the manifest only).
  const needsPurchase = new Set([
    "/checkout/pay/:orderId",
    "/account/orders/:orderId",
    "/my-courses/:id",
    "/downloads/:productId",
    "/media/images/:name",
  ]);
  const all: PublicRoute[] = [];
  for (const pattern of publicRoutePatterns()) {
    if (needsPurchase.has(pattern)) continue;
    all.push({ pattern, path: concrete[pattern] ?? pattern, signedIn: signedInOnly.has(pattern) });
  }
  let n = 0;
  return {
    all,
    courseDetail: `/courses/${courseId}`,
    noteDetail: `/notes/${noteId}`,
    /** Signs a new student up through the real form endpoint; the context keeps the session cookie. */
    async signUp(context: BrowserContext) {
      const email = `bench-${process.pid}-${Date.now()}-${n++}@example.com`;
      const response = await context.request.post(`${baseUrl}/signup`, {
        form: { name: "Bench Student", email, password: "correct-horse-battery", redirectTo: "/" },
        headers: { origin: baseUrl },
        maxRedirects: 0,
      });
      if (response.status() !== 302) throw new Error(`Sign-up failed: HTTP ${response.status()}`);
    },
  };
}
