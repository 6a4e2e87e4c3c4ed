/**
 * The server's metrics in Prometheus's text format (prom-client), served at `/metrics` to loopback
 * or with METRICS_TOKEN (server/app.ts; docs/running.md shows a scrape config and alerts):
 * - requests by route pattern, method and status, with a latency histogram (server.js observes
 *   every request, page-cache hits included);
 * - the Node process (prom-client's defaults: CPU, memory, event-loop lag and its percentiles, GC);
 * - the PostgreSQL pool (connections in use, idle, waiting), the job queue (jobs waiting by queue,
 *   job durations by name and outcome: the video transcodes are the `video.transcode` job), and the
 *   PDF pool (threads, jobs by kind and outcome with their durations).
 * It is in lib, the bottom layer, so that every layer may report to it; state owned above (the
 * database pool, the queue) is read through a reader its owner registers (`registerReader`).
 */
import cluster from "node:cluster";
import { randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { AggregatorRegistry, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });
// Several server processes (node:cluster, PostgreSQL): the primary sums the workers' registries
// (server/primary.js answers `metricsOfAllProcesses`); a worker answers the primary's requests.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The requests' counter and latency histogram, kept as a plain tally per (route, method, status)
 * and turned into Prometheus's series only when scraped: prom-client's own Counter and Histogram
 * hash their labels on every call (~2.5 µs a request), this costs a Map look-up (measured in
 * bench/metrics-overhead.ts). At most MAX_SERIES label sets; more go under route "other".
 */
interface Tally {
  labels: { route: string; method: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last slot is over the largest bound. */
  buckets: number[];
}
const tallies = new Map<string, Tally>();
const MAX_SERIES = 2000;

/** One request answered: `route` is a pattern (`/courses/:id`), never the raw URL. */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  const m = KNOWN_METHODS.has(method) ? method : "other";
  const key = `${route} ${m} ${status}`;
  let tally = tallies.get(key);
  if (!tally) {
    if (tallies.size >= MAX_SERIES && route !== "other") return observeRequest("other", method, status, seconds);
    tally = { labels: { route, method: m, status: String(status) }, count: 0, sum: 0, buckets: SECONDS.map(() => 0) };
    tally.buckets.push(0);
    tallies.set(key, tally);
  }
  tally.count++;
  tally.sum += seconds;
  let i = 0;
  while (i < SECONDS.length && seconds > (SECONDS[i] as number)) i++;
  tally.buckets[i] = (tally.buckets[i] as number) + 1;
}

const REQUESTS = "http_requests_total";
const REQUESTS_HELP = "Requests answered, by route pattern, method and status";
const DURATION = "http_request_duration_seconds";
const DURATION_HELP = "Time from the request's arrival to the end of its answer, by route pattern, method and status";
type Value = { labels: Record<string, string | number>; value: number; metricName?: string };
// Registered as prom-client's registry takes any metric: a name and a `get()` (summed over cluster workers).
registry.registerMetric({
  name: REQUESTS,
  get: async () => ({
    name: REQUESTS,
    help: REQUESTS_HELP,
    type: "counter",
    aggregator: "sum",
    values: [...tallies.values()].map((t): Value => ({ labels: t.labels, value: t.count })),
  }),
} as never);
registry.registerMetric({
  name: DURATION,
  get: async () => {
    const values: Value[] = [];
    for (const t of tallies.values()) {
      let cumulative = 0;
      SECONDS.forEach((le, i) => {
        cumulative += t.buckets[i] as number;
        values.push({ labels: { le, ...t.labels }, value: cumulative, metricName: `${DURATION}_bucket` });
      });
      values.push({ labels: { le: "+Inf", ...t.labels }, value: t.count, metricName: `${DURATION}_bucket` });
      values.push({ labels: t.labels, value: t.sum, metricName: `${DURATION}_sum` });
      values.push({ labels: t.labels, value: t.count, metricName: `${DURATION}_count` });
    }
    return { name: DURATION, help: DURATION_HELP, type: "histogram", aggregator: "sum", values };
  },
} as never);
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const jobDuration = new Histogram({
  name: "job_duration_seconds",
  help: "Background jobs run by this process, by job name and outcome (done, failed)",
  labelNames: ["name", "outcome"] as const,
  buckets: [0.05, 0.25, 1, 5, 15, 60, 300, 1800],
  registers: [registry],
});
export function observeJob(name: string, outcome: "done" | "failed", seconds: number) {
  jobDuration.observe({ name, outcome }, seconds);
}

const pdfDuration = new Histogram({
  name: "pdf_job_duration_seconds",
  help: "PDF jobs (invoices, credit notes, stamped notes, reports) by kind and outcome (done, failed)",
  labelNames: ["job", "outcome"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});
export function observePdfJob(job: string, outcome: "done" | "failed", seconds: number) {
  pdfDuration.observe({ job, outcome }, seconds);
}

/** Readers of state owned elsewhere, asked at each scrape. */
interface Readers {
  dbPool?: () => { total: number; idle: number; waiting: number } | undefined;
  queueDepth?: () => Promise<Record<string, number>>;
  pdfThreads?: () => number;
  /** Unix seconds of the last good scheduled backup, undefined before the first. */
  lastBackup?: () => Promise<number | undefined>;
}
const readers: Readers = {};
export function registerReader<K extends keyof Readers>(name: K, read: Readers[K]) {
  readers[name] = read;
}

new Gauge({
  name: "db_pool_connections",
  help: "PostgreSQL pool connections of this process by state (total, idle, waiting requests); absent on PGlite",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = readers.dbPool?.();
    if (!pool) return;
    this.set({ state: "total" }, pool.total);
    this.set({ state: "idle" }, pool.idle);
    this.set({ state: "waiting" }, pool.waiting);
  },
});

new Gauge({
  name: "job_queue_waiting",
  help: "Jobs waiting in each queue (all instances: the queue is in the database)",
  labelNames: ["queue"] as const,
  // Every process reads the same table: across processes the largest, not the sum.
  aggregator: "max",
  registers: [registry],
  async collect() {
    this.reset();
    const depth = await readers.queueDepth?.().catch(() => undefined);
    for (const [queue, waiting] of Object.entries(depth ?? {})) this.set({ queue }, waiting);
  },
});

new Gauge({
  name: "pdf_pool_threads",
  help: "Worker threads of the PDF pool alive now",
  registers: [registry],
  collect() {
    this.set(readers.pdfThreads?.() ?? 0);
  },
});

new Gauge({
  name: "backup_last_success_timestamp_seconds",
  help: "When the last good scheduled backup finished (Unix seconds); 0 before the first",
  registers: [registry],
  aggregator: "max",
  async collect() {
    this.reset();
    const at = await readers.lastBackup?.().catch(() => undefined);
    if (at !== undefined) this.set(at);
  },
});

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Whether a request may read the metrics: with `Authorization: Bearer <METRICS_TOKEN>`, or straight
 * from loopback (a request a proxy passed on carries X-Forwarded-For or Forwarded, and is not
 * straight from loopback even though its socket is).
 */
export function mayReadMetrics(req: IncomingMessage, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && typeof auth === "string" && auth.startsWith("Bearer ")) {
    const given = Buffer.from(auth.slice("Bearer ".length));
    const wanted = Buffer.from(token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  const proxied = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.has(req.socket.remoteAddress ?? "");
}

export const METRICS_ASK = "commerce-academy:metrics";
export const METRICS_ANSWER = "commerce-academy:metrics-answer";

/**
 * The metrics text of this process, or, in a cluster worker, of every process (asked of the
 * primary over IPC, within 5 s).
 */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary process did not answer"));
    }, 5000);
    function onMessage(message: { type?: string; id?: string; text?: string; error?: string }) {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (typeof message.text === "string") resolve(message.text);
      else reject(new Error(message.error ?? "no metrics"));
    }
    process.on("message", onMessage);
    process.send?.({ type: METRICS_ASK, id });
  });
}
