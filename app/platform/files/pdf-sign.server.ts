/**
 * Digital signatures on the PDFs the store issues (tax invoices and credit notes), with @signpdf: a
 * PKCS#12 file (.p12/.pfx: the signer's certificate and RSA private key) signs the document as CMS
 * (PKCS#7, SHA-256) under SubFilter adbe.pkcs7.detached, the ISO 32000-1 signature that PAdES Part 2
 * (ETSI TS 102 778-2, "PAdES Basic") profiles. A viewer then shows who signed the document and that it
 * has not changed since. Pure functions: bytes in, bytes out; the signing runs in the PDF pool.
 */
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import forge from "node-forge";
import type { PDFDocument, PDFPage } from "pdf-lib";

/** The certificate file's bytes and its password (INVOICE_SIGNING_P12_FILE / _PASSWORD). */
export interface PdfSigningKey {
  p12: Uint8Array;
  password: string;
}

/** What the owner may see of a signing certificate: never the key or the password. */
export interface SigningCertificate {
  subject: string;
  issuer: string;
  validFrom: Date;
  validTo: Date;
}

/** A certificate file that cannot sign, with the reason in words. */
export class SigningKeyError extends Error {
  constructor(
    message: string,
    readonly reason: "unreadable" | "password" | "no-key",
  ) {
    super(message);
    this.name = "SigningKeyError";
  }
}

/** "CN=Commerce Academy, O=Commerce Academy, C=IN" */
function distinguishedName(name: forge.pki.Certificate["subject"]): string {
  return name.attributes.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join(", ");
}

/**
 * Opens the PKCS#12 the way @signpdf's P12Signer does (its shrouded private key and the certificate
 * matching it) and describes that certificate; throws SigningKeyError when it could not sign.
 */
export function describeSigningKey(key: PdfSigningKey): SigningCertificate {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(key.p12).toString("binary")));
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, key.password);
    } catch (error) {
      const message = error instanceof Error ? error.message : "";
      if (/MAC could not be verified|Invalid password/i.test(message)) {
        throw new SigningKeyError("the password does not open the certificate file", "password");
      }
      throw error;
    }
  } catch (error) {
    if (error instanceof SigningKeyError) throw error;
    throw new SigningKeyError("the file is not a PKCS#12 (.p12/.pfx) certificate", "unreadable");
  }
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const certBag = forge.pki.oids.certBag!;
  const keys = p12.getBags({ bagType: keyBag })[keyBag] ?? [];
  const privateKey = keys[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!privateKey?.n) throw new SigningKeyError("the file holds no RSA private key", "no-key");
  const certs = p12.getBags({ bagType: certBag })[certBag] ?? [];
  const cert = certs
    .map((bag) => bag.cert)
    .find((c): c is forge.pki.Certificate => {
      const publicKey = c?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return Boolean(publicKey?.n) && privateKey.n.equals(publicKey!.n) && privateKey.e.equals(publicKey!.e);
    });
  if (!cert) throw new SigningKeyError("the file holds no certificate for its private key", "no-key");
  return {
    subject: distinguishedName(cert.subject),
    issuer: distinguishedName(cert.issuer),
    validFrom: cert.validity.notBefore,
    validTo: cert.validity.notAfter,
  };
}

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
