/**
 * What the metrics and the request id add to every request (issue 37), measured alone: the work
 * server.js now does per request before answering (a UUID for X-Request-Id, a `finish` listener,
 * the route label from its memo, one counter and one histogram observation).
 * `npx tsx bench/metrics-overhead.ts`
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { observeRequest } from "../app/lib/metrics.server";

const N = 1_000_000;
const labels = new Map<string, string>([["/courses/12", "/courses/:id"]]);
function perRequest() {
  const res = new EventEmitter();
  const started = performance.now();
  const id = randomUUID();
  res.once("finish", () => {
    observeRequest(labels.get("/courses/12") ?? "unmatched", "GET", 200, (performance.now() - started) / 1000);
  });
  res.emit("finish");
  return id;
}
function baseline() {
  const res = new EventEmitter();
  res.emit("finish");
}
for (const [name, fn] of [
  ["an EventEmitter and its finish (what any request has)", baseline],
  ["plus id, listener, label and two observations", perRequest],
] as const) {
  for (let i = 0; i < 100_000; i++) fn();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) fn();
  const us = ((performance.now() - t0) * 1000) / N;
  console.log(`${name}: ${us.toFixed(2)} µs per request`);
}
