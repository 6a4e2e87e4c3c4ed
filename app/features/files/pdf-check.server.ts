/**
 * What pdf-lib makes of an uploaded PDF (upload.server.ts): every download is stamped, so a PDF is
 * only accepted when pdf-lib opens it. Parsing a 50 MB file is heavy work, so this is a pure job of
 * the PDF pool (server/pdf-worker.ts), run off the main thread with runPdfJob.
 */
import { PDFDocument } from "pdf-lib";

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
