/**
 * The signing certificate (INVOICE_SIGNING_P12_FILE), opened and described on the main thread: start-up
 * refuses one that cannot sign, Settings shows whose it is, and its bytes go to the PDF pool with each
 * tax document (./pdf-sign.server.ts signs there). node-forge (~12 MB of a process's memory) is loaded
 * when a certificate is read, not at start-up: most stores configure none.
 */
import { createRequire } from "node:module";
import type Forge from "node-forge";

let forgeModule: typeof Forge | undefined;
/** node-forge, required on first use (a CommonJS package: loaded synchronously, once). */
function loadForge(): typeof Forge {
  forgeModule ??= createRequire(import.meta.url)("node-forge") as typeof Forge;
  return forgeModule;
}

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
function distinguishedName(name: Forge.pki.Certificate["subject"]): string {
  return name.attributes.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join(", ");
}

/**
 * Opens the PKCS#12 the way @signpdf's P12Signer does (its shrouded private key and the certificate
 * matching it) and describes that certificate; throws SigningKeyError when it could not sign.
 */
export function describeSigningKey(key: PdfSigningKey): SigningCertificate {
  const forge = loadForge();
  let p12: Forge.pkcs12.Pkcs12Pfx;
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
  const privateKey = keys[0]?.key as Forge.pki.rsa.PrivateKey | undefined;
  if (!privateKey?.n) throw new SigningKeyError("the file holds no RSA private key", "no-key");
  const certs = p12.getBags({ bagType: certBag })[certBag] ?? [];
  const cert = certs
    .map((bag) => bag.cert)
    .find((c): c is Forge.pki.Certificate => {
      const publicKey = c?.publicKey as Forge.pki.rsa.PublicKey | undefined;
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
