/**
 * What the test suite adds to node for every server it starts under Vitest (tests/helpers/server.ts;
 * the benchmarks' servers keep production's flags) and for the integration and e2e projects' workers
 * (vitest.config.ts): `--liftoff-only`, V8's baseline compiler alone for WebAssembly. PGlite's
 * PostgreSQL is an 8 MB WebAssembly module, and by default V8 recompiles its busiest functions with
 * its optimising compiler in background threads, again in every process and for each new kind of
 * query. For the suite's processes that costs more CPU than the faster code saves:
 * - a throwaway script opening a seeded copy and running 200 catalogue queries: 2.4–3.1 → 1.5 s of
 *   CPU (the optimised code wins only past ~1,000 runs of one query);
 * - the e2e project: 632–654 → 585–588 s of the machine's CPU, 353–357 → 327–329 s;
 * - the integration project (one database per worker for the whole run): 224–226 → 187–215 s of
 *   CPU, 118–119 → 99–115 s.
 * The scripts a test runs (`runScript()`) keep the default: the first run of `admin:create` seeds a
 * new install and took as much CPU either way. Production keeps V8's default (server/node-flags.js):
 * a server that runs for days earns the optimised code back. docs/testing.md has the commands.
 */
export const TEST_NODE_FLAGS = ["--liftoff-only"];
