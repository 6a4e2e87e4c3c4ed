// The primary process of `npm start` with PostgreSQL and more than one server process
// (WEB_CONCURRENCY, default one per core): it forks the workers (each runs server.js's HTTP server;
// node:cluster shares the port), starts a new one when one dies, and passes SIGTERM/SIGINT on to
// all of them, exiting once every worker has drained and closed its database pool.
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";

// Must match app/lib/metrics.server.ts: a worker asks for the metrics of every process.
const METRICS_ASK = "commerce-academy:metrics";
const METRICS_ANSWER = "commerce-academy:metrics-answer";

/** More deaths than this within RESTART_WINDOW_MS means something is wrong with every worker: stop. */
const MAX_RESTARTS = 10;
const RESTART_WINDOW_MS = 60_000;

/**
 * @param {{ workers: number, logger: import("pino").Logger, shutdownTimeoutMs: number }} options
 */
export function runPrimary({ workers, logger, shutdownTimeoutMs }) {
  let stopping = false;
  let failed = false;
  let stopSignal = "SIGTERM";
  const restarts = [];
  const listening = new Set();

  const stopAll = (signal) => {
    if (stopping) return;
    stopping = true;
    stopSignal = signal;
    logger.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, "shutting down: stopping the workers");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each worker stops within its own limit; one that hangs past it is killed.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, shutdownTimeoutMs + 1000).unref();
  };

  cluster.on("listening", (worker) => listening.add(worker.id));
  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    if (stopping) {
      // Stopped by the signal passed on (one still starting has no handler yet): that is a clean stop.
      if (code !== 0 && signal !== stopSignal) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!wasListening) {
      // A worker that never got to listen (the database unreachable, a bad migration) would fail again.
      logger.error({ pid: worker.process.pid, code, signal }, "a server process failed to start: stopping");
      failed = true;
      stopAll("SIGTERM");
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      logger.error({ restarts: restarts.length }, "server processes keep dying: stopping");
      failed = true;
      stopAll("SIGTERM");
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "a server process died: starting another");
    cluster.fork();
  });

  // /metrics in a worker: the sum over all workers (prom-client asks each for its registry).
  const metrics = new AggregatorRegistry();
  cluster.on("message", (worker, message) => {
    if (message?.type !== METRICS_ASK) return;
    metrics.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_ANSWER, id: message.id, text }),
      (error) => worker.send({ type: METRICS_ANSWER, id: message.id, error: String(error?.message ?? error) }),
    );
  });

  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGINT"));
  for (let i = 0; i < workers; i++) cluster.fork();
  logger.info({ workers, pid: process.pid }, "started the server processes");
}
