/**
 * Uploaded images are stored fit for a phone (image.server.ts through storeUpload): real images made
 * with sharp here, stored in a scratch folder and read back.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "~/lib/errors";
import { MAX_INPUT_PIXELS } from "./image.server";
import { createLocalStorage, getBytes } from "./storage.server";
import { storeUpload } from "./upload.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ca-image-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);
const storedFiles = () => fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());

async function stored(key: string) {
  const bytes = Buffer.from((await getBytes(storage, key))!);
  return { bytes, meta: await sharp(bytes).metadata() };
}

/** The mean red and blue of a region of an image. */
async function colourOf(image: Buffer, region: { left: number; top: number; width: number; height: number }) {
  // stats() reads its input, not the pipeline's output: extract first.
  const { channels } = await sharp(await sharp(image).extract(region).toBuffer()).stats();
  return { red: channels[0]!.mean, blue: channels[2]!.mean };
}

/**
 * A phone photo as a camera writes it: 4000 × 3000 pixels of noisy texture (3–4 MB), the sensor's top
 * half red and bottom half blue, EXIF orientation 6 (shown turned 90° clockwise: red on the right) and
 * a GPS position (28° 36′ N).
 */
let phonePhoto: Buffer<ArrayBuffer>;
beforeAll(async () => {
  const noise = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 0, sigma: 25 },
    },
  })
    .png()
    .toBuffer();
  const half = (r: number, b: number) =>
    sharp({ create: { width: 4000, height: 1500, channels: 3, background: { r, g: 60, b } } })
      .png()
      .toBuffer();
  phonePhoto = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#000" } })
    .composite([
      { input: await half(220, 30), top: 0, left: 0 },
      { input: await half(30, 220), top: 1500, left: 0 },
      { input: noise, tile: true, blend: "add" },
    ])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "28/1 36/1 0/1" } })
    .toBuffer();
}, 30_000);

/** The GPS latitude 28/1 36/1 as EXIF (little-endian) rationals. */
const GPS_LATITUDE = Buffer.from("1c000000010000002400000001000000", "hex");

describe("a phone photo", () => {
  it("is what a phone uploads: 4000 × 3000, turned by EXIF, with GPS, a few MB", async () => {
    const meta = await sharp(phonePhoto).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([4000, 3000, 6]);
    expect(meta.exif?.includes(GPS_LATITUDE)).toBe(true);
    expect(phonePhoto.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(phonePhoto.length).toBeLessThan(5 * 1024 * 1024);
  });

  it.each([
    ["answers/ (private)", 2000, 1500, "answers"] as const,
    ["doubts/ (private)", 2000, 1500, "doubts"] as const,
    ["images/ (public)", 1600, 1200, undefined] as const,
  ])("stored in %s: upright, %i px on its long side, without metadata, smaller", async (_, long, short, folder) => {
    const key = await storeUpload(
      new File([phonePhoto], "IMG_0001.jpg", { type: "image/jpeg" }),
      "image",
      storage,
      folder,
    );
    expect(key).toMatch(new RegExp(`^${folder ?? "images"}/[0-9a-f-]{36}\\.jpg$`));
    const { bytes, meta } = await stored(key);
    expect(meta.format).toBe("jpeg");
    // Turned upright: portrait, the sensor's top (red) now on the right.
    expect([meta.width, meta.height]).toEqual([short, long]);
    expect(meta.orientation).toBeUndefined();
    const left = await colourOf(bytes, { left: 0, top: 0, width: short / 2, height: long });
    const right = await colourOf(bytes, { left: short / 2, top: 0, width: short / 2, height: long });
    expect(right.red).toBeGreaterThan(right.blue + 100);
    expect(left.blue).toBeGreaterThan(left.red + 100);
    // No EXIF (so no GPS), XMP or IPTC in what is served.
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(bytes.includes(GPS_LATITUDE)).toBe(false);
    expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
    expect(bytes.length).toBeLessThan(phonePhoto.length / 3);
  });
});

describe("a question diagram", () => {
  it("a small PNG stays a lossless PNG of the same size, no larger", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
      <rect width="640" height="400" fill="#fff"/>
      <path d="M40 360 L600 360 M40 360 L40 40" stroke="#000" stroke-width="3"/>
      <path d="M60 60 Q 320 380 600 340" stroke="#1d4ed8" stroke-width="4" fill="none"/>
      <text x="300" y="390" font-size="18">Quantity</text>
    </svg>`;
    const diagram = await sharp(Buffer.from(svg)).png().toBuffer();
    const key = await storeUpload(new File([diagram], "demand.png", { type: "image/png" }), "image", storage);
    expect(key).toMatch(/^images\/[0-9a-f-]{36}\.png$/);
    const { bytes, meta } = await stored(key);
    expect(meta.format).toBe("png");
    expect([meta.width, meta.height]).toEqual([640, 400]);
    expect(bytes.length).toBeLessThanOrEqual(diagram.length);
    // Lossless: every pixel as uploaded.
    const raw = (image: Buffer) => sharp(image).ensureAlpha().raw().toBuffer();
    expect((await raw(bytes)).equals(await raw(diagram))).toBe(true);
  });

  it("a wide PNG is scaled down to 1600 px, still PNG", async () => {
    const wide = await sharp({ create: { width: 3200, height: 800, channels: 3, background: "#fafafa" } })
      .png()
      .toBuffer();
    const key = await storeUpload(new File([wide], "ledger.png", { type: "image/png" }), "image", storage);
    const { meta } = await stored(key);
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1600, 400]);
  });

  it("a small animated GIF is stored as it is; an oversized GIF becomes its first frame as a PNG", async () => {
    const frame = (background: string, width: number) =>
      sharp({ create: { width, height: 60, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("#f00", 80), await frame("#00f", 80)], { join: { animated: true } })
      .gif({ delay: [200, 200], loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const small = await storeUpload(new File([animated], "spin.gif", { type: "image/gif" }), "image", storage);
    expect(small).toMatch(/\.gif$/);
    expect((await stored(small)).bytes.equals(animated)).toBe(true);

    const big = await sharp(await frame("#0a0", 2400))
      .gif()
      .toBuffer();
    const key = await storeUpload(new File([big], "banner.gif", { type: "image/gif" }), "image", storage);
    expect(key).toMatch(/^images\/[0-9a-f-]{36}\.png$/);
    const { meta } = await stored(key);
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1600, 40]);
  });

  it("a WebP with EXIF keeps its format and loses the metadata", async () => {
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#345" } })
      .webp({ quality: 95 })
      .withExif({ IFD0: { Make: "PhoneMaker" } })
      .toBuffer();
    expect((await sharp(webp).metadata()).exif).toBeDefined();
    const key = await storeUpload(new File([webp], "cover.webp", { type: "image/webp" }), "image", storage);
    expect(key).toMatch(/\.webp$/);
    const { bytes, meta } = await stored(key);
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 300, 200, undefined]);
    expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });
});

/** A real PNG: 1-bit grey, every pixel black, `side` × `side` (zlib makes it a few KB). */
function solidPng(side: number) {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), no interlace
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("a cover in AVIF", () => {
  it("stays AVIF, scaled down to 1600 px", async () => {
    const avif = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#2a6" } })
      .avif()
      .toBuffer();
    const key = await storeUpload(new File([avif], "cover.avif", { type: "image/avif" }), "image", storage);
    expect(key).toMatch(/^images\/[0-9a-f-]{36}\.avif$/);
    const { meta } = await stored(key);
    expect([meta.format, meta.compression, meta.width, meta.height]).toEqual(["heif", "av1", 1600, 1067]);
    // Three AV1 passes (make, read, write) of a 2400 px image: 5 s was too short beside the OCR file.
  }, 30_000);
});

describe("refused images: a 400 that stores nothing", () => {
  async function refusal(file: File, folder?: "doubts") {
    const before = storedFiles().length;
    const error = await storeUpload(file, "image", storage, folder).catch((e: unknown) => e);
    expect(storedFiles().length).toBe(before);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return (error as HttpError).message;
  }

  it("a JPEG cut short (file-type accepts it, sharp cannot decode it)", async () => {
    const cut = phonePhoto.subarray(0, phonePhoto.length / 2);
    expect(await refusal(new File([cut], "photo.jpg", { type: "image/jpeg" }), "doubts")).toMatch(
      /^The image could not be read: /,
    );
  });

  it("a PNG with its pixel data broken", async () => {
    const png = solidPng(64);
    png.fill(0xff, 41, png.length - 16); // the IDAT's bytes, not its header
    expect(await refusal(new File([png], "diagram.png", { type: "image/png" }))).toMatch(
      /^The image could not be read: /,
    );
  });

  it("a decompression bomb: a 20000 × 20000 PNG of a few KB", async () => {
    const bomb = solidPng(20_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(await refusal(new File([bomb], "diagram.png", { type: "image/png" }))).toMatch(
      /too many pixels: at most 50 megapixels/,
    );
  });

  it("just under the limit is taken (7000 × 7000)", async () => {
    const key = await storeUpload(new File([solidPng(7000)], "scan.png", { type: "image/png" }), "image", storage);
    const { meta } = await stored(key);
    expect([meta.width, meta.height]).toEqual([1600, 1600]);
  });
});
