/**
 * What React Router spends deriving its route tables from the server build (data routes, ranked
 * branches, a compiled pattern per route): the work server/app.ts now does once, at start, instead
 * of on every request (it passed the build as a function, which React Router derives anew per call).
 *
 *   npm run build && npx tsx bench/route-tables.ts
 */
import fs from "node:fs";
import path from "node:path";
import { createStaticHandler } from "react-router";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}
const dir = path.resolve(import.meta.dirname, "..", "build", "server", "assets");
const file = fs.readdirSync(dir).find((f) => f.startsWith("server-build"));
if (!file) throw new Error("No server build: run npm run build first.");
const build = (await import(path.join(dir, file))) as { routes: Record<string, ManifestRoute> };

type Tree = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Tree[] };
function tree(parentId: string | undefined): Tree[] {
  return Object.values(build.routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => ({
      id: r.id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      ...(r.index ? {} : { children: tree(r.id) }),
    }));
}
const routes = tree(undefined) as Parameters<typeof createStaticHandler>[0];
const n = 2000;
for (let round = 1; round <= 3; round++) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) createStaticHandler(routes);
  const micros = Number(process.hrtime.bigint() - started) / 1000 / n;
  console.log(`round ${round}: ${Object.keys(build.routes).length} routes, ${micros.toFixed(0)} µs per derivation`);
}
