/**
 * Protected downloads of note and PYQ PDFs: access is checked on every request,
 * and every copy is stamped with the buyer's name and email (on the PDF pool's
 * worker threads, so a long stamping job holds up no other request).
 */
import type { Db } from "~/db/client.server";
import { HttpError } from "~/lib/errors";
import { runPdfJob } from "~/lib/pdf-pool.server";
import type { stampPdf } from "~/platform/files/stamp.server";
import { type FileStorage, getBytes, getFileStorage } from "~/platform/files/storage.server";
import { accessEndedMessage, getAccessibleProduct, getEndedAccess } from "./access.server";
import { isSeedFileKey, loadSampleSource, samplePdf } from "./seed-files.server";

export interface Downloader {
  id: string;
  name: string;
  email: string;
}

export interface PreparedDownload {
  filename: string;
  bytes: Uint8Array;
}

/**
 * The stamped PDF for this user, or null (→ 404) when they may not have it or it has no file.
 * Throws HttpError 403 when their access has ended (issue 36).
 * Throws HttpError 503 when stamping passes the time limit (PDF_TIMEOUT_SECONDS).
 */
export async function prepareDownload(
  db: Db,
  user: Downloader,
  productId: number,
  storage: FileStorage = getFileStorage(),
): Promise<PreparedDownload | null> {
  const product = await getAccessibleProduct(db, user.id, productId, ["note", "pyq"]);
  if (!product) {
    const ended = await getEndedAccess(db, user.id, productId, ["note", "pyq"]);
    if (ended) throw new HttpError(403, accessEndedMessage(ended));
  }
  if (!product?.fileKey) return null;
  let bytes = await getBytes(storage, product.fileKey);
  if (!bytes && isSeedFileKey(product.fileKey)) {
    // A sample file lost with its storage (new bucket, wiped disk): make it again.
    const source = await loadSampleSource(db, product.id);
    if (source) {
      bytes = await samplePdf(source);
      await storage.put(product.fileKey, bytes, { contentType: "application/pdf" });
    }
  }
  if (!bytes) return null;
  const buyer = { name: user.name, email: user.email };
  return { filename: `${product.slug}.pdf`, bytes: await runPdfJob<typeof stampPdf>("stamp", { bytes, buyer }) };
}
