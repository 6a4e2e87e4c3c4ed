/**
 * The CPU of making PDFs in one thread, as a PDF pool worker makes them: the seeded notes' and PYQs'
 * sample PDFs (what a first start makes), each stamped for a buyer, and one of every kind of PDF the
 * app makes (tests/helpers/pdf-kinds.ts, the OCR test's inputs), each `ROUNDS` times. Prints the
 * process's CPU per round and a hash of the bytes, so a change that should not change a PDF can show
 * it did not.
 *
 *   npx tsx bench/pdf-cpu.ts            # ROUNDS=3
 */
import crypto from "node:crypto";
import { generateSamplePdf } from "~/features/learning/sample-pdf.server";
import { stampPdf } from "~/platform/files/stamp.server";
import { renderEveryPdfKind, STAMP_BUYER, STAMP_DATE, seededSampleSources } from "../tests/helpers/pdf-kinds";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const sources = seededSampleSources();

/** `stable: false`: pdf-lib writes the time of saving into a loaded document, so its bytes vary. */
async function measure(name: string, make: () => Promise<Uint8Array[]>, stable = true) {
  const hash = crypto.createHash("sha256");
  const cpu: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage();
    const pdfs = await make();
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1e6);
    if (round === 0) for (const pdf of pdfs) hash.update(pdf);
  }
  const shown = cpu.map((s) => s.toFixed(2)).join(", ");
  console.log(`| ${name} | ${shown} | ${stable ? hash.digest("hex").slice(0, 16) : "(saved at a new time)"} |`);
}

async function samplePdfs() {
  const out: Uint8Array[] = [];
  for (const source of sources) out.push(await generateSamplePdf(source));
  return out;
}

console.log(`| PDFs (one thread) | s of CPU, each of ${ROUNDS} rounds | sha256 of round 1 |\n|---|---|---|`);
const samples = await samplePdfs();
await measure(`the ${sources.length} sample PDFs`, samplePdfs);
await measure(
  `the ${samples.length} stamped for a buyer`,
  async () => {
    const out: Uint8Array[] = [];
    for (const bytes of samples) out.push(await stampPdf({ bytes, buyer: STAMP_BUYER, now: STAMP_DATE }));
    return out;
  },
  false,
);
const kinds = await renderEveryPdfKind();
await measure(
  `one of each of the ${kinds.length} kinds (invoices, credit notes, stamps, a PYQ, reports)`,
  async () => (await renderEveryPdfKind()).map((kind) => kind.bytes),
  false,
);
