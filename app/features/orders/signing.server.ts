/**
 * What the main thread loads for the PDF job of a tax document (invoice-pdf.server.ts
 * renderInvoicePdf): the signature image the document names, from file storage, and the signing
 * certificate, INVOICE_SIGNING_P12_FILE opened with INVOICE_SIGNING_P12_PASSWORD.
 *
 * The certificate is read here, once per process, and handed to the job in its input rather than read
 * by the worker: the job stays a pure function of what it is given (no files, no environment; a test
 * signs with a throwaway certificate), a file that is missing or a wrong password stops the start-up
 * with one line instead of failing every download, and the Settings page describes the very
 * certificate that signs. The file is a few kilobytes, copied to the worker thread with each job.
 */
import fs from "node:fs";
import { type Env, EnvError, getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import {
  describeSigningKey,
  type PdfSigningKey,
  type SigningCertificate,
  SigningKeyError,
} from "~/platform/files/signing-key.server";
import { type FileStorage, getBytes, getFileStorage } from "~/platform/files/storage.server";
import type { InvoiceData, InvoicePdfInput } from "./invoice-pdf.server";

export interface InvoiceSigning {
  key: PdfSigningKey;
  certificate: SigningCertificate;
}

/**
 * Reads and opens the configured certificate; null when none is configured. A file that cannot sign
 * throws EnvError naming the variable to fix.
 */
export function loadInvoiceSigning(env: Env = getEnv()): InvoiceSigning | null {
  const file = env.INVOICE_SIGNING_P12_FILE;
  if (!file) return null;
  let p12: Uint8Array;
  try {
    p12 = new Uint8Array(fs.readFileSync(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new EnvError(`INVOICE_SIGNING_P12_FILE: cannot read ${file} (${code})`);
  }
  const key = { p12, password: env.INVOICE_SIGNING_P12_PASSWORD ?? "" };
  try {
    return { key, certificate: describeSigningKey(key) };
  } catch (error) {
    if (!(error instanceof SigningKeyError)) throw error;
    const variable = error.reason === "password" ? "INVOICE_SIGNING_P12_PASSWORD" : "INVOICE_SIGNING_P12_FILE";
    throw new EnvError(`${variable}: ${error.message} (${file})`);
  }
}

let cached: InvoiceSigning | null | undefined;

/** The configured certificate, read once per process (start-up reads it first: a bad one stops it). */
export function invoiceSigning(): InvoiceSigning | null {
  if (cached === undefined) cached = loadInvoiceSigning();
  return cached;
}

/** Tests that change the environment: the next call reads the certificate again. */
export function forgetInvoiceSigning() {
  cached = undefined;
}

/** What the Settings page says about signing: never the key or the password. */
export type SigningStatus =
  | { state: "off" }
  | { state: "error"; message: string }
  | { state: "on" | "expired" | "not-yet-valid"; certificate: SigningCertificate };

/** The configured certificate's status (a bad one, which start-up refuses, is described, not thrown). */
export function invoiceSigningStatus(now = new Date()): SigningStatus {
  try {
    return signingStatus(invoiceSigning(), now);
  } catch (error) {
    if (error instanceof EnvError) return { state: "error", message: error.message };
    throw error;
  }
}

export function signingStatus(signing: InvoiceSigning | null, now = new Date()): SigningStatus {
  if (!signing) return { state: "off" };
  const { certificate } = signing;
  if (now > certificate.validTo) return { state: "expired", certificate };
  if (now < certificate.validFrom) return { state: "not-yet-valid", certificate };
  return { state: "on", certificate };
}

/**
 * The input of a tax document's PDF job: the document, its signature image and, while the certificate
 * is valid, the key to sign with (outside its validity a viewer would call the signature invalid, so
 * the document goes out unsigned, and Settings says why).
 */
export async function invoicePdfInput(
  document: InvoiceData,
  opts: { storage?: FileStorage; signing?: InvoiceSigning | null } = {},
): Promise<InvoicePdfInput> {
  const imageKey = document.signatory?.imageKey;
  const signatureImage = imageKey ? await getBytes(opts.storage ?? getFileStorage(), imageKey) : null;
  if (imageKey && !signatureImage) {
    log.warn(`signature image ${imageKey} is missing from file storage`);
  }
  const signing = opts.signing === undefined ? invoiceSigning() : opts.signing;
  return {
    document,
    signatureImage,
    signingKey: signing && signingStatus(signing).state === "on" ? signing.key : null,
  };
}
