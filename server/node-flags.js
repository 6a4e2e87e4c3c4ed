/**
 * The Node.js flags the server runs with, wherever it starts: `npm start` (package.json), the
 * systemd unit (deploy/systemd/commerce-academy@.service), and the tests' and benchmarks' servers
 * (tests/helpers/server.ts). server/node-flags.test.ts holds the three to this list.
 *
 * `--max-old-space-size=256`: without a limit V8 lets its old generation grow to ~420 MB under a
 * signed-in load before it collects (live data ~100 MB), so a PGlite server stood at ~690 MB; with
 * it, ~430 MB after the same load, at about the same speed (bench/RESULTS.md, issue 34). A store whose
 * live data outgrows it fails loudly ("heap out of memory") and is restarted: raise the figure in
 * all three places.
 */
export const NODE_FLAGS = ["--max-old-space-size=256"];
