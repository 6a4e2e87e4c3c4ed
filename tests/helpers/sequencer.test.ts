import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { LONGEST, LongestFirst } from "./sequencer";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function spec(project: string, groupOrder: number, file: string) {
  return {
    moduleId: path.join(ROOT, file),
    project: { name: project, config: { sequence: { groupOrder } } },
  } as unknown as TestSpecification;
}

/** A sequencer over Vitest's cache as given: durations of timed files, sizes of files it has seen. */
function sequencer(timed: Record<string, { duration: number; failed?: boolean }>, sizes: Record<string, number>) {
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileTestResults: (key: string) => {
        const t = timed[key];
        return t ? { duration: t.duration, failed: t.failed ?? false } : undefined;
      },
      getFileStats: (key: string) => (key in sizes ? { size: sizes[key] } : undefined),
    },
  };
  return new LongestFirst(ctx as unknown as Vitest);
}

const names = (files: TestSpecification[]) => files.map((f) => `${f.project.name}:${path.relative(ROOT, f.moduleId)}`);

describe("the order test files start in", () => {
  it("names only files that exist", () => {
    const missing = Object.keys(LONGEST).filter((f) => !fs.existsSync(path.join(ROOT, f)));
    expect(missing).toEqual([]);
  });

  it("on a fresh clone (nothing timed): by group, then project, the listed longest first, the rest by size", async () => {
    const files = [
      spec("e2e", 2, "tests/e2e/home.e2e.test.ts"),
      spec("e2e", 2, "tests/e2e/admin.e2e.test.ts"),
      spec("e2e", 2, "tests/e2e/screens.e2e.test.ts"),
      spec("integration", 1, "tests/integration/cart-badge.test.ts"),
      spec("integration", 1, "tests/integration/admin-create-command.test.ts"),
      spec("integration", 1, "tests/integration/gstr1.test.ts"),
      spec("unit", 0, "app/lib/env.test.ts"),
      spec("unit", 0, "server/pdf-worker.ocr.test.ts"),
    ];
    const sizes = Object.fromEntries(names(files).map((n) => [n, n.includes("cart-badge") ? 9000 : 100]));
    sizes["e2e:tests/e2e/home.e2e.test.ts"] = 5000;
    expect(names(await sequencer({}, sizes).sort(files))).toEqual([
      "unit:server/pdf-worker.ocr.test.ts",
      "unit:app/lib/env.test.ts",
      "integration:tests/integration/admin-create-command.test.ts",
      "integration:tests/integration/gstr1.test.ts",
      "integration:tests/integration/cart-badge.test.ts",
      "e2e:tests/e2e/screens.e2e.test.ts",
      "e2e:tests/e2e/admin.e2e.test.ts",
      "e2e:tests/e2e/home.e2e.test.ts",
    ]);
  });

  it("once Vitest has timed them: failed first, then its own durations over the list; a new file first", async () => {
    const files = [
      spec("e2e", 2, "tests/e2e/screens.e2e.test.ts"),
      spec("e2e", 2, "tests/e2e/admin.e2e.test.ts"),
      spec("e2e", 2, "tests/e2e/home.e2e.test.ts"),
      spec("e2e", 2, "tests/e2e/new.e2e.test.ts"),
    ];
    const timed = {
      "e2e:tests/e2e/screens.e2e.test.ts": { duration: 10_000 },
      "e2e:tests/e2e/admin.e2e.test.ts": { duration: 60_000 },
      "e2e:tests/e2e/home.e2e.test.ts": { duration: 1_000, failed: true },
    };
    const sizes = Object.fromEntries(names(files.slice(0, 3)).map((n) => [n, 100]));
    expect(names(await sequencer(timed, sizes).sort(files))).toEqual([
      "e2e:tests/e2e/home.e2e.test.ts",
      "e2e:tests/e2e/new.e2e.test.ts",
      "e2e:tests/e2e/admin.e2e.test.ts",
      "e2e:tests/e2e/screens.e2e.test.ts",
    ]);
  });
});
