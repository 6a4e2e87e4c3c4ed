import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon";

const LUCIDE = path.resolve(import.meta.dirname, "../../node_modules/lucide-react/dist/esm");
const APP = path.resolve(import.meta.dirname, "..");
const PROPS = [
  { className: "h-4 w-4 shrink-0" },
  { className: "h-5 w-5", "aria-hidden": true },
  { className: "h-5 w-5", "aria-label": "Cart", role: "img" },
  {},
];

/** Every icon name the app imports from lucide-react, with the icon module Lucide's index takes it from. */
function iconsTheAppUses(): Map<string, string> {
  const index = fs.readFileSync(path.join(LUCIDE, "lucide-react.mjs"), "utf8");
  const fileOf = new Map<string, string>();
  for (const [, names = "", file = ""] of index.matchAll(/export \{ ([^}]+) \} from '\.\/(icons\/[\w-]+\.mjs)'/g)) {
    for (const [, name = ""] of names.matchAll(/default as (\w+)/g)) fileOf.set(name, file);
  }
  const used = new Map<string, string>();
  const sources = (fs.readdirSync(APP, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
  for (const file of sources) {
    const source = fs.readFileSync(path.join(APP, file), "utf8");
    for (const [, names = ""] of source.matchAll(/import \{([^}]+)\} from "lucide-react"/g)) {
      for (const name of names
        .split(",")
        .map((n) => n.trim().replace(/^type /, ""))
        .filter(Boolean)) {
        const icon = fileOf.get(name);
        if (icon) used.set(name, icon);
      }
    }
  }
  return used;
}

describe("createLucideIcon (vite.config.ts gives it to lucide-react's icons in the browser build)", () => {
  it("renders the same markup as Lucide's own factory for every icon the app uses, with the props it passes", async () => {
    const used = iconsTheAppUses();
    expect(used.size).toBeGreaterThan(30);
    for (const [name, file] of used) {
      const mod = await import(path.join(LUCIDE, file));
      const ours = createLucideIcon(mod.__iconData);
      for (const props of PROPS) {
        expect(renderToStaticMarkup(createElement(ours, props)), `${name} ${JSON.stringify(props)}`).toBe(
          renderToStaticMarkup(createElement(mod.default, props)),
        );
      }
    }
  });
});
