/**
 * The layout rules of the README's "Conventions", checked on the source files themselves:
 * - app/lib is the bottom layer: it imports nothing from features or routes;
 * - features never fetch the database themselves: they take `db` as their first parameter and
 *   entry points pass it in: loaders, actions and middleware read it from React Router's context
 *   (`context.get(dbContext)`), server start and scripts call getDb();
 * - one module per business domain: features/admin is the admin shell, never an admin copy of a domain;
 * - production code never imports the seed (app/db/seed): the seed imports features, not the other way round;
 * - app/platform imports no feature, and each domain imports only the domains before it in the README's
 *   domain order (so the feature folders form no loop); Biome's overrides say the same, and fail on a
 *   wrong-way import.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(APP, file).split(path.sep).join("/");
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Module specifiers of every import, export-from and dynamic import in a file. */
function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
  for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

const ROOT = path.join(APP, "..");
const FEATURES = path.join(APP, "features");

/** The README's domain order, lowest first: steps of one or more domains (the `domain-order` block). */
function domainOrder(): string[][] {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const block = /```domain-order\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error("README.md has no ```domain-order block");
  return block[1]!
    .split("→")
    .map((step) => step.split(",").map((domain) => domain.trim()))
    .map((step) => step.filter(Boolean))
    .filter((step) => step.length > 0);
}

/** Every import of a feature file (tests aside) that names another feature folder: [file, spec, target]. */
function crossDomainImports(): { from: string; to: string; file: string; spec: string }[] {
  const domains = fs.readdirSync(FEATURES);
  return domains.flatMap((from) =>
    sourceFiles(path.join(FEATURES, from))
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        importsOf(fs.readFileSync(file, "utf8")).flatMap((spec) => {
          let to: string | undefined;
          if (spec.startsWith("~/features/")) to = spec.split("/")[2];
          else if (spec.startsWith(".")) {
            const target = path.relative(FEATURES, path.resolve(path.dirname(file), spec));
            if (!target.startsWith("..")) to = target.split(path.sep)[0];
          }
          return to && to !== from ? [{ from, to, file: relative(file), spec }] : [];
        }),
      ),
  );
}

/**
 * Feature files allowed to call getDb(), each with the reason written next to the call.
 * Empty today: even Better Auth's instance is built from the db its caller passes in.
 */
const GET_DB_EXCEPTIONS = new Set<string>([]);

describe("architecture", () => {
  it("app/lib imports nothing from features or routes", () => {
    const offenders = sourceFiles(path.join(APP, "lib"))
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        importsOf(fs.readFileSync(file, "utf8"))
          .filter((spec) => /^(~\/|\.\.\/)(features|routes)\//.test(spec))
          .map((spec) => `${relative(file)} → ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it("features take the database as a parameter and never call getDb()", () => {
    const offenders = sourceFiles(path.join(APP, "features"))
      .filter((file) => !isTest(file) && !GET_DB_EXCEPTIONS.has(relative(file)))
      .filter((file) => /\bgetDb(Handle)?\s*\(/.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("routes read the database from the request context, never getDb()", () => {
    const offenders = [...sourceFiles(path.join(APP, "routes")), path.join(APP, "root.tsx")]
      .filter((file) => !isTest(file))
      .filter((file) => /\bgetDb(Handle)?\s*\(/.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("production code never imports the seed: only app/db (migrations run it) and tests do", () => {
    // Biome holds the same rule (biome.json: noRestrictedImports), this test keeps it if the config changes.
    const server = path.join(APP, "..", "server");
    const offenders = [...sourceFiles(APP).filter((file) => !relative(file).startsWith("db/")), ...sourceFiles(server)]
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        importsOf(fs.readFileSync(file, "utf8"))
          .filter((spec) => /(^|\/)db\/seed(\/|$)/.test(spec))
          .map((spec) => `${relative(file)} → ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it("features/admin holds the admin shell only, no admin copy of a domain", () => {
    const adminDir = path.join(APP, "features", "admin");
    const domains = fs
      .readdirSync(path.join(APP, "features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "admin")
      .map((entry) => entry.name);
    const offenders = sourceFiles(adminDir)
      .map((file) => path.basename(file))
      .filter((name) => {
        const stem = name.replace(/(\.server)?\.(ts|tsx)$/, "").replace(/\.(integration\.)?test$/, "");
        // catalog-admin, coupons-admin…, or a module named after another domain (admin/catalog.server.ts)
        return /-admin$|^admin-(?!actions)/.test(stem) || domains.some((d) => stem === d || stem.startsWith(`${d}-`));
      });
    expect(offenders).toEqual([]);
  });

  it("one module owns each formatter: Intl formats only in lib/money, lib/dates and lib/numbers", () => {
    const owners = new Set(["lib/money.ts", "lib/dates.ts", "lib/numbers.ts"]);
    const offenders = sourceFiles(APP)
      .filter((file) => !isTest(file) && !owners.has(relative(file)))
      .filter((file) => /new Intl\.\w+Format\b|\.toLocale(Date|Time)?String\(/.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("subject labels live in features/catalog/labels.ts only", () => {
    const offenders = sourceFiles(APP)
      .filter((file) => !isTest(file) && relative(file) !== "features/catalog/labels.ts")
      .filter((file) => /\bbusiness_studies:\s*"Business Studies"/.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("feature folders form no loop and follow the README's domain order", () => {
    const order = domainOrder();
    const step = new Map(order.flatMap((domains, i) => domains.map((domain) => [domain, i] as const)));
    // Every feature folder has its place, once.
    expect(order.flat().sort()).toEqual(fs.readdirSync(FEATURES).sort());
    // A domain imports only those at an earlier step: no loop can form.
    const offenders = crossDomainImports()
      .filter(({ from, to }) => step.get(to)! >= step.get(from)!)
      .map(
        ({ file, spec, from, to }) =>
          `${file} → ${spec} (${from} is at step ${step.get(from)}, ${to} at ${step.get(to)})`,
      );
    expect(offenders).toEqual([]);
  });

  it("app/platform imports no feature and no route", () => {
    const offenders = sourceFiles(path.join(APP, "platform"))
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        importsOf(fs.readFileSync(file, "utf8"))
          .filter((spec) => /^(~\/|(\.\.\/)+)(features|routes)\//.test(spec))
          .map((spec) => `${relative(file)} → ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it("biome.json forbids each domain the domains after it, keeping the seed rule everywhere", () => {
    interface Pattern {
      group: string[];
    }
    interface Override {
      includes: string[];
      linter?: { rules?: { style?: { noRestrictedImports?: { options: { patterns: Pattern[] } } } } };
    }
    const biome = JSON.parse(fs.readFileSync(path.join(ROOT, "biome.json"), "utf8")) as { overrides: Override[] };
    const forbidden = (folder: string) => {
      const override = biome.overrides.find((o) => o.includes[0] === `${folder}/**`);
      return override?.linter?.rules?.style?.noRestrictedImports?.options.patterns.flatMap((p) => p.group) ?? [];
    };
    const order = domainOrder();
    const found = order.flatMap((domains) =>
      domains.map((domain) => {
        const globs = forbidden(`app/features/${domain}`);
        return {
          domain,
          seed: globs.includes("~/db/seed/**"),
          later: [...new Set(globs.flatMap((g) => /^~\/features\/([\w-]+)\/\*\*$/.exec(g)?.[1] ?? []))].sort(),
        };
      }),
    );
    const wanted = order.flatMap((domains, i) =>
      domains.map((domain) => {
        const later = order
          .slice(i)
          .flat()
          .filter((d) => d !== domain)
          .sort();
        // The last domain has no override: the seed rule of app/** holds it.
        return { domain, seed: later.length > 0, later };
      }),
    );
    expect(found).toEqual(wanted);
    expect(forbidden("app/platform")).toEqual(expect.arrayContaining(["~/db/seed/**", "~/features/**"]));
  });

  it("Biome fails on a wrong-way import, a feature in app/platform and an import loop", () => {
    // A scratch tree with the project's biome.json: the rules apply by path, so the probes sit where they would.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "biome-domains-"));
    try {
      fs.copyFileSync(path.join(ROOT, "biome.json"), path.join(dir, "biome.json"));
      const probes: Record<string, string> = {
        // accounts is below cart: the wrong way round.
        "app/features/accounts/probe.ts":
          'import { mergeIntoCart } from "~/features/cart/cart.server";\n\nexport const f = mergeIntoCart;\n',
        // cart is above accounts: allowed.
        "app/features/cart/probe.ts":
          'import { getOptionalUser } from "~/features/accounts/guards.server";\n\nexport const f = getOptionalUser;\n',
        "app/platform/email/probe.ts":
          'import { getSettings } from "~/features/settings/settings.server";\n\nexport const f = getSettings;\n',
        "app/features/site/loop-a.ts": 'import { b } from "./loop-b";\n\nexport const a = () => b;\n',
        "app/features/site/loop-b.ts": 'import { a } from "./loop-a";\n\nexport const b = () => a;\n',
      };
      for (const [file, text] of Object.entries(probes)) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      }
      const biome = path.join(ROOT, "node_modules", ".bin", "biome");
      const run = spawnSync(biome, ["lint", "--vcs-enabled=false", "--max-diagnostics=100", "app"], {
        cwd: dir,
        encoding: "utf8",
      });
      const output = `${run.stdout}${run.stderr}`;
      expect(run.status).toBe(1);
      const flagged = (file: string, rule: string) =>
        new RegExp(`${file.replaceAll(".", "\\.")}:\\d+:\\d+ lint/[a-z]+/${rule}`).test(output);
      expect(flagged("app/features/accounts/probe.ts", "noRestrictedImports")).toBe(true);
      expect(flagged("app/platform/email/probe.ts", "noRestrictedImports")).toBe(true);
      expect(flagged("app/features/site/loop-a.ts", "noImportCycles")).toBe(true);
      expect(output).not.toContain("app/features/cart/probe.ts");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
