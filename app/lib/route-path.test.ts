import { describe, expect, it } from "vitest";
import { isPersonalisedPath, routePath } from "./route-path";

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
