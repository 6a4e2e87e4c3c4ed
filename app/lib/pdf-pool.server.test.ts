import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { extractPdfText } from "../../tests/helpers/pdf-text";
import { HttpError } from "./errors";
import {
  closePdfPool,
  getPdfPool,
  PDF_STOPPED_MESSAGE,
  PDF_TIMEOUT_MESSAGE,
  PdfPool,
  releaseIdlePdfPool,
  runPdfJob,
} from "./pdf-pool.server";

async function pages(n: number) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < n; i++) doc.addPage();
  return doc.save();
}

/** The worker's "check" job, as runPdfJob types a job. */
type CheckJob = (input: Uint8Array) => Promise<{ pages: number; encrypted: boolean }>;

const buyer = { name: "Asha Verma", email: "asha@example.com" };
// One thread, so "the next job runs" means the cancelled job's thread was replaced, not waited for.
const pool = new PdfPool({ timeoutMs: 60_000, maxThreads: 1 });
afterAll(() => pool.close());

// A worker thread loads the TypeScript sources through tsx first: seconds on a busy 2-core machine
// (the OCR test runs tesseract beside it), so these get more than the 5 s default.
describe("PDF pool", { timeout: 60_000 }, () => {
  it("runs a job on a worker thread and hands its bytes back", async () => {
    const stamped = await pool.run<Uint8Array>("stamp", { bytes: await pages(2), buyer });
    expect(extractPdfText(stamped)).toContain("Licensed to Asha Verma (asha@example.com)");
    expect(pool.threads).toBe(1);
  });

  it("cancels a job past its time limit: a 503 for people, its thread terminated, and the next job runs", async () => {
    const bytes = await pages(7);
    await pool.run("stamp", { bytes, buyer }); // the thread is up: the long job starts running at once
    expect(pool.threads).toBe(1);

    const long = { bytes, buyer: { name: "x".repeat(300_000), email: "x@example.com" } };
    // 20 ms: far less than the long job takes even on a fast, idle machine.
    const error = await pool.run("stamp", long, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: PDF_TIMEOUT_MESSAGE });
    expect(pool.threads).toBe(0);

    const next = await pool.run<Uint8Array>("stamp", { bytes, buyer });
    expect(extractPdfText(next)).toContain("Licensed to Asha Verma");
  });

  it("closing the pool (server shutdown) cancels a running job with a 503 for people", async () => {
    const own = new PdfPool({ timeoutMs: 60_000, maxThreads: 1 });
    const bytes = await pages(7);
    await own.run("stamp", { bytes, buyer });
    const long = { bytes, buyer: { name: "x".repeat(300_000), email: "x@example.com" } };
    const running = own.run("stamp", long).catch((e: unknown) => e);
    await own.close();
    expect(await running).toMatchObject({ status: 503, message: PDF_STOPPED_MESSAGE });
    expect(own.threads).toBe(0);
  });

  it("an unknown job is a plain error (a bug, not a busy server), and the pool keeps working", async () => {
    const error = await pool.run("nope", {}).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as Error).message).toBe('Unknown PDF job "nope"');
    expect(await pool.run("check", await pages(3))).toEqual({ pages: 3, encrypted: false });
  });

  it("start-up's release closes the app's pool (and its thread) only when no job is running", async () => {
    const first = getPdfPool();
    const running = runPdfJob<CheckJob>("check", await pages(3));
    await releaseIdlePdfPool();
    expect(getPdfPool(), "a job is running: the pool stays").toBe(first);
    expect(await running).toEqual({ pages: 3, encrypted: false });
    expect(first.threads).toBe(1);
    await releaseIdlePdfPool();
    expect(first.threads).toBe(0);
    const next = getPdfPool();
    expect(next).not.toBe(first);
    expect(await runPdfJob<CheckJob>("check", await pages(1))).toEqual({ pages: 1, encrypted: false });
    await closePdfPool();
  });
});
