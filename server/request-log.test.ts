import { Writable } from "node:stream";
import pino from "pino";
import { pinoHttp } from "pino-http";
import { describe, expect, it } from "vitest";
import { requestLogOptions } from "./request-log.js";

/** Runs one fake request through pino-http with our options and returns what it logged. */
function logOf(
  url: string,
  status: number,
  headers: Record<string, string> = {},
  originalUrl = url,
  reqHeaders: Record<string, string> = {},
  answered: Record<string, string> = {},
) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).trim().split("\n")) lines.push(JSON.parse(line));
      done();
    },
  });
  const log = pinoHttp({ logger: pino({ level: "info" }, sink), ...requestLogOptions });
  const listeners: Record<string, (() => void)[]> = {};
  const req = { method: "GET", url, originalUrl, headers: reqHeaders, socket: {}, on() {} } as never;
  const resHeaders = Object.assign(answered, headers);
  const res = {
    statusCode: status,
    headersSent: false,
    setHeader: (name: string, value: string) => {
      resHeaders[name.toLowerCase()] = value;
    },
    getHeader: (name: string) => resHeaders[name],
    getHeaders: () => resHeaders,
    on(event: string, fn: () => void) {
      listeners[event] = [...(listeners[event] ?? []), fn];
    },
    removeListener() {},
  } as never;
  log(req, res);
  for (const fn of listeners.finish ?? []) fn();
  return lines;
}

describe("request log", () => {
  it("logs a page at info and a static file not at all at info (debug)", () => {
    expect(logOf("/courses", 200)).toMatchObject([{ level: 30, req: { url: "/courses" } }]);
    for (const url of ["/assets/home-D9G_wxpB.js", "/images/covers/accountancy-course.svg", "/favicon.ico"]) {
      expect(logOf(url, 200), url).toEqual([]);
    }
    // Served under app.use("/assets", …): Express has cut the mount from req.url, originalUrl keeps it.
    expect(logOf("/home-D9G_wxpB.js", 200, {}, "/assets/home-D9G_wxpB.js")).toEqual([]);
  });

  it("logs a planned 503 (maintenance, outage) as a warning without an error or stack", () => {
    const [line] = logOf("/", 503, { "Retry-After": "600" });
    expect(line).toMatchObject({ level: 40, msg: "request answered 503: unavailable for now (planned)" });
    expect(JSON.stringify(line)).not.toMatch(/stack|"err"/);
  });

  it("logs an unplanned 5xx as an error with its stack, a 4xx as a warning", () => {
    const [failed] = logOf("/", 500);
    expect(failed).toMatchObject({ level: 50, err: { message: "failed with status code 500" } });
    expect(String((failed!.err as { stack: string }).stack)).toMatch(/at /);
    expect(logOf("/no-such-page", 404)).toMatchObject([{ level: 40 }]);
    // A missing static file is worth a line: a broken link or an old build.
    expect(logOf("/assets/gone-123.js", 404)).toMatchObject([{ level: 40 }]);
  });

  it("gives each request an id, in its line and its answer: the proxy's when sane, else a new UUID", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const answered: Record<string, string> = {};
    const [mine] = logOf("/courses", 200, {}, "/courses", {}, answered);
    const id = (line: Record<string, unknown> | undefined) => (line?.req as { id?: string } | undefined)?.id;
    expect(id(mine)).toMatch(uuid);
    expect(answered["x-request-id"]).toBe(id(mine));
    const [given] = logOf("/courses", 200, {}, "/courses", { "x-request-id": "lb-1f2e.3:9_a" }, answered);
    expect(id(given)).toBe("lb-1f2e.3:9_a");
    expect(answered["x-request-id"]).toBe("lb-1f2e.3:9_a");
    for (const bad of ["a b", "<x>", "x".repeat(65), ""]) {
      const [line] = logOf("/courses", 200, {}, "/courses", { "x-request-id": bad });
      expect(id(line), bad).toMatch(uuid);
    }
  });
});
