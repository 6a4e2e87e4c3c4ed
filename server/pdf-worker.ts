/**
 * The worker-thread entry of the PDF pool (app/lib/pdf-pool.server.ts): runs one job, by name, on the
 * plain values the main thread sent and returns the result (bytes). The jobs are pure functions of
 * their domains; none opens the database or reads settings. The production build emits this file as
 * build/server/pdf-worker.js (vite.config.ts); in development and tests the pool loads it through tsx.
 */

import { renderAnalyticsPdf, renderQuarterReportPdf } from "~/features/analytics/report-pdf.server";
import { generateSamplePdf } from "~/features/learning/sample-pdf.server";
import { renderInvoicePdf } from "~/features/orders/invoice-pdf.server";
import { checkPdf, checkPdfImage } from "~/platform/files/pdf-check.server";
import { stampPdf } from "~/platform/files/stamp.server";

const jobs: Record<string, (input: never) => Promise<unknown>> = {
  stamp: stampPdf,
  invoice: renderInvoicePdf,
  "analytics-report": renderAnalyticsPdf,
  "quarter-report": renderQuarterReportPdf,
  sample: generateSamplePdf,
  check: checkPdf,
  "image-check": checkPdfImage,
};

export default function runPdfJob({ job, input }: { job: string; input: unknown }): Promise<unknown> {
  if (!Object.hasOwn(jobs, job)) throw new Error(`Unknown PDF job "${job}"`);
  return jobs[job]!(input as never);
}
