import { describe, expect, it } from "vitest";
import { isCrossOriginMutation } from "./origin.server";

const allowed = ["https://shop.example", "http://127.0.0.1:4000"];

describe("isCrossOriginMutation", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossOriginMutation("GET", { origin: "https://evil.example" }, allowed)).toBe(false);
    expect(isCrossOriginMutation("HEAD", { secFetchSite: "cross-site" }, allowed)).toBe(false);
  });

  it("accepts a POST from our own origin", () => {
    expect(isCrossOriginMutation("POST", { origin: "https://shop.example" }, allowed)).toBe(false);
    expect(isCrossOriginMutation("POST", { origin: "http://127.0.0.1:4000" }, allowed)).toBe(false);
  });

  it("refuses a POST, PUT or DELETE from another origin or an opaque one", () => {
    expect(isCrossOriginMutation("POST", { origin: "https://evil.example" }, allowed)).toBe(true);
    expect(isCrossOriginMutation("delete", { origin: "https://shop.example.evil.example" }, allowed)).toBe(true);
    expect(isCrossOriginMutation("PUT", { origin: "null" }, allowed)).toBe(true);
  });

  it("falls back to Sec-Fetch-Site when there is no Origin", () => {
    expect(isCrossOriginMutation("POST", { secFetchSite: "cross-site" }, allowed)).toBe(true);
    expect(isCrossOriginMutation("POST", { secFetchSite: "same-origin" }, allowed)).toBe(false);
    expect(isCrossOriginMutation("POST", {}, allowed)).toBe(false);
  });
});
