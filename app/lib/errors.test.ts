import { describe, expect, it } from "vitest";
import { asResponse, HttpError, invariantResponse, methodNotAllowed } from "./errors";

function unwrap(value: unknown) {
  const v = value as { type: string; data: unknown; init: ResponseInit | null };
  expect(v.type).toBe("DataWithResponseInit");
  return { data: v.data, status: v.init?.status, cacheControl: new Headers(v.init?.headers).get("Cache-Control") };
}

function allowOf(value: unknown) {
  return new Headers((value as { init: ResponseInit }).init.headers).get("Allow");
}

function thrownBy(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("invariantResponse", () => {
  it("does nothing when the condition holds", () => {
    expect(() => invariantResponse(1, "never")).not.toThrow();
  });

  it("throws a { message } response, 400 unless said, never cached", () => {
    expect(unwrap(thrownBy(() => invariantResponse(null, "Unknown action.")))).toEqual({
      data: { message: "Unknown action." },
      status: 400,
      cacheControl: "no-store",
    });
    expect(unwrap(thrownBy(() => invariantResponse(false, "Item not found.", 404))).status).toBe(404);
  });
});

describe("HttpError and asResponse", () => {
  it("carries the status, the message and the field", () => {
    const error = new HttpError(409, "Sold items cannot be deleted.", { field: "status" });
    expect(error).toBeInstanceOf(Error);
    expect([error.status, error.message, error.field, error.name]).toEqual([
      409,
      "Sold items cannot be deleted.",
      "status",
      "HttpError",
    ]);
  });

  it("becomes the response with its status; other errors stay as they are", () => {
    expect(unwrap(asResponse(new HttpError(404, "Coupon not found.")))).toEqual({
      data: { message: "Coupon not found." },
      status: 404,
      cacheControl: "no-store",
    });
    const bug = new RangeError("bug");
    expect(asResponse(bug)).toBe(bug);
  });
});

describe("methodNotAllowed", () => {
  it("answers 405 with Allow and the one { message } shape, never cached", () => {
    const post = methodNotAllowed(["POST"]);
    expect(unwrap(post)).toEqual({ data: { message: "Use POST." }, status: 405, cacheControl: "no-store" });
    expect(allowOf(post)).toBe("POST");
    const two = methodNotAllowed(["POST", "PUT"]);
    expect(unwrap(two)).toEqual({ data: { message: "Use POST or PUT." }, status: 405, cacheControl: "no-store" });
    expect(allowOf(two)).toBe("POST, PUT");
  });
});
