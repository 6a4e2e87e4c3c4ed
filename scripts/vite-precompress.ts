/**
 * Vite plugin: writes Brotli (quality 11) and gzip (level 9) copies of the client build's text
 * assets next to them (`x.js.br`, `x.js.gz`), once at build time. server.js serves these to
 * browsers that accept them (express-static-gzip), so no asset is compressed per request and
 * phones get the smaller Brotli bytes.
 */
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/;
const MIN_BYTES = 1024;

/**
 * Files the server may send. Not `.vite/` (Vite's build manifest, which React Router moves out of
 * the client build after this hook: copies of it would stay behind, with its source paths relative
 * to node_modules, so the same commit built from another checkout path would differ; issue 34).
 */
function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (!entry.isDirectory()) return [full];
    return entry.name === ".vite" ? [] : walk(full);
  });
}

export function precompress(): Plugin {
  return {
    name: "commerce-academy:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      if (!options.dir) return;
      for (const file of walk(options.dir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
