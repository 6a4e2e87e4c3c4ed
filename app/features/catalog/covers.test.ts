import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { coverImage } from "./covers";
import { KINDS, SUBJECT_LABELS, type Subject } from "./labels";

const publicDir = path.resolve(import.meta.dirname, "..", "..", "..", "public");
const subjects = Object.keys(SUBJECT_LABELS) as Subject[];

describe("coverImage", () => {
  it("points every subject and kind at a cover `npm run art` ships", () => {
    for (const subject of subjects) {
      for (const kind of KINDS) {
        const file = path.join(publicDir, coverImage(subject, kind));
        expect(fs.existsSync(file), file).toBe(true);
      }
    }
  });

  it("gives tests their own cover, which says Practice Test rather than Previous-Year Papers", () => {
    for (const subject of subjects) {
      const test = coverImage(subject, "test");
      expect(test).not.toBe(coverImage(subject, "pyq"));
      const svg = fs.readFileSync(path.join(publicDir, test), "utf8");
      expect(svg).toContain(">Practice Test</text>");
      expect(svg).not.toContain("Previous-Year Papers");
      expect(svg.length).toBeLessThan(2_000);
    }
  });
});
