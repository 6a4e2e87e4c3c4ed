import path from "node:path";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./tests/helpers/sequencer";
import { TEST_NODE_FLAGS } from "./tests/helpers/test-node-flags";

const alias = { "~": path.resolve(import.meta.dirname, "app") };
const failOnConsole = "./tests/helpers/fail-on-console.ts";
const closePdfPool = "./tests/helpers/pdf-pool-setup.ts";

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's order, with the longest files first on a fresh clone too (tests/helpers/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          sequence: { groupOrder: 0 },
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/helpers/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          setupFiles: [failOnConsole, closePdfPool],
          // Two at once (Vitest's default on 2 cores is one): the OCR file takes ~50 s of one core
          // while the other ~80 files run beside it, in one module graph per worker (no file needs a
          // fresh one; a shuffled file order passes too): 105 → 45 s.
          maxWorkers: 2,
          isolate: false,
          // Not a speed check (bench/ measures speed): the PDF and image tests take 4–6 s each on a slow
          // 2-core machine with the build running beside them, and Vitest's 5 s failed them in a CI run.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          environment: "node",
          sequence: { groupOrder: 1 },
          include: ["app/**/*.integration.test.ts", "tests/integration/**/*.test.ts"],
          // One database per worker, kept across files (initdb is the slow part). The app's PDF pool is
          // kept too (unit closes it after each file): a new thread loads the worker through tsx and
          // warms up on its first PDF (an invoice: 1.0 s of CPU, the next 0.1 s), and 29 files made
          // one each. Measured on 2026-11-29: 96–97 → 73–75 s, 188 → 139 s of CPU.
          setupFiles: [failOnConsole, "./tests/helpers/db-setup.ts"],
          isolate: false,
          pool: "forks",
          maxWorkers: 2,
          // Measured: 118–119 → 99–115 s (tests/helpers/test-node-flags.ts).
          execArgv: TEST_NODE_FLAGS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          environment: "node",
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.e2e.test.ts"],
          // setup-ready waits for what global-setup makes in the background (the build, the seeded
          // template, the shared server) while the unit and integration tests run.
          setupFiles: [failOnConsole, "./tests/e2e/setup-ready.ts"],
          globalSetup: ["./tests/e2e/global-setup.ts"],
          // Two files at once: the browser tests mostly wait (on the network, on timers). Files on
          // the shared server only add their own users, carts and orders; a file that changes what
          // every visitor sees (settings, maintenance, the catalog) starts a server of its own.
          // (Three at once took as long: 310 → 311 s, measured one after the other on 2026-11-28; the
          // idle CPU, 71 → 18 s, went to more work per test.)
          maxWorkers: 2,
          // One module graph per worker, as in unit: the files share no module state (a shuffled file
          // order passes too), and loading Playwright, axe and PGlite once per worker instead of once
          // per file took the project from 340 to 284 s.
          isolate: false,
          // Each file's PGlite set-ups live for a few queries (tests/helpers/test-node-flags.ts).
          execArgv: TEST_NODE_FLAGS,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "drills",
          environment: "node",
          sequence: { groupOrder: 3 },
          include: ["tests/drills/**/*.drill.test.ts"],
          setupFiles: [failOnConsole],
          globalSetup: ["./tests/drills/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
