import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { mayReadMetrics } from "./metrics.server";

const TOKEN = "0123456789abcdef0123456789abcdef";
const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe("who may read /metrics", () => {
  it("loopback straight, without a token", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect(mayReadMetrics(request(address), undefined)).toBe(true);
    }
  });

  it("not a request a proxy on the same machine passed on, nor another machine, without the token", () => {
    expect(mayReadMetrics(request("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }), undefined)).toBe(false);
    expect(mayReadMetrics(request("127.0.0.1", { forwarded: "for=203.0.113.9" }), TOKEN)).toBe(false);
    expect(mayReadMetrics(request("203.0.113.9"), undefined)).toBe(false);
    expect(mayReadMetrics(request("203.0.113.9", { authorization: `Bearer ${TOKEN}` }), undefined)).toBe(false);
  });

  it("anyone with the token, and nobody with another of the same length or a prefix of it", () => {
    expect(mayReadMetrics(request("203.0.113.9", { authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
    const proxied = { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" };
    expect(mayReadMetrics(request("127.0.0.1", proxied), TOKEN)).toBe(true);
    const wrong = `${TOKEN.slice(0, -1)}0`;
    expect(mayReadMetrics(request("203.0.113.9", { authorization: `Bearer ${wrong}` }), TOKEN)).toBe(false);
    expect(mayReadMetrics(request("203.0.113.9", { authorization: `Bearer ${TOKEN.slice(0, 8)}` }), TOKEN)).toBe(false);
    expect(mayReadMetrics(request("203.0.113.9", { authorization: TOKEN }), TOKEN)).toBe(false);
  });
});
