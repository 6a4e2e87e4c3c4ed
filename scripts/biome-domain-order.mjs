// Writes biome.json's per-domain noRestrictedImports overrides from the README's `domain-order` block
// (issue 33 item 1). Run `node scripts/biome-domain-order.mjs && npx biome format --write biome.json` after
// changing the order or adding a domain; app/lib/architecture.test.ts checks that the two agree.
import fs from "node:fs";

const readme = fs.readFileSync("README.md", "utf8");
const block = /```domain-order\n([\s\S]*?)```/.exec(readme)[1];
const levels = block
  .split("→")
  .map((l) =>
    l
      .split(",")
      .map((d) => d.trim())
      .filter(Boolean),
  )
  .filter((l) => l.length);
const biome = JSON.parse(fs.readFileSync("biome.json", "utf8"));
const seed = biome.overrides[0].linter.rules.style.noRestrictedImports.options.patterns[0];
const globs = (d) => [`~/features/${d}/**`, `../${d}/**`];
const tests = ["!**/*.test.ts", "!**/*.test.tsx"];
const overrides = [biome.overrides[0]];
overrides.push({
  includes: ["app/platform/**", ...tests],
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: "error",
          options: {
            patterns: [
              seed,
              {
                group: ["~/features", "~/features/**", "**/features/**"],
                message:
                  "app/platform is infrastructure: it imports db, lib and ui, never a feature. Pass what it needs in.",
              },
            ],
          },
        },
      },
    },
  },
});
levels.forEach((level, i) => {
  const above = levels.slice(i).flat();
  for (const d of level) {
    const forbidden = above.filter((x) => x !== d);
    if (!forbidden.length) continue;
    overrides.push({
      includes: [`app/features/${d}/**`, ...tests],
      linter: {
        rules: {
          style: {
            noRestrictedImports: {
              level: "error",
              options: {
                patterns: [
                  seed,
                  {
                    group: forbidden.flatMap(globs),
                    message: `${d} imports only the domains before it (README, Domain order): let the route compose the two, or pass a function or component in.`,
                  },
                ],
              },
            },
          },
        },
      },
    });
  }
});
biome.overrides = overrides;
fs.writeFileSync("biome.json", JSON.stringify(biome, null, 2) + "\n");
