/**
 * The worker pool for CPU-heavy PDF work: stamping downloads, invoices, the admin reports, the sample
 * PDFs and checking uploaded PDFs and images. pdf-lib runs on worker threads, so a big job (a long name stamped
 * on a long note) never holds up other requests, `/healthz` included.
 *
 * A job is a pure function exported by name from server/pdf-worker.ts: it gets plain values
 * (bytes, strings, numbers, dates), returns bytes and never touches the database; the caller fetches
 * the data first. Each job has a time limit (PDF_TIMEOUT_SECONDS, counted from when it is handed in,
 * so time spent waiting for a thread counts): past it the job is cancelled (its thread is
 * terminated) and the caller gets HttpError 503 with a message for people.
 *
 * Where the worker is: the production build emits server/pdf-worker.ts as build/server/pdf-worker.js
 * and fills in its URL as PDF_WORKER_URL below (vite.config.ts, pdfWorkerEntry).
 * Everywhere else (Vitest, `npm run dev`, tsx scripts) this module runs from source and the worker
 * loads the TypeScript source through tsx's require hook (Node 20 does not apply tsx's ESM hooks
 * inside worker threads).
 */
import { createRequire } from "node:module";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { getEnv } from "./env.server";
import { HttpError } from "./errors";
import { observePdfJob, registerReader } from "./metrics.server";

declare global {
  interface ImportMeta {
    /** The URL of build/server/pdf-worker.js; set by the production build only (vite.config.ts). */
    readonly PDF_WORKER_URL?: string;
  }
}

export const PDF_TIMEOUT_MESSAGE =
  "Making this PDF took too long, so we stopped. Please try again in a few minutes; if it keeps happening, contact us.";
export const PDF_BUSY_MESSAGE = "We are making a lot of PDFs right now. Please try again in a minute.";
export const PDF_STOPPED_MESSAGE = "The server is restarting. Please try again in a minute.";

/** Jobs waiting for a thread at most; each holds its input (a PDF of up to 50 MB) in memory. */
const MAX_QUEUE = 100;
/** An idle thread exits after this long, so a quiet server holds no worker threads. */
const IDLE_TIMEOUT_MS = 30_000;

function workerOptions(): { filename: string; execArgv?: string[] } {
  const built = import.meta.PDF_WORKER_URL;
  if (built) return { filename: fileURLToPath(built) };
  return {
    filename: fileURLToPath(new URL("../../server/pdf-worker.ts", import.meta.url)),
    execArgv: ["--require", createRequire(import.meta.url).resolve("tsx/cjs")],
  };
}

export interface PdfPoolOptions {
  /** Time limit of each job, from when it is handed in. */
  timeoutMs: number;
  /** Threads at most (default: the machine's available parallelism). */
  maxThreads?: number;
}

export class PdfPool {
  readonly #pool: Piscina;
  readonly #timeoutMs: number;
  #closed = false;
  #running = 0;

  constructor({ timeoutMs, maxThreads = os.availableParallelism() }: PdfPoolOptions) {
    this.#timeoutMs = timeoutMs;
    this.#pool = new Piscina({
      ...workerOptions(),
      minThreads: 0,
      maxThreads,
      idleTimeout: IDLE_TIMEOUT_MS,
      maxQueue: MAX_QUEUE,
    });
  }

  /**
   * Runs the job `job` of server/pdf-worker.ts on `input` (copied to the thread), within the pool's
   * time limit (or `options.timeoutMs`).
   */
  async run<Result>(job: string, input: unknown, options: { timeoutMs?: number } = {}): Promise<Result> {
    const limit = new AbortController();
    const timer = setTimeout(() => limit.abort(), options.timeoutMs ?? this.#timeoutMs);
    const started = performance.now();
    this.#running++;
    try {
      const result = await this.#pool.run({ job, input }, { signal: limit.signal });
      observePdfJob(job, "done", (performance.now() - started) / 1000);
      return result;
    } catch (error) {
      observePdfJob(job, "failed", (performance.now() - started) / 1000);
      if (this.#closed) throw new HttpError(503, PDF_STOPPED_MESSAGE, { cause: error });
      if (limit.signal.aborted) throw new HttpError(503, PDF_TIMEOUT_MESSAGE, { cause: error });
      if (error instanceof Error && error.message === "Task queue is at limit") {
        throw new HttpError(503, PDF_BUSY_MESSAGE, { cause: error });
      }
      throw error;
    } finally {
      this.#running--;
      clearTimeout(timer);
    }
  }

  /** Jobs running or queued now. */
  get running(): number {
    return this.#running;
  }

  /** Worker threads alive now. */
  get threads(): number {
    return this.#pool.threads.length;
  }

  /** Terminates every thread at once; jobs still running or queued are refused with a 503. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#pool.destroy();
  }
}

let shared: PdfPool | undefined;
registerReader("pdfThreads", () => shared?.threads ?? 0);

/** The app's pool, made on first use with the time limit of PDF_TIMEOUT_SECONDS. */
export function getPdfPool(): PdfPool {
  shared ??= new PdfPool({ timeoutMs: Math.ceil(getEnv().PDF_TIMEOUT_SECONDS * 1000) });
  return shared;
}

/**
 * Runs a job of server/pdf-worker.ts on the app's pool. `Job` is the type of the function the worker
 * runs for it (e.g. `runPdfJob<typeof renderInvoicePdf>("invoice", data)`), for its input and result.
 */
export function runPdfJob<Job extends (input: never) => Promise<unknown>>(
  job: string,
  input: Parameters<Job>[0],
): Promise<Awaited<ReturnType<Job>>> {
  return getPdfPool().run(job, input);
}

/**
 * Closes the app's pool when no job is running or waiting (else leaves it be): start-up calls it after
 * making the sample PDFs, so a new install does not hold an idle thread with its fonts (~140 MB) for
 * the idle timeout (bench/RESULTS.md, issue 34). The next job makes a new pool.
 */
export async function releaseIdlePdfPool(): Promise<void> {
  if (shared && shared.running === 0) await closePdfPool();
}

/** Server shutdown and tests: stops the app's pool, cancelling its jobs (the next job makes a new pool). */
export async function closePdfPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
