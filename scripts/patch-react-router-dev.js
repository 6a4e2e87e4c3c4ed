// Runs after `npm install` (package.json "postinstall"). @react-router/dev 7.x passes Vite's
// deprecated `envFile: false` to its internal Vite servers, and Vite 8.1+ prints "The `envFile`
// option is deprecated" for each of them (seven lines per build). The fix upstream
// (remix-run/react-router#15230: `envDir: false`, the same setting under its current name) shipped
// only in React Router 8, so it is applied here to the installed 7.x copy. Idempotent; it does
// nothing once a release without `envFile: false` is installed.
// Checked on 2026-11-26 (issue 33 item 7): 7.18.4 is still the newest 7.x and still passes
// `envFile: false`. patch-package would do the same from a diff file but installs 32 packages for
// this one substitution, so the script stays; it goes with the move to React Router 8.
import fs from "node:fs";
import path from "node:path";

const dist = path.resolve(import.meta.dirname, "..", "node_modules", "@react-router", "dev", "dist");
const files = ["vite.js", "cli/index.js", "vite/cloudflare.js"].map((f) => path.join(dist, f));

let patched = 0;
for (const file of files) {
  if (!fs.existsSync(file)) continue;
  const source = fs.readFileSync(file, "utf8");
  const fixed = source.replaceAll("envFile: false,", "envDir: false,");
  if (fixed === source) continue;
  fs.writeFileSync(file, fixed);
  patched++;
}
if (patched) console.log(`@react-router/dev: envFile → envDir in ${patched} file(s) (remix-run/react-router#15230)`);
