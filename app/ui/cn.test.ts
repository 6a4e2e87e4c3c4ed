/**
 * `cn` is a plain class join (no tailwind-merge in the client bundle). That is only correct while no
 * element gets two classes that fight over one property. tailwind-merge (still a dev-time tool here)
 * finds such pairs: it drops the loser. Checked: every Button variant × size, and every <Button> in the
 * app with a literal className, as written in the source.
 */
import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "./button";
import { cn } from "./cn";

const conflicts = (classes: string) => {
  const all = classes.split(/\s+/).filter(Boolean);
  const kept = new Set(twMerge(classes).split(" "));
  return all.filter((c) => !kept.has(c));
};

const VARIANTS = ["primary", "secondary", "ghost", "accent", "onDark", "danger", "dangerGhost"] as const;
const SIZES = ["sm", "md", "lg", "icon"] as const;

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsxFiles(p) : p.endsWith(".tsx") ? [p] : [];
  });
}

describe("cn without tailwind-merge", () => {
  it("joins strings, conditionals and arrays", () => {
    expect(cn("a", false, null, undefined, ["b", { c: true, d: false }])).toBe("a b c");
  });

  it("no Button variant and size fight over a property", () => {
    for (const variant of VARIANTS)
      for (const size of SIZES) expect(conflicts(buttonVariants({ variant, size })), `${variant} ${size}`).toEqual([]);
  });

  it("no <Button className> in the app fights its variant and size", () => {
    let checked = 0;
    for (const file of tsxFiles(path.resolve(__dirname, ".."))) {
      const source = fs.readFileSync(file, "utf8");
      for (const m of source.matchAll(/<Button\b([^>]*?)>/gs)) {
        const attrs = m[1] ?? "";
        const className = attrs.match(/className="([^"]*)"/)?.[1];
        if (!className) continue;
        checked++;
        const variant = attrs.match(/variant="(\w+)"/)?.[1] as (typeof VARIANTS)[number] | undefined;
        const size = attrs.match(/size="(\w+)"/)?.[1] as (typeof SIZES)[number] | undefined;
        const where = `${path.relative(process.cwd(), file)}: ${className}`;
        expect(conflicts(`${buttonVariants({ variant, size })} ${className}`), where).toEqual([]);
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
