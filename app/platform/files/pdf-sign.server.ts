/**
 * Digital signatures on the PDFs the store issues (tax invoices and credit notes), with @signpdf: a
 * PKCS#12 file (.p12/.pfx: the signer's certificate and RSA private key) signs the document as CMS
 * (PKCS#7, SHA-256) under SubFilter adbe.pkcs7.detached, the ISO 32000-1 signature that PAdES Part 2
 * (ETSI TS 102 778-2, "PAdES Basic") profiles. A viewer then shows who signed the document and that it
 * has not changed since. Pure functions: bytes in, bytes out; the signing runs in the PDF pool (its
 * libraries are loaded by the worker threads only). Reading the certificate: ./signing-key.server.ts.
 */
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import type { PDFDocument, PDFPage } from "pdf-lib";
import type { PdfSigningKey } from "./signing-key.server";

export interface SignatureDetails {
  /** The page and rectangle [x1, y1, x2, y2] a viewer links to the signature; none: an invisible signature. */
  page?: PDFPage;
  rect?: [number, number, number, number];
  reason: string;
  name: string;
  location: string;
}

/**
 * Saves the document signed with the key: a signature field with a placeholder is added, the file is
 * written, then the placeholder is filled with the CMS signature of every other byte.
 */
export async function saveSigned(pdf: PDFDocument, key: PdfSigningKey, details: SignatureDetails): Promise<Uint8Array> {
  pdflibAddPlaceholder({
    ...(details.page ? { pdfPage: details.page } : { pdfDoc: pdf }),
    reason: details.reason,
    contactInfo: "",
    name: details.name,
    location: details.location,
    widgetRect: details.rect ?? [0, 0, 0, 0],
    // Room for the certificate chain the file carries (its size bounds it) and the signature itself.
    signatureLength: Math.max(8192, key.p12.byteLength + 4096),
    appName: "Commerce Academy",
  });
  const unsigned = await pdf.save();
  const signer = new P12Signer(Buffer.from(key.p12), { passphrase: key.password });
  const signed = await new SignPdf().sign(Buffer.from(unsigned), signer);
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
}
