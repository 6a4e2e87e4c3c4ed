import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, currentRequestId, withRequestId } from "./log.server";

function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(destination), lines };
}

describe("the app's log", () => {
  it("a line written while a request is answered carries its id, after awaits and in concurrent requests", async () => {
    const { logger, lines } = memoryLogger();
    const answer = (id: string, ms: number) =>
      withRequestId(id, async () => {
        logger.warn("started");
        await new Promise((r) => setTimeout(r, ms));
        logger.warn({ orderId: "o-1" }, "finished");
        return currentRequestId();
      });
    expect(await Promise.all([answer("req-a", 20), answer("req-b", 5)])).toEqual(["req-a", "req-b"]);
    logger.warn("outside any request");
    await new Promise((r) => setImmediate(r));
    const by = (msg: string) => lines.filter((l) => l.msg === msg).map((l) => l.reqId);
    expect(by("started")).toEqual(["req-a", "req-b"]);
    expect(by("finished").sort()).toEqual(["req-a", "req-b"]);
    expect(lines.find((l) => l.msg === "finished")).toMatchObject({ orderId: "o-1", level: 40 });
    expect(lines.find((l) => l.msg === "outside any request")).not.toHaveProperty("reqId");
  });

  it("server.js and the server build share one request scope (the same global instance)", async () => {
    const { requestScope } = await import("../../server/request-log.js");
    expect(requestScope.run({ id: "from-server-js" }, () => currentRequestId())).toBe("from-server-js");
  });
});
