/**
 * Uploaded raster images made fit for a phone (issue 35), in one place: storeUpload
 * (upload.server.ts) passes every image through `normaliseImage` before it is stored. A phone photo
 * (4000 × 3000, 3–5 MB, turned by its EXIF orientation, carrying GPS) comes out upright, without
 * metadata and at most 1600 px (public: question diagrams, covers, banners) or 2000 px (private:
 * doubt and answer photos, where a teacher reads handwriting) on its long side, never enlarged.
 *
 * The format is kept: PNG stays lossless PNG (diagrams), JPEG is re-encoded at quality 82 (mozjpeg),
 * WebP at 80, AVIF as AVIF. A GIF (it may be animated) is stored as it is when it fits; one that does
 * not becomes its first frame as a PNG. When re-encoding made nothing better (no turn, no resize, no
 * metadata to strip, and the new file is not smaller) the uploaded bytes are kept.
 *
 * sharp (libvips) is loaded on the first upload, not at start-up, so an idle server does not carry
 * it, and its operation cache is off. An image sharp cannot decode, or one of more than
 * MAX_INPUT_PIXELS (a decompression bomb: a small PNG can state 20000 × 20000), is an HttpError 400.
 */
import type { Metadata, Sharp, SharpOptions } from "sharp";
import { HttpError } from "~/lib/errors";
import { log } from "~/lib/log.server";

/** What storeUpload accepts (upload.server.ts IMAGE_TYPES). */
export type ImageFormat = "png" | "jpg" | "webp" | "gif" | "avif";

/** Longest side of a public image: question diagrams, product covers and banners. */
export const MAX_PUBLIC_IMAGE_SIDE = 1600;
/** Longest side of a private photo (a doubt's, a handwritten answer's). */
export const MAX_PRIVATE_IMAGE_SIDE = 2000;
/** Pixels an upload may decode to: 50 MP (a phone photo has 12–48). */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface NormalisedImage {
  bytes: Uint8Array;
  /** The stored format: the key's extension. */
  ext: ImageFormat;
  /** As shown (after the EXIF turn); a GIF's, of one frame. */
  width: number;
  height: number;
}

type SharpFactory = (input: Uint8Array, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;

function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

const TOO_MANY_PIXELS = `The image has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Save it smaller and upload it again.`;

function refusal(error: unknown): HttpError {
  const reason = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(reason)) return new HttpError(400, TOO_MANY_PIXELS);
  log.info({ reason }, "an uploaded image could not be decoded");
  return new HttpError(
    400,
    "The image could not be read: the file is damaged or incomplete. Save it again and upload the new file.",
    { cause: error },
  );
}

function encode(pipeline: Sharp, ext: Exclude<ImageFormat, "gif">): Sharp {
  switch (ext) {
    case "png":
      return pipeline.png({ compressionLevel: 9 });
    case "jpg":
      return pipeline.jpeg({ quality: 82, mozjpeg: true });
    case "webp":
      return pipeline.webp({ quality: 80 });
    case "avif":
      return pipeline.avif();
  }
}

/** EXIF, XMP, IPTC or text comments: what can carry a place, a device or a name. */
function hasMetadata(meta: Metadata): boolean {
  return Boolean(meta.exif || meta.xmp || meta.iptc || meta.comments?.length);
}

/**
 * The image to store for uploaded `bytes` whose content (file-type) is `ext`: upright, without
 * metadata, at most `maxSide` pixels on its long side. Throws HttpError 400 when sharp cannot read it
 * or it has more than MAX_INPUT_PIXELS. `onlyWhenNeeded`: the uploaded bytes are kept unless they are
 * turned, too large or carry metadata, even when re-encoding would make them smaller (the signature on
 * invoices, where the owner's file is printed as drawn).
 */
export async function normaliseImage(
  bytes: Uint8Array,
  ext: ImageFormat,
  maxSide: number,
  { onlyWhenNeeded = false }: { onlyWhenNeeded?: boolean } = {},
): Promise<NormalisedImage> {
  const sharp = await loadSharp();
  const animated = ext === "webp";
  const open = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (error) {
    throw refusal(error);
  }
  const orientation = meta.orientation ?? 1;
  const turned = orientation !== 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  const [width, height] = orientation >= 5 ? [frameHeight, meta.width] : [meta.width, frameHeight];
  const resize = Math.max(width, height) > maxSide;

  if (ext === "gif" && !resize) return { bytes, ext, width, height };
  if (onlyWhenNeeded && !resize && !turned && !hasMetadata(meta)) return { bytes, ext, width, height };
  const out = ext === "gif" ? "png" : ext;
  let pipeline = open().autoOrient();
  if (resize) pipeline = pipeline.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
  let result: { data: Buffer; info: { width: number; height: number; pageHeight?: number } };
  try {
    result = await encode(pipeline, out).toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw refusal(error);
  }
  if (!resize && !turned && !hasMetadata(meta) && result.data.length >= bytes.length) {
    return { bytes, ext, width, height };
  }
  const { data, info } = result;
  return {
    bytes: new Uint8Array(data.buffer, data.byteOffset, data.length),
    ext: out,
    width: info.width,
    height: info.pageHeight ?? info.height,
  };
}
