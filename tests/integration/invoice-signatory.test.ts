/**
 * The authorised signatory on tax documents: the owner sets the name and the signature image in
 * Settings, invoices and credit notes print them, a replaced image leaves documents already built
 * unchanged, bad uploads are refused, and a signing certificate from the environment signs them.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { creditNoteDocumentOf, creditNotesOf } from "~/features/orders/credit-notes.server";
import { buildInvoiceData, invoiceDocumentOf, invoicePdf, loadOrder } from "~/features/orders/orders.server";
import { refundOrder } from "~/features/orders/refund.server";
import { forgetInvoiceSigning } from "~/features/orders/signing.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { getSettings } from "~/features/settings/settings.server";
import { resetEnvCache } from "~/lib/env.server";
import { getBytes, getFileStorage } from "~/platform/files/storage.server";
import * as adminCreditNote from "~/routes/admin/order-credit-note";
import * as adminInvoice from "~/routes/admin/order-invoice";
import * as settingsRoute from "~/routes/admin/settings";
import * as signatureImage from "~/routes/admin/settings-signature-image";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { addToCart } from "../helpers/checkout";
import { createProduct } from "../helpers/factories";
import { normalise } from "../helpers/form";
import { extractPdfText } from "../helpers/pdf-text";
import { flashOf, makeRequest, routeCall, thrownStatus } from "../helpers/route";
import { makeSignatureJpeg, makeSignaturePng, makeTestP12, pdfImages, pdfsig, writeTestP12 } from "../helpers/signing";

const FIRST = makeSignaturePng(240, 80, 1);
const SECOND = makeSignaturePng(300, 100, 2);
const keyOf = (png: Uint8Array) => `signatures/${createHash("sha256").update(png).digest("hex")}.png`;
const NO_SIGNATURE_LINE = "needs no signature";

let owner: TestUser;
let cookie: string;

beforeEach(async () => {
  owner = await createTestUser({ role: "admin", isPrimary: true, name: "Owner" });
  cookie = await cookieFor(owner);
});

/** Posts the signatory form of /admin/settings as the browser does (multipart). */
async function postSignatory(fields: Record<string, string | File>, c = cookie) {
  const form = new FormData();
  form.append("intent", "signatory");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = makeRequest("/admin/settings", { method: "POST", body: form, headers: { cookie: c } });
  try {
    return normalise<{ fieldErrors: Record<string, string> }>(
      await routeCall(settingsRoute.action, { request, params: {}, context: {} } as never),
    );
  } catch (thrown) {
    return normalise<{ fieldErrors: Record<string, string> }>(thrown);
  }
}

const png = (bytes: Uint8Array, name = "signature.png", type = "image/png") =>
  new File([Buffer.from(bytes)], name, { type });

async function paidOrder() {
  const db = await getDb();
  const buyer = await createTestUser({ name: "Meera Iyer", stateCode: "08" });
  const product = await createProduct({ title: "Economics Class 12", pricePaise: 99_900 });
  await addToCart(buyer.id, [product.id]);
  const placed = await placeOrder(db, buyer.id);
  await settleTestPayment(db, buyer.id, placed.orderId, "pay");
  return (await loadOrder(db, placed.orderId))!;
}

async function download(loader: (args: never) => Promise<unknown>, path: string, orderId: string) {
  const response = (await routeCall(loader, {
    request: makeRequest(path, { headers: { cookie } }),
    params: { orderId },
    context: {},
  } as never)) as Response;
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  return new Uint8Array(await response.arrayBuffer());
}

const text = (bytes: Uint8Array) => extractPdfText(bytes).replace(/\s+/g, " ");

describe("the authorised signatory in Settings", () => {
  it("prints on invoices and credit notes; a replaced image leaves a document already built as it was", async () => {
    const db = await getDb();
    const saved = await postSignatory({ signatoryName: "  Ramesh Kumar Sharma ", signatureImage: png(FIRST) });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/settings");
    expect(await flashOf(saved.headers)).toBe("Authorised signatory saved.");
    let settings = await getSettings(db);
    expect(settings).toMatchObject({ signatoryName: "Ramesh Kumar Sharma", signatureImageKey: keyOf(FIRST) });
    expect(Buffer.from((await getBytes(getFileStorage(), keyOf(FIRST)))!)).toEqual(Buffer.from(FIRST));
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.actorId, owner.id));
    expect(audit.map((a) => [a.type, a.description])).toEqual([
      ["Settings", "Authorised signatory changed to Ramesh Kumar Sharma; New signature image for invoices"],
    ]);

    // The Settings page previews it, for admins only.
    const preview = (await routeCall(signatureImage.loader, {
      request: makeRequest("/admin/settings/signature-image", { headers: { cookie } }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(preview.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await preview.arrayBuffer())).toEqual(Buffer.from(FIRST));
    const student = await cookieFor(await createTestUser());
    expect(
      await thrownStatus(() =>
        routeCall(signatureImage.loader, {
          request: makeRequest("/admin/settings/signature-image", { headers: { cookie: student } }),
          params: {},
          context: {},
        } as never),
      ),
    ).toBe(403);

    // The invoice, issued (and frozen) at payment, prints "For <seller>", the image and the name above
    // "Authorised signatory".
    const order = await paidOrder();
    const issued = (await invoiceDocumentOf(db, order))!;
    expect(issued.signatory).toEqual({ name: "Ramesh Kumar Sharma", imageKey: keyOf(FIRST) });
    const invoicePath = `/admin/orders/${order.id}/invoice.pdf`;
    const invoice = await download(adminInvoice.loader, invoicePath, order.id);
    expect(text(invoice)).toContain("For Commerce Academy Ramesh Kumar Sharma Authorised signatory");
    expect(text(invoice)).not.toContain(NO_SIGNATURE_LINE);
    expect(pdfImages(invoice)).toEqual([{ page: 1, width: 240, height: 80 }]);
    expect(pdfsig(invoice)).toContain("does not contain any signatures");

    // A new image gets a new key; the old file stays, and the invoice issued before still prints it.
    expect((await postSignatory({ signatoryName: "Ramesh Kumar Sharma", signatureImage: png(SECOND) })).status).toBe(
      302,
    );
    settings = await getSettings(db);
    expect(settings.signatureImageKey).toBe(keyOf(SECOND));
    expect(await getFileStorage().exists(keyOf(FIRST))).toBe(true);
    expect(issued.signatory?.imageKey).toBe(keyOf(FIRST));
    expect((await invoiceDocumentOf(db, (await loadOrder(db, order.id))!))!.signatory?.imageKey).toBe(keyOf(FIRST));
    expect(pdfImages(await download(adminInvoice.loader, invoicePath, order.id))).toEqual([
      { page: 1, width: 240, height: 80 },
    ]);
    // A document built now would take the new one.
    expect((await buildInvoiceData(db, order))!.signatory?.imageKey).toBe(keyOf(SECOND));

    // The same image again is the same key (content-addressed). A credit note issued now is signed by
    // the signatory of now.
    expect((await postSignatory({ signatoryName: "Ramesh Kumar Sharma", signatureImage: png(SECOND) })).status).toBe(
      302,
    );
    expect((await getSettings(db)).signatureImageKey).toBe(keyOf(SECOND));
    await refundOrder(db, order.id, owner.id);
    const note = await download(adminCreditNote.loader, `/admin/orders/${order.id}/credit-note.pdf`, order.id);
    expect(text(note)).toContain("CREDIT NOTE");
    expect(text(note)).toContain("For Commerce Academy Ramesh Kumar Sharma Authorised signatory");
    expect(pdfImages(note)).toEqual([{ page: 1, width: 300, height: 100 }]);
    const refunded = (await loadOrder(db, order.id))!;
    const [issuedNote] = await creditNotesOf(db, order.id);
    expect((await creditNoteDocumentOf(db, refunded, issuedNote!))?.signatory?.imageKey).toBe(keyOf(SECOND));

    // Removed: the next invoice has no image and the computer-generated line is back; the files stay
    // for the documents that name them.
    expect((await postSignatory({ signatoryName: "Ramesh Kumar Sharma", removeSignatureImage: "on" })).status).toBe(
      302,
    );
    expect((await getSettings(db)).signatureImageKey).toBeNull();
    const next = await paidOrder();
    const plain = await invoicePdf((await invoiceDocumentOf(db, next))!);
    expect(text(plain)).toContain(`${NO_SIGNATURE_LINE}. For Commerce Academy Ramesh Kumar Sharma`);
    expect(pdfImages(plain)).toEqual([]);
    expect(await getFileStorage().exists(keyOf(SECOND))).toBe(true);
    expect(pdfImages(await download(adminInvoice.loader, invoicePath, order.id))).toEqual([
      { page: 1, width: 240, height: 80 },
    ]);
    expect(
      await thrownStatus(() =>
        routeCall(signatureImage.loader, {
          request: makeRequest("/admin/settings/signature-image", { headers: { cookie } }),
          params: {},
          context: {},
        } as never),
      ),
    ).toBe(404);
  });

  it("takes a PNG or a JPEG; a bad image or name is a 400 next to its field and changes nothing", async () => {
    const db = await getDb();
    const before = await getSettings(db);
    const corrupt = new Uint8Array(FIRST);
    corrupt.fill(0, 40, 120); // a PNG header over broken image data
    const wide = makeSignaturePng(4100, 4, 3);
    const cases: [Record<string, string | File>, string, RegExp][] = [
      [
        { signatureImage: png(new Uint8Array(Buffer.from("GIF89a\u0001\u0000\u0001\u0000"))) },
        "signatureImage",
        /PNG or JPEG/,
      ],
      [
        { signatureImage: png(new Uint8Array(Buffer.from("<html><script>alert(1)</script></html>"))) },
        "signatureImage",
        /PNG or JPEG/,
      ],
      [{ signatureImage: png(FIRST, "signature.jpg", "image/jpeg") }, "signatureImage", /do not match its type/],
      [{ signatureImage: png(new Uint8Array(1024 * 1024 + 1).fill(1)) }, "signatureImage", /limit is 1 MB/],
      [{ signatureImage: png(corrupt) }, "signatureImage", /could not be read/],
      [{ signatureImage: png(wide) }, "signatureImage", /at most 4000 pixels/],
      [{ signatoryName: "x".repeat(101) }, "signatoryName", /at most 100/],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await postSignatory({ signatoryName: "Ramesh Kumar Sharma", ...fields });
      expect(answer.status, field).toBe(400);
      expect(answer.data?.fieldErrors[field]).toMatch(message);
      expect(await getSettings(db)).toEqual(before);
    }
    expect(await getFileStorage().exists(keyOf(corrupt))).toBe(false);
    expect(await getFileStorage().exists(keyOf(wide))).toBe(false);
    // A student may not post it at all.
    expect((await postSignatory({ signatoryName: "Mallory" }, await cookieFor(await createTestUser()))).status).toBe(
      403,
    );
    expect(await getSettings(db)).toEqual(before);

    // A JPEG is taken, under its own key.
    const jpeg = await makeSignatureJpeg();
    const jpegKey = `signatures/${createHash("sha256").update(jpeg).digest("hex")}.jpg`;
    expect(
      (await postSignatory({ signatoryName: "Ramesh", signatureImage: png(jpeg, "sign.jpg", "image/jpeg") })).status,
    ).toBe(302);
    expect((await getSettings(db)).signatureImageKey).toBe(jpegKey);
  });

  it("a phone photo of the signature is printed upright, without the photo's EXIF (camera, GPS)", async () => {
    const db = await getDb();
    // As a phone stores it (ink on white paper): the pixels on their side (80 × 240), EXIF orientation 6 to show them turned
    // 90° clockwise (240 × 80), the camera's make and a GPS position.
    const photo = await sharp(Buffer.from(makeSignaturePng(240, 80)))
      .flatten({ background: "#ffffff" })
      .rotate(270)
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "28/1 36/1 0/1" } })
      .toBuffer();
    const uploaded = await sharp(photo).metadata();
    expect([uploaded.width, uploaded.height, uploaded.orientation]).toEqual([80, 240, 6]);
    expect(photo.includes("PhoneMaker")).toBe(true);

    const saved = await postSignatory({
      signatoryName: "Ramesh",
      signatureImage: png(photo, "IMG_0042.jpg", "image/jpeg"),
    });
    expect(saved.status).toBe(302);
    const key = (await getSettings(db)).signatureImageKey!;
    expect(key).toMatch(/^signatures\/[0-9a-f]{64}\.jpg$/);
    const stored = Buffer.from((await getBytes(getFileStorage(), key))!);
    expect(key).toBe(`signatures/${createHash("sha256").update(stored).digest("hex")}.jpg`);
    const kept = await sharp(stored).metadata();
    expect([kept.width, kept.height, kept.orientation, kept.exif]).toEqual([240, 80, undefined, undefined]);
    // Upright: the stroke runs left to right as drawn, so the image is wide, not tall.
    const order = await paidOrder();
    const invoice = await download(adminInvoice.loader, `/admin/orders/${order.id}/invoice.pdf`, order.id);
    expect(pdfImages(invoice)).toEqual([{ page: 1, width: 240, height: 80 }]);
    expect(Buffer.from(invoice).includes("PhoneMaker")).toBe(false);
    expect(Buffer.from(invoice).includes(Buffer.from("1c000000010000002400000001000000", "hex"))).toBe(false);
  });
});

describe("the signing certificate", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ["INVOICE_SIGNING_P12_FILE", "INVOICE_SIGNING_P12_PASSWORD"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvCache();
    forgetInvoiceSigning();
  });

  const settingsPage = async () =>
    normalise<{ signing: Record<string, unknown> }>(
      await routeCall(settingsRoute.loader, {
        request: makeRequest("/admin/settings", { headers: { cookie } }),
        params: {},
        context: {},
      } as never),
    ).data!;

  it("Settings says whether documents are signed and by whom, never the secret; a download is signed", async () => {
    expect((await settingsPage()).signing).toEqual({ state: "off" });
    const order = await paidOrder();

    const p12 = makeTestP12({ commonName: "Commerce Academy Signing", password: "p12-password-do-not-show" });
    process.env.INVOICE_SIGNING_P12_FILE = writeTestP12(p12);
    process.env.INVOICE_SIGNING_P12_PASSWORD = p12.password;
    resetEnvCache();
    forgetInvoiceSigning();

    const page = await settingsPage();
    expect(page.signing).toEqual({
      state: "on",
      certificate: {
        subject: "CN=Commerce Academy Signing, O=Commerce Academy, C=IN",
        issuer: "CN=Commerce Academy Signing, O=Commerce Academy, C=IN",
        validFrom: new Date(Date.UTC(2020, 0, 1)),
        validTo: p12.notAfter,
      },
    });
    const shown = JSON.stringify(page);
    expect(shown).not.toContain(p12.password);
    expect(shown).not.toContain(Buffer.from(p12.p12).toString("base64").slice(0, 40));

    const invoice = await download(adminInvoice.loader, `/admin/orders/${order.id}/invoice.pdf`, order.id);
    const report = pdfsig(invoice);
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Signer Certificate Common Name: Commerce Academy Signing");
    expect(text(invoice)).toContain(`Invoice No: ${order.invoiceNumber}`);

    // A wrong password: Settings names the problem (start-up refuses it) instead of failing the page.
    process.env.INVOICE_SIGNING_P12_PASSWORD = "wrong";
    resetEnvCache();
    forgetInvoiceSigning();
    expect((await settingsPage()).signing).toEqual({
      state: "error",
      message: expect.stringMatching(/^INVOICE_SIGNING_P12_PASSWORD: the password does not open the certificate file/),
    });
  });
});
