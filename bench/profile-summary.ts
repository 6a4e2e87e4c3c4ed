/**
 * Where a server's CPU time went: reads V8 CPU profiles (`node --cpu-prof`, e.g. written by
 * `BENCH_CPU_PROF=/tmp/prof npm run bench:http`) and prints self time per part of the stack
 * (PGlite, React's renderer, React Router, Better Auth, Drizzle, the app, Node's own work,
 * garbage collection) and the heaviest functions.
 *
 * Usage: npx tsx bench/profile-summary.ts [--last <seconds>] /tmp/prof/*.cpuprofile
 * `--last 5`: only each profile's last 5 seconds (e.g. `bench/cpu-per-request.ts`'s load at 10
 * connections, which ends just before the server stops), leaving out the start and the set-up.
 */
import fs from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const PARTS: [string, RegExp][] = [
  ["PGlite (WebAssembly PostgreSQL)", /@electric-sql\/pglite|wasm:\/\//],
  ["node-postgres driver", /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//],
  ["React server renderer", /react-dom/],
  ["React", /node_modules\/react\//],
  ["React Router", /react-router|@react-router/],
  ["Better Auth, its cookies and crypto", /better-auth|better-call|@better-auth|jose|@noble|uncrypto/],
  ["Drizzle ORM", /drizzle-orm/],
  [
    "Express and its middleware",
    /node_modules\/(express|compression|body-parser|router|send|serve-static|finalhandler|on-finished|morgan|pino|helmet)/,
  ],
  ["Zod", /node_modules\/zod/],
  ["the app (build/server)", /\/build\/server\//],
  ["other packages", /node_modules/],
  ["Node.js itself (http, streams, zlib, crypto)", /^node:|^internal\//],
];

function partOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(idle)") return "(idle)";
  if (functionName === "(program)") return "(program: V8 and native code)";
  for (const [name, pattern] of PARTS) if (pattern.test(url)) return name;
  return url ? "other" : "native (no script)";
}

const args = process.argv.slice(2);
const lastAt = args.indexOf("--last");
const lastUs = lastAt === -1 ? Number.POSITIVE_INFINITY : Number(args[lastAt + 1]) * 1e6;
const files = lastAt === -1 ? args : args.filter((_, i) => i !== lastAt && i !== lastAt + 1);
if (files.length === 0 || Number.isNaN(lastUs)) {
  console.error("Usage: npx tsx bench/profile-summary.ts [--last <seconds>] <file.cpuprofile>...");
  process.exit(2);
}
const byPart = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
let idle = 0;
for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const span = profile.timeDeltas.reduce((sum, d) => sum + d, 0);
  let at = 0;
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (!node || at < span - lastUs) return;
    const part = partOf(node);
    if (part === "(idle)") {
      idle += us;
      return;
    }
    total += us;
    byPart.set(part, (byPart.get(part) ?? 0) + us);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}:${lineNumber + 1}`
      : "";
    const key = `${functionName || "(anonymous)"} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  });
}
const ms = (us: number) => (us / 1000).toFixed(0);
const pct = (us: number) => `${((100 * us) / total).toFixed(1)} %`;
console.log(`busy ${ms(total)} ms, idle ${ms(idle)} ms (${files.length} profile(s))\n`);
console.log("| part | self time ms | share |\n|---|---|---|");
for (const [part, us] of [...byPart].sort((a, b) => b[1] - a[1])) console.log(`| ${part} | ${ms(us)} | ${pct(us)} |`);
console.log("\n| heaviest functions (self) | ms | share |\n|---|---|---|");
for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`| \`${fn}\` | ${ms(us)} | ${pct(us)} |`);
