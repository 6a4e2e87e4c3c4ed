import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";

/**
 * Rolldown's "plugin timings" report (printed when plugins take a large share of a build, as they do
 * whenever the shared build machine is busy) is advice for plugin authors: off for our builds.
 */
const noBundlerTimings: Plugin = {
  name: "commerce-academy:no-bundler-timings",
  config: () => ({ build: { rolldownOptions: { checks: { bundlerTimings: false } } } }),
};

/**
 * The PDF pool's worker (server/pdf-worker.ts) is an entry of its own in the server build, emitted as
 * build/server/pdf-worker.js (its shared modules go to build/server/assets/ like the rest). The pool
 * (app/lib/pdf-pool.server.ts) gets the worker's URL, relative to its own chunk, in place of
 * `import.meta.PDF_WORKER_URL`; under Vitest and `npm run dev` nothing is replaced and the pool runs
 * the TypeScript source through tsx. (Not `import.meta.ROLLUP_FILE_URL_…`: Vite would list the worker
 * as an asset, and React Router would move it into the public client build.)
 */
function pdfWorkerEntry(): Plugin {
  const fileName = "pdf-worker.js";
  const placeholder = "__PDF_WORKER_RELATIVE_URL__";
  return {
    name: "commerce-academy:pdf-worker-entry",
    apply: "build",
    buildStart() {
      this.emitFile({ type: "chunk", id: path.resolve(import.meta.dirname, "server/pdf-worker.ts"), fileName });
    },
    transform(code, id) {
      if (!id.endsWith("/app/lib/pdf-pool.server.ts")) return;
      return code.replaceAll("import.meta.PDF_WORKER_URL", `new URL("${placeholder}", import.meta.url).href`);
    },
    renderChunk(code, chunk) {
      if (!code.includes(placeholder)) return;
      const relative = path.posix.relative(path.posix.dirname(chunk.fileName), fileName);
      return code.replaceAll(placeholder, relative.startsWith(".") ? relative : `./${relative}`);
    },
  };
}

const sep = String.raw`[\\/]`;

/**
 * Lucide's icon modules call `createLucideIcon(data)`; in the browser build that import is our
 * app/ui/lucide-icon.ts: the same markup (its test renders every icon the app uses both ways) without
 * Lucide's context, size and stroke options that no page uses: −958 bytes gzip on every public page
 * (issue 34). The server keeps Lucide's own factory.
 */
const LUCIDE_ICON_MODULE = new RegExp(`${sep}node_modules${sep}lucide-react${sep}dist${sep}esm${sep}icons${sep}`);
const lucideIconFactory: Plugin = {
  name: "commerce-academy:lucide-icon-factory",
  apply: "build",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  resolveId(source, importer) {
    if (source !== "../createLucideIcon.mjs" || !importer || !LUCIDE_ICON_MODULE.test(importer)) return;
    return path.resolve(import.meta.dirname, "app/ui/lucide-icon.ts");
  },
};
/**
 * Vite wraps every dynamic import() of the browser build in its preload helper, which fetches the
 * stylesheets the imported chunk needs before running it (and, with modulePreload on, its JS) and
 * fires `vite:preloadError`. It does so with `modulePreload: false` too (vitejs/vite#13952, #18551).
 * This build has one stylesheet, app.css, linked by the root on every page, so the helper has nothing
 * to load: its body becomes "run the import", −1.2 KB gzip on every page (issue 34). The build fails
 * if a second stylesheet ever appears, since that one would need the real helper back.
 */
const PRELOAD_HELPER = "\0vite/preload-helper.js";
const noPreloadHelper: Plugin = {
  name: "commerce-academy:no-preload-helper",
  apply: "build",
  applyToEnvironment: (environment) => environment.name === "client",
  transform: {
    order: "post",
    handler(_code, id) {
      if (id !== PRELOAD_HELPER) return;
      return { code: "export const __vitePreload = (load) => load();", map: null };
    },
  },
  generateBundle(_options, bundle) {
    const stylesheets = Object.keys(bundle).filter((file) => file.endsWith(".css"));
    if (stylesheets.length > 1) {
      this.error(
        `More than one stylesheet in the browser build (${stylesheets.join(", ")}): a chunk loaded on demand ` +
          "would need Vite's preload helper to load its CSS. Remove noPreloadHelper from vite.config.ts.",
      );
    }
  },
};

/** React, React DOM and React Router: what every page needs, in one file. */
const FRAMEWORK = new RegExp(
  `${sep}node_modules${sep}(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)${sep}`,
);
/** Lucide's index re-exports every icon: walking it would take icons only admin pages use. */
const LUCIDE = new RegExp(`${sep}node_modules${sep}lucide-react${sep}`);
const EVERY_PAGE_ROOTS = ["app/root.tsx", "app/routes/store/layout.tsx"].map((f) =>
  path.resolve(import.meta.dirname, f),
);

/**
 * Every module that the root and the store layout import statically, themselves included: the code
 * every public page runs (header, footer, cart, chat button, flash toast). It goes into the framework
 * chunk, so a page loads one file for all of it instead of the root, the layout and ~8 small shared
 * chunks (issue 34: −4.3 KB gzip on `/`, −6.2 KB on `/checkout`). Lucide's icons are left to the
 * store groups (the index would pull in every icon). Computed once per build from Rolldown's module graph.
 */
function everyPageModules(ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) {
  const seen = new Set<string>();
  const queue = [...EVERY_PAGE_ROOTS];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id) || LUCIDE.test(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
let everyPage: Set<string> | undefined;
/**
 * The storefront's own shared code (UI kit, cart, layout pieces) and its icons. Never admin code
 * (app/routes/admin, app/features/admin, and a domain's admin screens, app/features/<domain>/admin-*),
 * and never the modules loaded on demand (cart drawer panel, chat box), which keep their own
 * chunks so that public pages do not download them up front.
 */
const STORE_SHARED = new RegExp(
  `${sep}app${sep}(?!routes${sep}admin|features${sep}admin|features${sep}[\\w-]+${sep}admin-|features${sep}cart${sep}cart-drawer-panel|features${sep}contact${sep}chat-box)|${sep}node_modules${sep}(lucide-react|clsx)${sep}`,
);

/**
 * React Router ships a production build (dist/production: `ENABLE_DEV_WARNINGS = false`) but its
 * package.json resolves every import to dist/development (remix-run/react-router#14102, open), so
 * the browser got the developer warnings and the checks behind them. The browser build takes the
 * production files: −614 bytes of gzip on every page (issue 34). The server keeps the package's own
 * resolution: @react-router/node and @react-router/express import `react-router` from node_modules at
 * run time, and a second copy of the router there would not share its contexts. What differs between
 * the two builds is only what `ENABLE_DEV_WARNINGS` guards: console warnings and React Router's own
 * default error and hydrate-fallback pages, which this app replaces (root.tsx).
 */
const RR_PRODUCTION = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");
export default defineConfig(({ command, isSsrBuild }) => ({
  ssr: {
    // Bundled into the server build instead of loaded from node_modules at run time, so that only
    // what the app uses is there: Node would load Lucide's CommonJS build with all its icons (~1,600; the
    // app draws ~60) and radix-ui's index with every primitive: −8 MB of V8 heap after start (issue 34).
    noExternal: ["lucide-react", "radix-ui"],
  },
  resolve: {
    alias: [
      { find: "~", replacement: path.resolve(import.meta.dirname, "app") },
      ...(command === "build" && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: `${RR_PRODUCTION}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${RR_PRODUCTION}/dom-export.mjs` },
          ]
        : []),
    ],
  },
  build: {
    // No preload lists for the lazy chunks (cart drawer panel, chat box, toaster): every chunk they
    // import is already loaded by the store layout, so the lists only cost bytes (~280 B gzip on /).
    // React Router's own <link rel="modulepreload"> tags for route modules are unaffected.
    modulePreload: false,
    // The server bundle (~0.8 MB) is read from disk once at start, never downloaded. In the browser
    // the largest chunk is hls.js (578 kB, 180 kB gzip), loaded by the lesson player alone when a
    // lesson plays an uploaded video: the limit sits just above it, so a new large chunk still warns.
    chunkSizeWarningLimit: isSsrBuild ? 2_048 : 600,
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          // Calls whose only effect is a console warning for developers, dropped with their message
          // texts: React Router's `warning`, `warningOnce` and `warnOnce` (28 English messages,
          // −1.4 KB gzip on every page; issue 34) and Redux's `warning` (admin charts). Any other
          // module's function of these names would lose its calls too: keep them for warnings.
          treeshake: { manualPureFunctions: ["warning", "warningOnce", "warnOnce"] },
          output: {
            // Fewer files on the first load (a phone on 4G pays for each request, and small files
            // compress worse): the framework and the code of every page in one chunk, and the
            // storefront's other shared modules grouped by the set of routes using them, with groups
            // under 1.5 KB merged into a neighbour (see bench/RESULTS.md).
            codeSplitting: {
              groups: [
                {
                  name: (id, ctx) => {
                    everyPage ??= everyPageModules(ctx);
                    return FRAMEWORK.test(id) || everyPage.has(id) ? "framework" : null;
                  },
                  priority: 2,
                },
                {
                  name: "store",
                  test: STORE_SHARED,
                  minShareCount: 2,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 1_500,
                  priority: 1,
                },
              ],
            },
            // entriesAware names list every route sharing the chunk; keep file names short.
            chunkFileNames: (chunk) =>
              chunk.name.startsWith("store~") ? "assets/store-[hash].js" : "assets/[name]-[hash].js",
          },
        },
  },
  plugins: [
    lucideIconFactory,
    noPreloadHelper,
    tailwindcss(),
    reactRouter(),
    precompress(),
    noBundlerTimings,
    isSsrBuild && pdfWorkerEntry(),
  ],
}));
