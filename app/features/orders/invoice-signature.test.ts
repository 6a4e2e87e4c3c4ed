import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/lib/env.server";
import { describeSigningKey, SigningKeyError } from "~/platform/files/signing-key.server";
import { extractPdfText } from "../../../tests/helpers/pdf-text";
import {
  makeSignatureJpeg,
  makeSignaturePng,
  makeTestP12,
  pdfImages,
  pdfsig,
  writeTestP12,
} from "../../../tests/helpers/signing";
import { AUTHORISED_SIGNATORY, type InvoiceData, renderInvoicePdf } from "./invoice-pdf.server";
import { invoicePdfInput, loadInvoiceSigning, signingStatus } from "./signing.server";

const NO_SIGNATURE_LINE = "This is a computer-generated invoice and needs no signature.";
const VALID = "Signature Validation: Signature is Valid.";
const p12 = makeTestP12({ commonName: "Ramesh Kumar Sharma" });
const signature = makeSignaturePng(240, 80);

function invoice(over: Partial<InvoiceData> = {}): InvoiceData {
  return {
    kind: "invoice",
    number: "CA/26-27/000042",
    date: new Date("2026-06-01T10:00:00Z"),
    orderNumber: "CA-000042",
    original: null,
    seller: {
      name: "Commerce Academy LLP",
      address: "2nd Floor, 14 Civil Lines, Jaipur, Rajasthan 302006",
      gstin: "08AAPFU0939F1ZV",
      stateCode: "08",
    },
    buyer: { name: "Asha Verma", email: "asha@example.com" },
    placeOfSupply: "08",
    intraState: true,
    sacCode: "999293",
    lines: [
      {
        title: "Accountancy Class 12",
        pricePaise: 99_900,
        taxablePaise: 99_900,
        cgstPaise: 8_991,
        sgstPaise: 8_991,
        igstPaise: 0,
      },
    ],
    subtotalPaise: 99_900,
    discountPaise: 0,
    couponCode: null,
    taxablePaise: 99_900,
    cgstPaise: 8_991,
    sgstPaise: 8_991,
    igstPaise: 0,
    totalPaise: 117_882,
    paymentId: "pay_TEST123",
    signatory: { name: "Ramesh Kumar Sharma", imageKey: "signatures/test.png" },
    ...over,
  };
}

const text = (bytes: Uint8Array) => extractPdfText(bytes).replace(/\s+/g, " ");

/** Each word of the PDF with its page and its box (pdftotext -bbox), to check where something landed. */
function words(bytes: Uint8Array) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-bbox-"));
  try {
    const file = path.join(dir, "doc.pdf");
    fs.writeFileSync(file, bytes);
    const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
    const out: { page: number; word: string; yMax: number; pageHeight: number }[] = [];
    let page = 0;
    let pageHeight = 0;
    for (const line of html.split("\n")) {
      const p = line.match(/<page width="[\d.]+" height="([\d.]+)">/);
      if (p) {
        page += 1;
        pageHeight = Number(p[1]);
      }
      const w = line.match(/<word xMin="[\d.]+" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">(.*)<\/word>/);
      if (w) out.push({ page, word: w[2]!, yMax: Number(w[1]), pageHeight });
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the authorised signatory block", () => {
  it("prints For <seller>, the signature image and the name above Authorised signatory, without the no-signature line", async () => {
    const bytes = await renderInvoicePdf({ document: invoice(), signatureImage: signature });
    const printed = text(bytes);
    expect(printed).toContain("For Commerce Academy LLP Ramesh Kumar Sharma Authorised signatory");
    expect(printed).not.toContain("needs no signature");
    expect(pdfImages(bytes)).toEqual([{ page: 1, width: 240, height: 80 }]);
    // Unsigned without a certificate.
    expect(pdfsig(bytes)).toContain("does not contain any signatures");
  });

  it("prints a JPEG signature too", async () => {
    const jpeg = await makeSignatureJpeg(240, 80);
    expect([...jpeg.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const bytes = await renderInvoicePdf({
      document: invoice({ signatory: { name: "Ramesh Kumar Sharma", imageKey: "signatures/test.jpg" } }),
      signatureImage: jpeg,
    });
    expect(pdfImages(bytes)).toEqual([{ page: 1, width: 240, height: 80 }]);
    expect(text(bytes)).not.toContain("needs no signature");
  });

  it("keeps the computer-generated line whenever no image is printed", async () => {
    const nameOnly = await renderInvoicePdf({
      document: invoice({ signatory: { name: "Ramesh Kumar Sharma", imageKey: null } }),
    });
    expect(text(nameOnly)).toContain(
      `${NO_SIGNATURE_LINE} For Commerce Academy LLP Ramesh Kumar Sharma ${AUTHORISED_SIGNATORY}`,
    );
    expect(pdfImages(nameOnly)).toEqual([]);

    const none = await renderInvoicePdf({ document: invoice({ signatory: undefined }) });
    expect(text(none)).toContain(NO_SIGNATURE_LINE);
    expect(text(none)).not.toContain(AUTHORISED_SIGNATORY);

    const note = await renderInvoicePdf({
      document: invoice({
        kind: "credit-note",
        original: { number: "CA/26-27/000042", date: new Date() },
        signatory: undefined,
      }),
    });
    expect(text(note)).toContain("This is a computer-generated credit note and needs no signature.");
  });

  it("keeps the totals and the block together on the last page, inside the page, however long the order", async () => {
    for (const count of [1, 18, 24, 30, 36, 39, 45, 60, 95]) {
      const lines = Array.from({ length: count }, (_, i) => ({
        title: `Item ${i + 1} with a reasonably long title`,
        pricePaise: 1_000,
        taxablePaise: 1_000,
        cgstPaise: 90,
        sgstPaise: 90,
        igstPaise: 0,
      }));
      const bytes = await renderInvoicePdf({
        document: invoice({
          lines,
          subtotalPaise: count * 1_000,
          taxablePaise: count * 1_000,
          cgstPaise: count * 90,
          sgstPaise: count * 90,
          totalPaise: count * 1_180,
        }),
        signatureImage: signature,
      });
      const all = words(bytes);
      const last = Math.max(...all.map((w) => w.page));
      const signatory = all.find((w) => w.word === "signatory")!;
      const totalsFrom = all.find((w) => w.word === "Subtotal")!;
      expect({ count, page: signatory.page }).toEqual({ count, page: last });
      expect({ count, page: totalsFrom.page }).toEqual({ count, page: last });
      expect(signatory.yMax, `${count} lines`).toBeLessThan(signatory.pageHeight - 30);
      expect(pdfImages(bytes)).toEqual([{ page: last, width: 240, height: 80 }]);
    }
  }, 60_000);
});

describe("the digital signature", () => {
  it("signs with a PKCS#12 certificate: pdfsig finds a valid signature by its holder; a changed byte breaks it", async () => {
    const bytes = await renderInvoicePdf({ document: invoice(), signatureImage: signature, signingKey: p12 });
    const report = pdfsig(bytes);
    expect(report).toContain(VALID);
    expect(report).toContain("Signer Certificate Common Name: Ramesh Kumar Sharma");
    expect(report).toContain("Signature Type: adbe.pkcs7.detached");
    expect(report).toContain("Total document signed");
    // Still the same document to a reader.
    expect(text(bytes)).toContain("For Commerce Academy LLP Ramesh Kumar Sharma Authorised signatory");

    // One byte of the signed range changed (in the header's binary comment): no longer valid.
    const tampered = new Uint8Array(bytes);
    expect(String.fromCharCode(...tampered.slice(0, 8))).toBe("%PDF-1.7");
    tampered[11] = tampered[11]! ^ 0x01;
    expect(pdfsig(tampered)).not.toContain(VALID);
  });

  it("signs a document without a signatory block too (an invisible signature)", async () => {
    const bytes = await renderInvoicePdf({ document: invoice({ signatory: undefined }), signingKey: p12 });
    expect(pdfsig(bytes)).toContain(VALID);
    expect(text(bytes)).toContain(NO_SIGNATURE_LINE);
  });

  it("describes a certificate, and refuses a wrong password or a file that is not PKCS#12", () => {
    const described = describeSigningKey(p12);
    expect(described.subject).toBe("CN=Ramesh Kumar Sharma, O=Commerce Academy, C=IN");
    expect(described.validTo).toEqual(p12.notAfter);
    expect(() => describeSigningKey({ ...p12, password: "wrong" })).toThrow(
      expect.objectContaining({ reason: "password" }),
    );
    expect(() => describeSigningKey({ p12: new Uint8Array([1, 2, 3]), password: "" })).toThrow(SigningKeyError);
  });

  it("reads INVOICE_SIGNING_P12_FILE with its password; a bad one stops the start naming the variable", () => {
    const file = writeTestP12(p12);
    const env = (vars: Record<string, string>) => parseEnv({ NODE_ENV: "test", ...vars });
    expect(loadInvoiceSigning(env({}))).toBeNull();
    const loaded = loadInvoiceSigning(
      env({ INVOICE_SIGNING_P12_FILE: file, INVOICE_SIGNING_P12_PASSWORD: p12.password }),
    );
    expect(loaded?.certificate.subject).toContain("CN=Ramesh Kumar Sharma");
    expect(Buffer.from(loaded!.key.p12)).toEqual(Buffer.from(p12.p12));

    const failure = (vars: Record<string, string>) => {
      try {
        loadInvoiceSigning(env(vars));
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        return (error as Error).message;
      }
      throw new Error("expected an EnvError");
    };
    expect(failure({ INVOICE_SIGNING_P12_FILE: file, INVOICE_SIGNING_P12_PASSWORD: "wrong" })).toMatch(
      /^INVOICE_SIGNING_P12_PASSWORD: the password does not open the certificate file/,
    );
    expect(failure({ INVOICE_SIGNING_P12_FILE: `${file}.missing`, INVOICE_SIGNING_P12_PASSWORD: "x" })).toMatch(
      /^INVOICE_SIGNING_P12_FILE: cannot read .*\(ENOENT\)/,
    );
    expect(() => env({ INVOICE_SIGNING_P12_PASSWORD: "secret" })).toThrow(/INVOICE_SIGNING_P12_FILE: required when/);
  });

  it("signs only while the certificate is valid", async () => {
    const future = makeTestP12({ notBefore: new Date(Date.UTC(2099, 0, 1)) });
    const past = makeTestP12({ notBefore: new Date(Date.UTC(2001, 0, 1)), days: 30 });
    const signing = (key: typeof p12) => ({ key, certificate: describeSigningKey(key) });
    const now = new Date(Date.UTC(2026, 5, 1));
    expect(signingStatus(null, now)).toEqual({ state: "off" });
    expect(signingStatus(signing(p12), now).state).toBe("on");
    expect(signingStatus(signing(past), now).state).toBe("expired");
    expect(signingStatus(signing(future), now).state).toBe("not-yet-valid");

    const document = invoice({ signatory: undefined });
    expect((await invoicePdfInput(document, { signing: signing(p12) })).signingKey).toBe(p12);
    expect((await invoicePdfInput(document, { signing: signing(past) })).signingKey).toBeNull();
    expect((await invoicePdfInput(document, { signing: null })).signingKey).toBeNull();
  });
});
