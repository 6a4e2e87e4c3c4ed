/**
 * What pdf-lib makes of an uploaded PDF (upload.server.ts): every download is stamped, so a PDF is
 * only accepted when pdf-lib opens it; likewise an image printed on invoices. Parsing a 50 MB file is heavy work, so this is a pure job of
 * the PDF pool (server/pdf-worker.ts), run off the main thread with runPdfJob.
 */
import { PDFDocument } from "pdf-lib";
import { MAX_IMAGE_SIDE } from "./pdf-image-limit";

export interface PdfCheck {
  /** Pages pdf-lib found; 0 when it could not read the file. */
  pages: number;
  /** Password-protected: pdf-lib cannot stamp it. */
  encrypted: boolean;
}

export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  try {
    return { pages: (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount(), encrypted: false };
  } catch (error) {
    return { pages: 0, encrypted: error instanceof Error && error.name === "EncryptedPDFError" };
  }
}

interface PixelSize {
  width: number;
  height: number;
}

/** The pixel size a PNG's header states (IHDR), before anything decodes it. */
function pngHeaderSize(bytes: Uint8Array): PixelSize | null {
  if (bytes.length < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * What pdf-lib makes of an uploaded PNG or JPEG (the signature on invoices): a pure job of the PDF pool
 * that embeds it in a scratch document, as the invoice will. Not ok: pdf-lib cannot read it, or it is
 * larger than MAX_IMAGE_SIDE.
 */
export async function checkPdfImage({ bytes, type }: { bytes: Uint8Array; type: "png" | "jpg" }) {
  try {
    if (type === "png") {
      const header = pngHeaderSize(bytes);
      if (!header || header.width > MAX_IMAGE_SIDE || header.height > MAX_IMAGE_SIDE) {
        return { ok: false as const, tooLarge: Boolean(header) };
      }
    }
    const doc = await PDFDocument.create();
    const image = type === "png" ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    if (image.width > MAX_IMAGE_SIDE || image.height > MAX_IMAGE_SIDE) return { ok: false as const, tooLarge: true };
    return { ok: true as const, width: image.width, height: image.height };
  } catch {
    return { ok: false as const, tooLarge: false };
  }
}
