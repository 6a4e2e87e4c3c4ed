/**
 * The background job queue: pg-boss on the app's own database (docs/decisions/0014-job-queue.md).
 * On PostgreSQL it opens a small pool of its own; on the embedded PGlite it runs its SQL through
 * the PGlite instance the app already holds (pg-boss's `db.executeSql` adapter), so one process
 * owns the data directory as before. Jobs live in the `pgboss` schema, survive restarts and are
 * picked up by whichever instance is free.
 *
 * A domain declares its jobs as `JobDefinition`s; the server starts the queue with them at start-up
 * and stops it (gracefully: running jobs are asked to stop through their AbortSignal) at shutdown.
 */
import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";
import type { DbHandle } from "~/db/client.server";
import { withRequestId } from "~/lib/log.server";
import { observeJob, registerReader } from "~/lib/metrics.server";

export interface JobContext {
  /** Aborted when the server shuts down: a long job stops and fails, to be retried later. */
  signal: AbortSignal;
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export interface JobDefinition<T extends object = object> {
  name: string;
  /** Queue options: retries with back-off; `stately` = at most one queued and one running per singleton key. */
  queue: {
    policy: "standard" | "singleton" | "stately";
    retryLimit: number;
    retryDelay: number;
    retryBackoff: boolean;
    /** A job running longer than this (e.g. its process was killed) is failed and retried. */
    expireInSeconds: number;
  };
  /** How often an idle instance asks for work; an instance that sends a job starts it at once. */
  pollingIntervalSeconds: number;
  run(data: T, ctx: JobContext): Promise<unknown>;
  /** Sent on a timer by every instance, throttled to one job per interval across all of them. */
  every?: { seconds: number };
}

/** pg-boss's `db` adapter over PGlite: parameterised statements go through `query`, scripts through `exec`. */
export function pgliteExecutor(pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return await pglite.query(text, values);
      const results = await pglite.exec(text);
      return results[results.length - 1] ?? { rows: [], fields: [] };
    },
  };
}

function bossFor(handle: DbHandle, opts: { maintenanceIntervalSeconds?: number }) {
  const common = {
    schedule: false, // recurring jobs are throttled sends (below), no cron clock
    supervise: true, // expires jobs of killed processes so they are retried, archives old ones
    // Every 15 s: a job whose process died is noticed soon after its expireInSeconds.
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 15,
  };
  if (handle.kind === "postgres" && handle.url)
    return new PgBoss({ connectionString: handle.url, max: 2, application_name: "commerce-academy-jobs", ...common });
  if (!handle.pglite) throw new Error("The job queue needs PostgreSQL or the embedded PGlite");
  return new PgBoss({ db: pgliteExecutor(handle.pglite), ...common });
}

async function retryOnDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const e = error as { code?: string; message?: string };
      if (attempt >= 5 || (e.code !== "40P01" && !/deadlock detected/.test(e.message ?? ""))) throw error;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 300 * attempt));
    }
  }
}

export interface JobQueue {
  boss: PgBoss;
  /** Enqueues a job and, when this instance works that queue, starts it without waiting for the next poll. */
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  stop(): Promise<void>;
}

const key = Symbol.for("commerce-academy.job-queue");
type G = typeof globalThis & { [key]?: JobQueue };
const g = globalThis as G;

/** The running queue of this process, if the server started one (scripts and tests run jobs directly). */
export function getJobQueue(): JobQueue | undefined {
  return g[key];
}

const startingKey = Symbol.for("commerce-academy.job-queue-starting");
type GS = typeof globalThis & { [startingKey]?: Promise<JobQueue | undefined> };

/** The queue, waiting for it when the server is still starting it; undefined when none is started. */
export async function readyJobQueue(): Promise<JobQueue | undefined> {
  return g[key] ?? (await (globalThis as GS)[startingKey]);
}

export interface QueueOptions {
  log?: (message: string, extra?: Record<string, unknown>) => void;
  maintenanceIntervalSeconds?: number;
  /** Work the queues in this process (false: only send). */
  work?: boolean;
}

export async function startJobQueue(
  handle: DbHandle,
  jobs: JobDefinition[],
  opts: QueueOptions = {},
): Promise<JobQueue> {
  const starting = startQueue(handle, jobs, opts);
  (globalThis as GS)[startingKey] = starting.catch(() => undefined);
  return starting;
}

async function startQueue(handle: DbHandle, jobs: JobDefinition[], opts: QueueOptions): Promise<JobQueue> {
  const log = opts.log ?? (() => {});
  const boss = bossFor(handle, opts);
  let lastError = 0;
  boss.on("error", (error) => {
    // A database outage makes every poll fail: say so at most once a minute.
    if (Date.now() - lastError > 60_000) log(`job queue: ${error.message}`);
    lastError = Date.now();
  });
  await boss.start();
  const controller = new AbortController();
  const workers = new Map<string, string>();
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    // Several processes starting at once (the cluster) each create the queues: pg-boss attaches a
    // partition per queue, and two of those at the same moment can deadlock. It is idempotent, so
    // an existing queue is left alone and a deadlock is retried.
    if (!(await boss.getQueue(job.name)))
      await retryOnDeadlock(() => boss.createQueue(job.name, { name: job.name, ...job.queue }));
    if (opts.work !== false) {
      const workerId = await boss.work<object>(
        job.name,
        { pollingIntervalSeconds: job.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async ([item]) => {
          if (!item) return;
          const started = performance.now();
          try {
            // The job's log lines carry "job:<id>" as their request id (lib/log.server.ts).
            const result = await withRequestId(`job:${item.id}`, () =>
              job.run(item.data ?? {}, {
                signal: controller.signal,
                jobId: item.id,
                retryCount: (item as { retryCount?: number }).retryCount ?? 0,
              }),
            );
            observeJob(job.name, "done", (performance.now() - started) / 1000);
            return result;
          } catch (error) {
            observeJob(job.name, "failed", (performance.now() - started) / 1000);
            log(`job ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`, {
              jobId: item.id,
            });
            throw error;
          }
        },
      );
      workers.set(job.name, workerId);
    }
    if (job.every && job.every.seconds > 0) {
      // pg-boss throttling: one job per window for the whole cluster, whichever instance sends first.
      const window = Math.min(job.every.seconds, 12 * 3600);
      const timer = setInterval(() => {
        boss
          .sendThrottled(job.name, {}, {}, window, "every")
          .then((id) => {
            const worker = workers.get(job.name);
            if (id && worker) boss.notifyWorker(worker);
          })
          .catch(() => {}); // reported by the error handler on the next poll
      }, job.every.seconds * 1000);
      timer.unref();
      timers.push(timer);
    }
  }
  const queue: JobQueue = {
    boss,
    async send(name, data, options = {}) {
      const id = await boss.send(name, data, options);
      const worker = workers.get(name);
      if (id && worker) boss.notifyWorker(worker);
      return id;
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      if (g[key] === queue) {
        g[key] = undefined;
        (globalThis as GS)[startingKey] = undefined;
      }
      controller.abort();
      // Running jobs see the abort and end; what is still running after 3 s is failed and retried later.
      await boss.stop({ graceful: true, wait: true, timeout: 3000, close: true });
    },
  };
  g[key] = queue;
  // Jobs waiting per queue, for the metrics (one count query per queue at each scrape).
  registerReader("queueDepth", async () => {
    if (g[key] !== queue) return {};
    const sizes = await Promise.all(jobs.map(async (job) => [job.name, await boss.getQueueSize(job.name)] as const));
    return Object.fromEntries(sizes);
  });
  return queue;
}
