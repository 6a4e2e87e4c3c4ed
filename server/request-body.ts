/**
 * A request answered before its body was read to the end (a form refused at its size or field
 * limit as soon as the limit is passed, app/lib/form.server.ts) keeps its connection usable: once
 * the answer is sent, the rest of the body is read and thrown away. Node does that by itself only
 * for a body nobody started reading; one that was read in part would stay on the wire, in the way
 * of the next request on that keep-alive connection (which then fails with ECONNRESET).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export function discardUnreadBodyAfterAnswer(req: IncomingMessage, res: ServerResponse) {
  if (req.method === "GET" || req.method === "HEAD") return;
  res.once("finish", () => {
    if (req.readableEnded || req.destroyed) return;
    // Whoever was reading (the Fetch API's stream over the request) is done with it.
    req.removeAllListeners("data");
    req.resume();
  });
}
