/**
 * Uploads (product images, question diagrams, note/PYQ PDFs, doubt and answer photos, the signature on
 * invoices): checked by content (magic bytes), declared type and size, stored under a generated name.
 * An image given to storeUpload is made fit for a phone first (image.server.ts: upright, no metadata,
 * scaled down); the signature is turned upright and stripped of its metadata only when it needs it
 * (pdf-lib embeds a JPEG's bytes as they are, EXIF and GPS included, and ignores its orientation).
 * Callers show `HttpError.message` next to the file field.
 */
import { createHash, randomUUID } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { HttpError } from "~/lib/errors";
import { FORM_MAX_BYTES } from "~/lib/form.server";
import { runPdfJob } from "~/lib/pdf-pool.server";
import { MAX_PRIVATE_IMAGE_SIDE, MAX_PUBLIC_IMAGE_SIDE, normaliseImage } from "./image.server";
import type { checkPdf, checkPdfImage } from "./pdf-check.server";
import { MAX_IMAGE_SIDE } from "./pdf-image-limit";
import { type FileStorage, getFileStorage } from "./storage.server";

export type UploadKind = "image" | "pdf";

export const UPLOAD_LIMITS = { image: 5 * 1024 * 1024, pdf: 50 * 1024 * 1024 } as const;
/** The body limit of a form that carries an image and a PDF (the course editor: `readFormData`'s `maxBytes`). */
export const UPLOAD_FORM_MAX_BYTES = UPLOAD_LIMITS.image + UPLOAD_LIMITS.pdf + FORM_MAX_BYTES;

/** Raster formats only: SVG can carry scripts, so it is never accepted as an upload. */
export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
} as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const GENERIC_TYPES = new Set(["", "application/octet-stream"]);

/**
 * Validates and stores an uploaded file; returns its storage key
 * (`images/<uuid>.<ext>` or `pdfs/<uuid>.pdf`). Throws HttpError with a
 * message for the user when the file is missing, too big, not what it claims or an image that cannot
 * be decoded. An image is stored normalised (`normaliseImage`: at most 1600 px on its long side, 2000
 * in a private folder); `<ext>` is the stored format (an oversized GIF is stored as a PNG).
 * `privateFolder` stores an image elsewhere than `images/` (`doubts`, `answers`), so /media never serves
 * it, and a PDF elsewhere than `pdfs/`: its route checks who asks.
 */
export async function storeUpload(
  file: File | null | undefined,
  kind: UploadKind,
  storage: FileStorage = getFileStorage(),
  privateFolder?: "doubts" | "answers",
): Promise<string> {
  return (await storeUploadSized(file, kind, storage, privateFolder)).key;
}

/** `storeUpload`, with the size of what was stored (a normalised image is not the size uploaded). */
export async function storeUploadSized(
  file: File | null | undefined,
  kind: UploadKind,
  storage: FileStorage = getFileStorage(),
  privateFolder?: "doubts" | "answers",
): Promise<{ key: string; bytes: number }> {
  const what = kind === "image" ? "an image" : "a PDF";
  if (!file || typeof file === "string" || typeof (file as File).arrayBuffer !== "function") {
    throw new HttpError(400, `Choose ${what} to upload.`);
  }
  if (file.size === 0) throw new HttpError(400, "The file is empty.");
  const limit = UPLOAD_LIMITS[kind];
  if (file.size > limit) throw new HttpError(400, `The file is too large: the limit is ${mb(limit)}.`);

  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  const declared = (file.type ?? "").toLowerCase();

  if (kind === "image") {
    const ext = detected?.ext === ("jpeg" as string) ? "jpg" : detected?.ext;
    if (!ext || !(ext in IMAGE_TYPES)) {
      throw new HttpError(400, "Images must be PNG, JPEG, WebP, GIF or AVIF files.");
    }
    const mime = IMAGE_TYPES[ext as ImageExt];
    if (!GENERIC_TYPES.has(declared) && declared !== mime && !(declared === "image/jpg" && ext === "jpg")) {
      throw new HttpError(400, "The file's contents do not match its type.");
    }
    const maxSide = privateFolder ? MAX_PRIVATE_IMAGE_SIDE : MAX_PUBLIC_IMAGE_SIDE;
    const image = await normaliseImage(bytes, ext as ImageExt, maxSide);
    const key = `${privateFolder ?? "images"}/${randomUUID()}.${image.ext}`;
    await storage.put(key, image.bytes, { contentType: IMAGE_TYPES[image.ext] });
    return { key, bytes: image.bytes.byteLength };
  }

  if (detected?.mime !== "application/pdf") throw new HttpError(400, "The file is not a PDF.");
  if (!GENERIC_TYPES.has(declared) && declared !== "application/pdf") {
    throw new HttpError(400, "The file's contents do not match its type.");
  }
  // Every download is stamped with the buyer's name, so the PDF must open in pdf-lib.
  const { pages, encrypted } = await runPdfJob<typeof checkPdf>("check", bytes);
  if (encrypted) {
    throw new HttpError(
      400,
      privateFolder
        ? "The PDF is password-protected: save it again without a password and upload that."
        : "Password-protected PDFs cannot be sold here: upload the PDF without a password.",
    );
  }
  if (pages < 1) throw new HttpError(400, "The PDF could not be read. Export it again and upload the new file.");
  const key = `${privateFolder ?? "pdfs"}/${randomUUID()}.pdf`;
  await storage.put(key, bytes, { contentType: "application/pdf" });
  return { key, bytes: bytes.byteLength };
}

/** Only generated image keys are public; anything else (PDFs included) is not. */
const PUBLIC_IMAGE_KEY =
  /^images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif|avif)$/;

export function isPublicImageKey(key: string): boolean {
  return PUBLIC_IMAGE_KEY.test(key);
}

/** The public URL of an uploaded image (what products.image holds for uploads). */
export function imageUrlForKey(key: string): string {
  if (!isPublicImageKey(key)) throw new Error(`Not a public image key: ${key}`);
  return `/media/${key}`;
}

export function imageContentType(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1) as ImageExt;
  return IMAGE_TYPES[ext];
}

/** The signature printed on invoices: PNG or JPEG (what pdf-lib embeds), at most 1 MB. */
export const SIGNATURE_IMAGE_LIMIT = 1024 * 1024;
const SIGNATURE_TYPES = { png: "image/png", jpg: "image/jpeg" } as const;

/**
 * Validates and stores the authorised signatory's signature image; returns its key,
 * `signatures/<sha256>.<png|jpg>`. The key is the hash of the bytes, so a key always means the same
 * image: a replaced signature gets a new key and invoices issued with the old one keep printing it
 * (nothing here ever overwrites or deletes one). Throws HttpError 400 with a message for the owner.
 */
export async function storeSignatureImage(
  file: File | null | undefined,
  storage: FileStorage = getFileStorage(),
): Promise<string> {
  if (!file || typeof file === "string" || typeof (file as File).arrayBuffer !== "function") {
    throw new HttpError(400, "Choose the signature image to upload.");
  }
  if (file.size === 0) throw new HttpError(400, "The file is empty.");
  if (file.size > SIGNATURE_IMAGE_LIMIT) {
    throw new HttpError(400, `The file is too large: the limit is ${mb(SIGNATURE_IMAGE_LIMIT)}.`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  const ext = detected?.ext === ("jpeg" as string) ? "jpg" : detected?.ext;
  if (ext !== "png" && ext !== "jpg") throw new HttpError(400, "The signature must be a PNG or JPEG image.");
  const mime = SIGNATURE_TYPES[ext];
  const declared = (file.type ?? "").toLowerCase();
  if (!GENERIC_TYPES.has(declared) && declared !== mime && !(declared === "image/jpg" && ext === "jpg")) {
    throw new HttpError(400, "The file's contents do not match its type.");
  }
  const check = await runPdfJob<typeof checkPdfImage>("image-check", { bytes, type: ext });
  if (!check.ok) {
    throw new HttpError(
      400,
      check.tooLarge
        ? `The image is too large: at most ${MAX_IMAGE_SIDE} pixels on each side (about 600 × 200 is plenty).`
        : "The image could not be read. Save it again as PNG or JPEG and upload the new file.",
    );
  }
  // A phone photo of a signature on paper: upright as it was taken (pdf-lib would draw it on its side)
  // and without its EXIF (the camera, the place it was taken), which every invoice would carry.
  const stored = (await normaliseImage(bytes, ext, MAX_IMAGE_SIDE, { onlyWhenNeeded: true })).bytes;
  const key = `signatures/${createHash("sha256").update(stored).digest("hex")}.${ext}`;
  if (!(await storage.exists(key))) await storage.put(key, stored, { contentType: mime });
  return key;
}

const SIGNATURE_KEY = /^signatures\/[0-9a-f]{64}\.(png|jpg)$/;

/** A key storeSignatureImage made (the Settings preview serves nothing else). */
export function isSignatureImageKey(key: string): boolean {
  return SIGNATURE_KEY.test(key);
}

export function signatureImageContentType(key: string): string {
  return key.endsWith(".png") ? SIGNATURE_TYPES.png : SIGNATURE_TYPES.jpg;
}
