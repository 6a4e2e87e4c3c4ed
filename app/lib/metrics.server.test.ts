import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { mayReadMetrics, observeRequest, registry } from "./metrics.server";

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

describe("the requests' counter and histogram", () => {
  it("counts each (route, method, status) and fills the buckets cumulatively, as Prometheus reads them", async () => {
    for (const seconds of [0.004, 0.02, 0.02, 0.3, 12]) observeRequest("/test/:id", "GET", 200, seconds);
    observeRequest("/test/:id", "BREW", 405, 0.001);
    const text = await registry.metrics();
    const value = (line: string) =>
      Number(new RegExp(`^${line.replace(/[{}()[\]+.*?^$|\\]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1]);
    const labels = 'route="/test/:id",method="GET",status="200"';
    expect(value(`http_requests_total{${labels}}`)).toBe(5);
    expect(value(`http_request_duration_seconds_bucket{le="0.005",${labels}}`)).toBe(1);
    expect(value(`http_request_duration_seconds_bucket{le="0.025",${labels}}`)).toBe(3);
    expect(value(`http_request_duration_seconds_bucket{le="0.25",${labels}}`)).toBe(3);
    expect(value(`http_request_duration_seconds_bucket{le="0.5",${labels}}`)).toBe(4);
    expect(value(`http_request_duration_seconds_bucket{le="10",${labels}}`)).toBe(4);
    expect(value(`http_request_duration_seconds_bucket{le="+Inf",${labels}}`)).toBe(5);
    expect(value(`http_request_duration_seconds_count{${labels}}`)).toBe(5);
    expect(value(`http_request_duration_seconds_sum{${labels}}`)).toBeCloseTo(12.344, 6);
    // A made-up method is counted, under "other", not under its own name.
    expect(value('http_requests_total{route="/test/:id",method="other",status="405"}')).toBe(1);
    expect(text).not.toContain("BREW");
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });
});
