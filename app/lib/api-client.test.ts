import { describe, expect, it, vi } from "vitest";
import { type ApiError, apiFetch } from "./api-client";

function answering(body: string, init: ResponseInit = {}) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(body, init));
}

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error("it did not throw");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  const { status, message } = error as ApiError;
  return { status, message };
}

describe("apiFetch", () => {
  it("answers the JSON body, asking for JSON and passing the request on", async () => {
    const fetch = answering(JSON.stringify({ items: [1] }), { headers: { "Content-Type": "application/json" } });
    const body = new URLSearchParams({ intent: "add" });
    expect(await apiFetch("/api/cart", { method: "POST", body }, fetch)).toEqual({ items: [1] });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/cart");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(body);
    expect(new Headers(init?.headers).get("Accept")).toBe("application/json");
  });

  it("keeps the caller's headers and every other option (signal, cache, keepalive)", async () => {
    const fetch = answering("{}");
    const signal = new AbortController().signal;
    const headers = { Accept: "text/plain", "X-Test": "1" };
    await apiFetch("/x", { headers, signal, cache: "no-store", keepalive: true }, fetch);
    const init = fetch.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get("Accept")).toBe("text/plain");
    expect(new Headers(init.headers).get("X-Test")).toBe("1");
    expect([init.signal, init.cache, init.keepalive]).toEqual([signal, "no-store", true]);
  });

  it("throws the server's { message } with the status", async () => {
    const fetch = answering(JSON.stringify({ message: "Attempt not found." }), { status: 404 });
    expect(await refusalOf(apiFetch("/a", {}, fetch))).toEqual({ status: 404, message: "Attempt not found." });
  });

  it("throws a form refusal's formError when it has no message", async () => {
    const form = answering(JSON.stringify({ formError: "Sold items cannot be deleted.", fieldErrors: {} }), {
      status: 409,
    });
    expect(await refusalOf(apiFetch("/a", {}, form))).toEqual({
      status: 409,
      message: "Sold items cannot be deleted.",
    });
  });

  it("says the status when a refusal carries no message or is not JSON (a proxy's page)", async () => {
    const empty = answering("{}", { status: 500 });
    expect(await refusalOf(apiFetch("/a", {}, empty))).toEqual({ status: 500, message: "The server answered 500." });
    const html = answering("<html>Bad gateway</html>", { status: 502 });
    expect(await refusalOf(apiFetch("/a", {}, html))).toEqual({ status: 502, message: "The server answered 502." });
  });

  it("refuses a 2xx that is not JSON (a sign-in page), keeping its status", async () => {
    const html = answering("<html>Log in</html>", { status: 200 });
    expect(await refusalOf(apiFetch("/a", {}, html))).toEqual({ status: 200, message: "The server answered 200." });
  });

  it("says the connection failed, with status 0, when no answer came", async () => {
    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await refusalOf(apiFetch("/a", {}, offline))).toEqual({
      status: 0,
      message: "Could not reach the server.",
    });
  });

  it("uses the browser's fetch when none is given", async () => {
    const fetch = answering(JSON.stringify({ user: null }));
    vi.stubGlobal("fetch", fetch);
    try {
      expect(await apiFetch("/api/me")).toEqual({ user: null });
      expect(fetch).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
