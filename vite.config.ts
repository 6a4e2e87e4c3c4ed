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

const sep = String.raw`[\\/]`;
/** React (Preact in the browser) and React Router: what every page needs, in one file. */
const FRAMEWORK = new RegExp(
  `${sep}node_modules${sep}(react|react-dom|react-router|scheduler|cookie|set-cookie-parser|preact)${sep}`,
);
/**
 * The storefront's own shared code (UI kit, cart, layout pieces) and its icons. Never admin code,
 * and never the modules loaded on demand (cart drawer panel, chat box), which keep their own
 * chunks so that public pages do not download them up front.
 */
const STORE_SHARED = new RegExp(
  `${sep}app${sep}(?!routes${sep}admin|features${sep}admin|features${sep}cart${sep}cart-drawer-panel|features${sep}site${sep}chat-box)|${sep}node_modules${sep}(lucide-react|clsx)${sep}`,
);

/** The browser build runs on Preact's React compatibility layer (docs/decisions/0007-preact-in-the-browser.md). */
const PREACT_IN_BROWSER = [
  { find: /^react-dom\/client$/, replacement: path.resolve(import.meta.dirname, "app/lib/preact-dom-client.ts") },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react$/, replacement: "preact/compat" },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: path.resolve(import.meta.dirname, "app") },
      ...(command === "build" && !isSsrBuild ? PREACT_IN_BROWSER : []),
    ],
  },
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            // Fewer files on the first load (a phone on 4G pays for each request): the framework in
            // one chunk, and the storefront's shared modules grouped by the set of routes using them,
            // with groups under 3 KB merged into a neighbour (30 → 17 scripts on /; see bench/RESULTS.md).
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                {
                  name: "store",
                  test: STORE_SHARED,
                  minShareCount: 2,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 3_000,
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
  plugins: [tailwindcss(), reactRouter(), precompress(), noBundlerTimings],
}));
