import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginSchema, parseGuestCart, safeRedirectTo, signupSchema } from "./schema";

describe("safeRedirectTo", () => {
  it("keeps same-site relative paths with their query and hash", () => {
    expect(safeRedirectTo("/courses/std/11?x=1#top")).toBe("/courses/std/11?x=1#top");
    expect(safeRedirectTo("/admin")).toBe("/admin");
  });

  it("refuses other sites, schemes, protocol-relative and backslash tricks, and the auth pages", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "/%0d%0aSet-Cookie:x",
      "/\tevil",
      "courses",
      "/login?redirectTo=/admin",
      "/logout",
      "",
      null,
      42,
    ]) {
      const result = safeRedirectTo(bad);
      expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
      if (bad !== "/%0d%0aSet-Cookie:x") expect(result).toBe("/");
    }
  });

  it("checks the target after normalising it: dot segments cannot make a protocol-relative URL", () => {
    for (const bad of [
      "/.//evil.example",
      "/../..//evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example/x?y=1",
      "/./\\evil.example",
    ]) {
      expect(safeRedirectTo(bad), bad).toBe("/");
    }
    expect(safeRedirectTo("/courses/./std/../std/12")).toBe("/courses/std/12");
  });

  it("never leaves the site, built from the pieces of such tricks", () => {
    const piece = fc.constantFrom("/", ".", "..", "%2e", "%2F", "\\", "evil.example", "@", ":", "?", "#", "a");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const out = safeRedirectTo(`/${pieces.join("")}`);
        expect(out.startsWith("//")).toBe(false);
        expect(new URL(out, "https://shop.example").origin).toBe("https://shop.example");
      }),
      { numRuns: 2000 },
    );
  });

  it("never leaves the site, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = safeRedirectTo(s);
        expect(new URL(out, "https://shop.example").origin).toBe("https://shop.example");
      }),
    );
  });
});

describe("parseGuestCart", () => {
  it("reads the cart-storage JSON of the storefront", () => {
    const json = JSON.stringify({ state: { items: [{ id: 3, title: "A" }, { id: 7 }, { id: 3 }] }, version: 0 });
    expect(parseGuestCart(json)).toEqual([3, 7]);
  });

  it("reads comma-separated ids and ignores junk", () => {
    expect(parseGuestCart("1, 2,abc,-3,0,2,99999999999")).toEqual([1, 2]);
    expect(parseGuestCart("{not json")).toEqual([]);
    expect(parseGuestCart(JSON.stringify({ state: { items: "nope" } }))).toEqual([]);
    expect(parseGuestCart(undefined)).toEqual([]);
  });

  it("caps the number of ids", () => {
    const many = Array.from({ length: 500 }, (_, i) => i + 1).join(",");
    expect(parseGuestCart(many)).toHaveLength(100);
  });
});

describe("form schemas", () => {
  it("normalises the email and checks the password length", () => {
    expect(signupSchema.parse({ name: " Asha ", email: " Asha@Example.COM ", password: "12345678" })).toEqual({
      name: "Asha",
      email: "asha@example.com",
      password: "12345678",
    });
    expect(signupSchema.safeParse({ name: "A", email: "a@example.com", password: "1234567" }).success).toBe(false);
    expect(loginSchema.safeParse({ email: "a@b", password: "x" }).success).toBe(false);
  });
});
