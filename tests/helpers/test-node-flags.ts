/**
 * What the test suite adds to node for every server it starts (tests/helpers/server.ts) and for the
 * e2e project's workers (vitest.config.ts): `--liftoff-only`, V8's baseline compiler alone for WebAssembly.
 * PGlite's PostgreSQL is an 8 MB WebAssembly module, and by default V8 recompiles its busiest
 * functions with its optimising compiler in the background: ~1–1.6 s of CPU per process, which a
 * server that lives for a few hundred queries never earns back (a throwaway script
 * opening a seeded copy and running 200 catalogue queries: 2.2–3.1 → 1.4–1.5 s of CPU; past ~1,000
 * queries the optimised code wins, which is why the integration workers, each with one database for
 * the whole run, keep the default; so do the scripts a test runs, `scriptArgs()`: the first run of
 * `admin:create` seeds a new install, and took as much CPU either way). The e2e project took
 * 632–654 → 585–588 s of the machine's CPU, 353–357 → 327–329 s. Production keeps V8's default
 * (server/node-flags.js): a server that runs for days earns the optimised code back.
 */
export const TEST_NODE_FLAGS = ["--liftoff-only"];
