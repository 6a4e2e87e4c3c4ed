import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idSchema, MAX_ID, paramId, parseId } from "./id";

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    const v = error as { type: string; data: unknown; init: ResponseInit | null };
    expect(v.type).toBe("DataWithResponseInit");
    return { data: v.data, status: v.init?.status, cacheControl: new Headers(v.init?.headers).get("Cache-Control") };
  }
  throw new Error("nothing was thrown");
}

const MALFORMED = [undefined, null, "", "0", "-1", "012", "1.5", "1e3", " 1", "1 ", "0x1", "+1", "abc", "1/2", "２"];

describe("parseId", () => {
  it("reads an id as a URL writes it", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("19")).toBe(19);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it("is null for anything else, however Number() would read it", () => {
    for (const raw of [...MALFORMED, String(MAX_ID + 1), "99999999999", "99999999999999999999"]) {
      expect(parseId(raw), String(raw)).toBeNull();
    }
  });

  it("is stricter than idSchema, which a form may hand a number", () => {
    expect(idSchema.safeParse("1e3").success).toBe(true);
    expect(parseId("1e3")).toBeNull();
  });
});

describe("paramId", () => {
  it("answers the id", () => {
    expect(paramId("42", "Item not found.")).toBe(42);
  });

  it("throws a 404 { message } for a malformed id, never cached", () => {
    for (const raw of [undefined, "0", "1e3", "2147483648", "<script>"]) {
      expect(refusal(() => paramId(raw ?? undefined, "Item not found."))).toEqual({
        data: { message: "Item not found." },
        status: 404,
        cacheControl: "no-store",
      });
    }
    expect(refusal(() => paramId("x")).data).toEqual({ message: "Not found." });
  });

  it("reads an id of another type with its schema", () => {
    const uuid = "9b2f1c3e-8d7a-4e5f-9a1b-2c3d4e5f6a7b";
    expect(paramId(uuid, "Order not found.", z.uuid())).toBe(uuid);
    expect(refusal(() => paramId("12", "Order not found.", z.uuid()))).toEqual({
      data: { message: "Order not found." },
      status: 404,
      cacheControl: "no-store",
    });
  });
});
