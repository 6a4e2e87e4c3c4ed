/**
 * The seeded notes' and PYQ papers' sample PDFs in file storage: written at first start (or into a
 * fresh storage bucket), and again on download when one is lost. Made on the PDF pool.
 */
import os from "node:os";
import { asc, eq, inArray, like } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { instructors, products } from "~/db/schema";
import { mapPool } from "~/lib/map-pool";
import { runPdfJob } from "~/lib/pdf-pool.server";
import type { FileStorage } from "~/platform/files/storage.server";
import type { generateSamplePdf, SampleSource } from "./sample-pdf.server";

/** Where the seeded notes' and PYQs' sample PDFs are kept in file storage. */
export const SEED_FILE_PREFIX = "seed/";

export function isSeedFileKey(key: string): boolean {
  return key.startsWith(SEED_FILE_PREFIX);
}

/** The sample PDF of `source` (made on the PDF pool's worker threads). */
export function samplePdf(source: SampleSource): Promise<Uint8Array> {
  return runPdfJob<typeof generateSamplePdf>("sample", source);
}

/** The columns a sample PDF is made from (SampleSource), with the product's id. */
const SAMPLE_COLUMNS = {
  id: products.id,
  kind: products.kind,
  title: products.title,
  subject: products.subject,
  classLevel: products.classLevel,
  author: instructors.name,
  description: products.description,
  modules: products.modules,
};

function sampleSources(db: DbOrTx) {
  return db.select(SAMPLE_COLUMNS).from(products).innerJoin(instructors, eq(instructors.id, products.instructorId));
}

/** The sample source of a product row (for regenerating a missing seed file). */
export async function loadSampleSource(db: DbOrTx, productId: number): Promise<SampleSource | null> {
  const [row] = await sampleSources(db).where(eq(products.id, productId));
  return row ?? null;
}

/**
 * Writes every missing seed PDF into storage (first start, or a fresh storage
 * bucket). Returns how many it generated.
 */
export async function ensureSeedFiles(db: DbOrTx, storage: FileStorage): Promise<number> {
  const rows = await db
    .select({ id: products.id, fileKey: products.fileKey })
    .from(products)
    .where(like(products.fileKey, `${SEED_FILE_PREFIX}%`))
    .orderBy(asc(products.id));
  let generated = 0;
  const missing: { id: number; key: string }[] = [];
  for (const row of rows) {
    if (row.fileKey && !(await storage.exists(row.fileKey))) missing.push({ id: row.id, key: row.fileKey });
  }
  if (!missing.length) return 0;
  const sources = await sampleSources(db).where(
    inArray(
      products.id,
      missing.map((m) => m.id),
    ),
  );
  // As many at once as the pool has threads (a first start makes 13: ~3.5 s of CPU one by one);
  // more would only queue on the pool, where waiting counts against each job's time limit.
  await mapPool(missing, os.availableParallelism(), async (m) => {
    const source = sources.find((s) => s.id === m.id);
    if (!source) return;
    await storage.put(m.key, await samplePdf(source), { contentType: "application/pdf" });
    generated++;
  });
  return generated;
}
