import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import { describe, expect, it } from "vitest";
import { discardUnreadBodyAfterAnswer } from "./request-body";

describe("a request answered before its body was read to the end", () => {
  it("leaves the keep-alive connection usable: five refused 1 MB forms in a row all get their answer", async () => {
    const server = http.createServer(async (req, res) => {
      discardUnreadBodyAfterAnswer(req, res);
      // As React Router reads a form: through a web stream over the request, stopping at the limit.
      const reader = createReadableStreamFromReadable(req).getReader();
      await reader.read();
      reader.releaseLock();
      res.writeHead(413, { "content-type": "text/plain" }).end("The form is too large.");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/login`;
    const body = Buffer.alloc(1_000_000, "a=1&");
    try {
      for (let i = 0; i < 5; i++) {
        const res = await fetch(url, { method: "POST", body });
        expect(res.status, `request ${i + 1}`).toBe(413);
        expect(await res.text()).toBe("The form is too large.");
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
