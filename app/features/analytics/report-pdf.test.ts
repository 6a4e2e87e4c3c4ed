import { execFileSync } from "node:child_process";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { financialQuarter } from "~/lib/periods";
import { renderAnalyticsPdf, renderQuarterReportPdf } from "./report-pdf.server";

/** Each word pdftotext finds, with its box in points (poppler's -bbox). */
function words(bytes: Uint8Array) {
  const html = execFileSync("pdftotext", ["-bbox", "-enc", "UTF-8", "-", "-"], { input: bytes }).toString("utf8");
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map((m) => ({ xMin: Number(m[1]), xMax: Number(m[3]), text: m[5]! }));
}

const LONG_NAME = "Commerce Academy Educational and Coaching Services of Rajasthan Private Limited";
const UNBROKEN = "CommerceAcademyEducationalAndCoachingServicesPrivateLimitedJaipur";

const figures = {
  revenuePaise: 235_998,
  paidOrderCount: 2,
  refundedCount: 0,
  refundRate: 0,
  averageOrderPaise: 117_999,
} as never;

async function quarterly(sellerName: string) {
  return renderQuarterReportPdf({
    sellerName,
    sellerGstin: "08AAPFU0939F1ZV",
    quarter: { period: financialQuarter(2026, 3), figures, gstPaise: 36_000, byMonth: [], topItems: [] },
    now: new Date("2026-11-25T07:00:00Z"),
  });
}

describe("report PDFs", () => {
  it("fits a long seller name in the quarterly report's title: wrapped inside the margins, every word kept", async () => {
    for (const name of [LONG_NAME, UNBROKEN]) {
      const bytes = await quarterly(name);
      const [page] = (await PDFDocument.load(bytes)).getPages();
      const found = words(bytes);
      for (const word of `${name} — Quarterly report`.split(" ")) {
        expect(
          found.map((w) => w.text),
          word,
        ).toContain(word);
      }
      for (const w of found) {
        expect(w.xMin, w.text).toBeGreaterThanOrEqual(40);
        expect(w.xMax, w.text).toBeLessThanOrEqual(page!.getWidth() - 40);
      }
    }
  });

  it("fits it in the analytics report's title too", async () => {
    const bytes = await renderAnalyticsPdf({
      sellerName: LONG_NAME,
      now: new Date("2026-11-25T07:00:00Z"),
      overview: {
        month: "Nov 2026",
        previousMonth: "Oct 2026",
        current: figures,
        previous: figures,
        conversion: { rate: 10, target: 85 },
        series: [],
      },
      top: [],
    });
    const found = words(bytes);
    for (const word of LONG_NAME.split(" ")) expect(found.map((w) => w.text)).toContain(word);
    for (const w of found) expect(w.xMax, w.text).toBeLessThanOrEqual(595.28 - 40);
  });
});
