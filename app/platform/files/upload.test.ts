import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { HttpError } from "~/lib/errors";
import { stampPdf } from "./stamp.server";
import { createLocalStorage, getBytes } from "./storage.server";
import { imageContentType, imageUrlForKey, isPublicImageKey, storeUpload, UPLOAD_LIMITS } from "./upload.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ca-upload-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);

// A real 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function pdfBytes() {
  const doc = await PDFDocument.create();
  doc.addPage();
  return doc.save();
}

describe("storeUpload", () => {
  it("stores a real PNG under a generated name and gives its public URL", async () => {
    const key = await storeUpload(new File([PNG], "../../evil name.png", { type: "image/png" }), "image", storage);
    expect(key).toMatch(/^images\/[0-9a-f-]{36}\.png$/);
    expect(isPublicImageKey(key)).toBe(true);
    expect(imageUrlForKey(key)).toBe(`/media/${key}`);
    expect(imageContentType(key)).toBe("image/png");
    expect(Buffer.from((await getBytes(storage, key))!)).toEqual(PNG);
  });

  it("accepts a PDF, which is never a public image", async () => {
    const key = await storeUpload(
      new File([Buffer.from(await pdfBytes())], "notes.pdf", { type: "application/pdf" }),
      "pdf",
      storage,
    );
    expect(key).toMatch(/^pdfs\/[0-9a-f-]{36}\.pdf$/);
    expect(isPublicImageKey(key)).toBe(false);
    expect(() => imageUrlForKey(key)).toThrow();
  });

  it.each([
    [
      "HTML named .png",
      new File(["<html><script>alert(1)</script></html>"], "x.png", { type: "image/png" }),
      "image",
      /PNG, JPEG/,
    ],
    [
      "SVG (can carry scripts)",
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "x.svg", { type: "image/svg+xml" }),
      "image",
      /PNG, JPEG/,
    ],
    ["PNG declared as JPEG", new File([PNG], "x.jpg", { type: "image/jpeg" }), "image", /do not match/],
    ["PNG as the PDF", new File([PNG], "x.pdf", { type: "application/pdf" }), "pdf", /not a PDF/],
    ["empty file", new File([], "x.pdf", { type: "application/pdf" }), "pdf", /empty/],
    [
      "broken PDF",
      new File(["%PDF-1.7\nnothing else"], "x.pdf", { type: "application/pdf" }),
      "pdf",
      /could not be read/,
    ],
  ] as const)("refuses %s with a clear message and stores nothing", async (_, file, kind, message) => {
    const before = fs.readdirSync(root, { recursive: true }).length;
    const error = await storeUpload(file, kind, storage).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toMatch(message);
    expect(fs.readdirSync(root, { recursive: true }).length).toBe(before);
  });

  it("refuses a missing file and a file over the size limit", async () => {
    await expect(storeUpload(null, "pdf", storage)).rejects.toThrow("Choose a PDF to upload.");
    const big = new File([new Uint8Array(UPLOAD_LIMITS.image + 1)], "big.png", { type: "image/png" });
    await expect(storeUpload(big, "image", storage)).rejects.toThrow(/too large: the limit is 5 MB/);
  });
});

describe("stampPdf", () => {
  it("stamps each page: a Hindi name in Devanagari, a script we embed no font for as ?", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage([300, 300]);
    const stamped = await stampPdf({
      bytes: await doc.save(),
      buyer: { name: "प्रिया Zoë தமிழ்", email: "priya@example.com" },
    });
    const out = await PDFDocument.load(stamped);
    expect(out.getPageCount()).toBe(2);
    expect(out.getSubject()).toBe(
      "Licensed to प्रिया Zoë ????? (priya@example.com) - for personal use only - Commerce Academy",
    );
  });
});

describe("displayToUser", () => {
  it("maps the visual bottom-left of rotated pages into user space", async () => {
    const { displayToUser } = await import("./stamp.server");
    // A4 portrait media box shown landscape.
    const r90 = displayToUser(90, 595, 842);
    expect(r90.visual).toEqual({ width: 842, height: 595 });
    expect(r90.toUser(0, 0)).toEqual({ x: 595, y: 0 });
    expect(r90.toUser(842, 0)).toEqual({ x: 595, y: 842 });
    expect(displayToUser(180, 595, 842).toUser(0, 0)).toEqual({ x: 595, y: 842 });
    expect(displayToUser(270, 595, 842).toUser(0, 0)).toEqual({ x: 0, y: 842 });
    expect(displayToUser(-90, 595, 842).angle).toBe(270);
    expect(displayToUser(0, 595, 842).toUser(20, 6)).toEqual({ x: 20, y: 6 });
  });

  it("stamps rotated pages", async () => {
    const { degrees } = await import("pdf-lib");
    const doc = await PDFDocument.create();
    doc.addPage().setRotation(degrees(90));
    const stamped = await stampPdf({ bytes: await doc.save(), buyer: { name: "Asha", email: "asha@example.com" } });
    expect((await PDFDocument.load(stamped)).getPage(0).getRotation().angle).toBe(90);
  });
});
