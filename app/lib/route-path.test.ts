import { describe, expect, it } from "vitest";
import { isPersonalisedPath, isSharedPagePath, routePath } from "./route-path";

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
