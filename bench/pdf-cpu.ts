/**
 * The CPU of making PDFs in one thread, as a PDF pool worker makes them: the 13 seeded notes' and PYQs'
 * sample PDFs (what a first start makes), each stamped for a buyer, and a 40-line tax invoice, each
 * kind `ROUNDS` times. Prints the process's CPU per round and a hash of the bytes, so a change that
 * should not change a PDF can show it did not.
 *
 *   npx tsx bench/pdf-cpu.ts            # ROUNDS=3
 */
import crypto from "node:crypto";
import { seedNotes, seedPyqs } from "~/db/seed/data";
import { generateSamplePdf, type SampleSource } from "~/features/learning/sample-pdf.server";
import { type InvoiceData, renderInvoicePdf } from "~/features/orders/invoice-pdf.server";
import { stampPdf } from "~/platform/files/stamp.server";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const now = new Date("2026-11-20T10:00:00Z");
const sources: SampleSource[] = [...seedNotes, ...seedPyqs].map((p) => ({
  kind: p.kind,
  title: p.title,
  subject: p.subject,
  classLevel: p.classLevel,
  author: p.instructor,
  description: p.description,
  modules: p.modules,
}));
const invoice: InvoiceData = {
  kind: "invoice",
  number: "CA/26-27/000042",
  date: now,
  orderNumber: "CA-000123",
  original: null,
  seller: {
    name: "Commerce Academy",
    address: "2nd Floor, 14 Civil Lines, Jaipur",
    gstin: "08AAAAA0000A1Z5",
    stateCode: "08",
  },
  buyer: { name: "Priya Sharma", email: "priya@example.com" },
  placeOfSupply: "08",
  intraState: true,
  sacCode: "999293",
  lines: Array.from({ length: 40 }, (_, i) => ({
    title: `Accountancy Class 12 — Partnership Accounts, part ${i + 1}`,
    pricePaise: 99_900,
    taxablePaise: 99_900,
    cgstPaise: 8_991,
    sgstPaise: 8_991,
    igstPaise: 0,
  })),
  subtotalPaise: 99_900 * 40,
  discountPaise: 0,
  couponCode: null,
  taxablePaise: 99_900 * 40,
  cgstPaise: 8_991 * 40,
  sgstPaise: 8_991 * 40,
  igstPaise: 0,
  totalPaise: 1_17_882 * 40,
  paymentId: "pay_123",
};

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

console.log(`| PDFs (one thread) | s of CPU, each of ${ROUNDS} rounds | sha256 of round 1 |\n|---|---|---|`);
const samples: Uint8Array[] = [];
for (const source of sources) samples.push(await generateSamplePdf(source));
await measure(`the ${sources.length} sample PDFs`, async () => {
  const out: Uint8Array[] = [];
  for (const source of sources) out.push(await generateSamplePdf(source));
  return out;
});
await measure(
  `the ${samples.length} stamped for a buyer`,
  async () => {
    const out: Uint8Array[] = [];
    for (const bytes of samples) {
      out.push(await stampPdf({ bytes, buyer: { name: "Priya Sharma", email: "priya@example.com" }, now }));
    }
    return out;
  },
  false,
);
await measure("a tax invoice of 40 lines", async () => [await renderInvoicePdf({ document: invoice })]);
