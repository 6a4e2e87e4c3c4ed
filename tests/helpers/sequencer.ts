/**
 * The order Vitest starts test files in: its own (by group, then project, failed files first, then
 * the longest first by the durations it keeps in node_modules/.vite), with one addition. A file
 * Vitest has no duration for yet — every file on a fresh clone, which is what CI runs — takes its
 * duration from LONGEST below instead of Vitest's fallback (the largest file first). On a fresh clone
 * that fallback started the integration project's longest file (admin-create-command, 18 s) last,
 * with the other worker idle beside it for 12 s, and screens.e2e (80 s) a third of the way into e2e.
 * A file in neither place is unknown and runs first, as in Vitest.
 */
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each of the longest files took in a full `npm test` (2026-11-28, docs/testing.md). Only
 * the order matters: a file left out runs after these, the rest by size as Vitest does.
 */
export const LONGEST: Record<string, number> = {
  "server/pdf-worker.ocr.test.ts": 42,
  "app/platform/files/image.test.ts": 10,
  "app/lib/pdf-pool.server.test.ts": 8,
  "app/features/orders/invoice-signature.test.ts": 7,
  "tests/integration/admin-create-command.test.ts": 18,
  "tests/integration/backup.test.ts": 13,
  "tests/integration/hostile-forms.test.ts": 10,
  "tests/integration/hostile-route-table.test.ts": 9,
  "app/features/admin/backups.integration.test.ts": 8,
  "tests/integration/razorpay.test.ts": 8,
  "tests/integration/gstr1.test.ts": 7,
  "tests/e2e/screens.e2e.test.ts": 80,
  "tests/e2e/admin.e2e.test.ts": 52,
  "tests/e2e/storefront-pages.e2e.test.ts": 48,
  "tests/e2e/home-widgets.e2e.test.ts": 38,
  "tests/e2e/route-matrix.e2e.test.ts": 32,
  "tests/e2e/server.e2e.test.ts": 31,
  "tests/e2e/learning.e2e.test.ts": 29,
  "tests/e2e/checkout.e2e.test.ts": 20,
  "tests/e2e/backup-cli.e2e.test.ts": 17,
  "tests/e2e/shared-pages.e2e.test.ts": 16,
  "tests/e2e/public-bundle.e2e.test.ts": 16,
  "tests/e2e/reproducible-build.e2e.test.ts": 15,
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const known = (spec: TestSpecification) => {
      const file = path.relative(config.root, spec.moduleId).split(path.sep).join("/");
      const cached = cache.getFileTestResults(`${spec.project.name}:${file}`);
      if (cached) return { failed: cached.failed, ms: cached.duration };
      const hinted = LONGEST[file];
      if (hinted !== undefined) return { failed: false, ms: hinted * 1000 };
      const stats = cache.getFileStats(`${spec.project.name}:${file}`);
      // Unknown files first; a file Vitest has seen but not timed, by size after the timed ones.
      return stats ? { failed: false, ms: -1 / (1 + stats.size) } : { failed: false, ms: Number.POSITIVE_INFINITY };
    };
    const keyed = files.map((spec) => ({ spec, ...known(spec) }));
    keyed.sort((a, b) => {
      const group = a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.spec.project.name !== b.spec.project.name) return a.spec.project.name < b.spec.project.name ? -1 : 1;
      if (a.failed !== b.failed) return a.failed ? -1 : 1;
      return b.ms - a.ms;
    });
    return keyed.map((k) => k.spec);
  }
}
