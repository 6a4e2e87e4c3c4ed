/**
 * Throwaway signing material for tests: a self-signed certificate with its RSA key in a PKCS#12 file
 * (node:crypto makes the key, node-forge the certificate and the file), a small PNG "signature", and
 * poppler's pdfsig and pdfimages to check what a viewer would see.
 */
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import forge from "node-forge";

export interface TestP12 {
  p12: Uint8Array;
  password: string;
  commonName: string;
  notAfter: Date;
}

/** A self-signed certificate for `commonName`, valid from `notBefore` for `days` days. */
export function makeTestP12(
  opts: { password?: string; commonName?: string; notBefore?: Date; days?: number } = {},
): TestP12 {
  const password = opts.password ?? "test-secret";
  const commonName = opts.commonName ?? "Commerce Academy Test Signer";
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey((key as forge.pki.rsa.PrivateKey).n, (key as forge.pki.rsa.PrivateKey).e);
  cert.serialNumber = "01";
  const notBefore = opts.notBefore ?? new Date(Date.UTC(2020, 0, 1));
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = new Date(notBefore.getTime() + (opts.days ?? 365 * 30) * 86_400_000);
  const attrs = [
    { shortName: "CN", value: commonName },
    { shortName: "O", value: "Commerce Academy" },
    { shortName: "C", value: "IN" },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: "aes256" });
  const der = forge.asn1.toDer(asn1).getBytes();
  return { p12: new Uint8Array(Buffer.from(der, "binary")), password, commonName, notAfter: cert.validity.notAfter };
}

/** The p12 written to a temporary file (for INVOICE_SIGNING_P12_FILE); removed when the process exits. */
export function writeTestP12(p12: TestP12): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-p12-"));
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "signing.p12");
  fs.writeFileSync(file, p12.p12);
  return file;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A `width` × `height` RGBA PNG with a handwriting-like stroke in ink blue on a transparent ground
 * (`seed` changes the stroke, so two images differ in their bytes).
 */
export function makeSignaturePng(width = 240, height = 80, seed = 1): Uint8Array {
  const rows: Buffer[] = [];
  const ink = (x: number, y: number) => {
    const t = x / width;
    const centre = height / 2 + Math.sin(t * Math.PI * (3 + seed)) * height * 0.28 * (1 - t * 0.4);
    const loop = Math.abs(y - centre) < 2.2 || (t > 0.15 && t < 0.3 && Math.abs(y - (centre - 14)) < 1.6);
    return loop && t > 0.05 && t < 0.95;
  };
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      if (ink(x, y)) row.set([20, 40, 120, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.concat(rows))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/**
 * A JPEG of the same kind of stroke: the PNG drawn on a page by pdf-lib, rendered by poppler's pdftoppm
 * (tests have no JPEG encoder of their own).
 */
export async function makeSignatureJpeg(width = 240, height = 80): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  const page = doc.addPage([width, height]);
  page.drawRectangle({ x: 0, y: 0, width, height, color: rgb(1, 1, 1) });
  page.drawImage(await doc.embedPng(makeSignaturePng(width, height)), { x: 0, y: 0, width, height });
  const pdf = await doc.save();
  return withPdfFile(pdf, (file) => {
    const out = file.replace(/\.pdf$/, "");
    poppler("pdftoppm", ["-jpeg", "-singlefile", "-r", "72", file, out]);
    return new Uint8Array(fs.readFileSync(`${out}.jpg`));
  });
}

function withPdfFile<T>(bytes: Uint8Array, run: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-pdf-"));
  try {
    const file = path.join(dir, "document.pdf");
    fs.writeFileSync(file, bytes);
    return run(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const POPPLER_MISSING = "poppler-utils is not installed: apt-get update && apt-get install -y poppler-utils";

function poppler(command: string, args: string[]) {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stdout?: string };
    if (e.code === "ENOENT") throw new Error(POPPLER_MISSING);
    // pdfsig exits non-zero for a file without signatures; its report is still on stdout.
    if (typeof e.stdout === "string" && e.stdout) return e.stdout;
    throw error;
  }
}

/** pdfsig's report: "Signature Validation: Signature is Valid." for each good signature. */
export function pdfsig(bytes: Uint8Array): string {
  return withPdfFile(bytes, (file) => poppler("pdfsig", [file]));
}

/** The images drawn on the pages (`pdfimages -list`): page, width and height of each. */
export function pdfImages(bytes: Uint8Array): { page: number; width: number; height: number }[] {
  const listing = withPdfFile(bytes, (file) => poppler("pdfimages", ["-list", file]));
  return listing
    .split("\n")
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[2] === "image")
    .map((cols) => ({ page: Number(cols[0]), width: Number(cols[3]), height: Number(cols[4]) }));
}
