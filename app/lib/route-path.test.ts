import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isPersonalisedPath, isSharedPagePath, PAGE_QUERY_PARAMS, routePath } from "./route-path";

describe("routePath", () => {
  it("is the path React Router matches: decoded, lower case, without .data, /_root or a trailing slash", () => {
    expect(routePath("/")).toBe("/");
    expect(routePath("/_root.data")).toBe("/");
    expect(routePath("/login.data")).toBe("/login");
    expect(routePath("/Login/")).toBe("/login");
    expect(routePath("//account//orders")).toBe("/account/orders");
    expect(routePath("/%61ccount")).toBe("/account");
    expect(routePath("/checkout/pay/ABC.data")).toBe("/checkout/pay/abc");
    expect(routePath("/bad%zzescape")).toBe("/bad%zzescape");
  });
});

describe("isPersonalisedPath", () => {
  it("covers account, checkout, my courses, admin and downloads, with their .data, in any spelling", () => {
    for (const path of [
      "/account",
      "/account.data",
      "/account/orders/1/invoice",
      "/checkout",
      "/checkout.data",
      "/checkout/pay/x.data",
      "/my-courses",
      "/my-courses/3.data",
      "/admin",
      "/admin/sales/ledger.csv",
      "/downloads/7",
      "/Account",
      "/%61dmin",
    ]) {
      expect(isPersonalisedPath(path), path).toBe(true);
    }
  });

  it("leaves public pages alone", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/courses",
      "/courses/1.data",
      "/accounts",
      "/checkouts",
      "/api/cart",
      "/login",
    ]) {
      expect(isPersonalisedPath(path), path).toBe(false);
    }
  });
});

describe("isSharedPagePath", () => {
  it("admits the catalog documents that look the same to everyone", () => {
    for (const path of [
      "/",
      "/about",
      "/toppers",
      "/courses",
      "/notes/std/11",
      "/pyq/std/12",
      "/courses/12",
      "/notes/7",
    ]) {
      expect(isSharedPagePath(path), path).toBe(true);
    }
  });

  it("refuses personal pages, data requests, forms and anything unusual", () => {
    for (const path of [
      "/my-courses",
      "/account",
      "/checkout",
      "/contact",
      "/login",
      "/admin",
      "/api/me",
      "/courses.data",
      "/_root.data",
      "/courses/12.data",
      "/courses/std/10",
      "/courses/0",
      "/Courses/12",
      "/courses/12/",
      "//courses",
    ]) {
      expect(isSharedPagePath(path), path).toBe(false);
    }
  });
});

describe("PAGE_QUERY_PARAMS", () => {
  it("names every query parameter a page the page cache may store reads", () => {
    // Pages under personalised paths are never stored (private, no-store): they may read any parameter.
    const personal = new Set([
      "checkout.tsx",
      "checkout-pay.tsx",
      "course-player.tsx",
      "my-courses.tsx",
      "practice-start.tsx",
      "practice-attempt.tsx",
      "practice-attempts.tsx",
      "download.ts",
    ]);
    const routes = path.resolve(import.meta.dirname, "..", "routes");
    const read = new Map<string, string>();
    for (const dir of ["store", "auth", "seo"]) {
      for (const name of fs.readdirSync(path.join(routes, dir))) {
        if (personal.has(name)) continue;
        const source = fs.readFileSync(path.join(routes, dir, name), "utf8");
        for (const match of source.matchAll(/searchParams\.(?:get|getAll|has)\("([^"]+)"\)/g)) {
          read.set(match[1]!, `${dir}/${name}`);
        }
        // A page that reads its whole query cannot be checked name by name: it must be personal.
        expect(source, `${dir}/${name}`).not.toMatch(/fromEntries\([^)]*searchParams/);
      }
    }
    expect(read.size).toBeGreaterThan(0);
    for (const [param, file] of read) expect(PAGE_QUERY_PARAMS.has(param), `${param} (${file})`).toBe(true);
  });
});
