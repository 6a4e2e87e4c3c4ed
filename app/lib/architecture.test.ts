/**
 * The layout rules of the README's "Conventions", checked on the source files themselves:
 * - app/lib is the bottom layer: it imports nothing from features or routes;
 * - features never fetch the database themselves: they take `db` as their first parameter and
 *   entry points pass it in: loaders, actions and middleware read it from React Router's context
 *   (`context.get(dbContext)`), server start and scripts call getDb();
 * - one module per business domain: features/admin is the admin shell, never an admin copy of a domain;
 * - production code never imports the seed (app/db/seed): the seed imports features, not the other way round.
 */
import fs from "node:fs";
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
});
