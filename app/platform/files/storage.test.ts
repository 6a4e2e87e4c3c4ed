import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import {
  assertValidKey,
  browserStoreOrigin,
  createLocalStorage,
  createS3Storage,
  type FileStorage,
  getBytes,
  MAX_PRESIGN_SECONDS,
  presignedOrigin,
  type S3Options,
} from "./storage.server";

/** The same behaviour from every adapter. */
function contract(name: string, make: () => FileStorage) {
  describe(`${name} storage`, () => {
    it("puts, reads back, tells existence and deletes", async () => {
      const storage = make();
      const bytes = new TextEncoder().encode("%PDF-1.7 sample");
      expect(await storage.exists("pdfs/a.pdf")).toBe(false);
      expect(await storage.get("pdfs/a.pdf")).toBeNull();
      await storage.put("pdfs/a.pdf", bytes, { contentType: "application/pdf" });
      expect(await storage.exists("pdfs/a.pdf")).toBe(true);
      const file = await storage.get("pdfs/a.pdf");
      expect(file?.size).toBe(bytes.byteLength);
      expect(new TextDecoder().decode((await getBytes(storage, "pdfs/a.pdf")) ?? undefined)).toBe("%PDF-1.7 sample");
      await storage.put("pdfs/a.pdf", new TextEncoder().encode("second"));
      expect(new TextDecoder().decode((await getBytes(storage, "pdfs/a.pdf"))!)).toBe("second");
      await storage.delete("pdfs/a.pdf");
      expect(await storage.exists("pdfs/a.pdf")).toBe(false);
      await storage.delete("pdfs/a.pdf"); // deleting twice is fine
    });

    it("refuses keys that could escape the storage root", async () => {
      const storage = make();
      for (const key of ["../etc/passwd", "pdfs/../../x", "/abs", "UPPER.pdf", "a//b", ""]) {
        await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/Invalid storage key/);
        await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      }
    });
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ca-storage-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
contract("local", () => createLocalStorage(root));

it("the local adapter keeps files under its root, named by key", async () => {
  const storage = createLocalStorage(root);
  await storage.put("images/x.png", new Uint8Array([1, 2, 3]));
  expect(fs.readFileSync(path.join(root, "images", "x.png"))).toEqual(Buffer.from([1, 2, 3]));
  expect(fs.readdirSync(path.join(root, "images")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
});

it("the local adapter lists the keys under a prefix, at any depth, without a write's temporary file", async () => {
  const listRoot = fs.mkdtempSync(path.join(os.tmpdir(), "ca-storage-list-"));
  const storage = createLocalStorage(listRoot);
  for (const key of ["files/a/1.pdf", "files/a/b/2.pdf", "files-x/3.pdf", "commerce-academy-1.dump", "other/4.pdf"])
    await storage.put(key, new Uint8Array([1]));
  // A write in progress: put writes <key>.<uuid>.tmp, then renames it.
  fs.writeFileSync(path.join(listRoot, "files", "a", "5.pdf.0b1c.tmp"), "");
  expect(await storage.list!("files/")).toEqual(["files/a/1.pdf", "files/a/b/2.pdf"]);
  expect(await storage.list!("files")).toEqual(["files-x/3.pdf", "files/a/1.pdf", "files/a/b/2.pdf"]);
  expect(await storage.list!("commerce-academy-")).toEqual(["commerce-academy-1.dump"]);
  expect(await storage.list!("files/a/b/")).toEqual(["files/a/b/2.pdf"]);
  expect(await storage.list!("nothing/")).toEqual([]);
  expect((await storage.list!("")).length).toBe(5);
  fs.rmSync(listRoot, { recursive: true, force: true });
});

it("assertValidKey accepts generated keys", () => {
  expect(() => assertValidKey("images/3f0c9a8e-1b2c-4d5e-8f90-123456789abc.png")).not.toThrow();
  expect(() => assertValidKey("seed/accountancy-board-papers-2019-2025.pdf")).not.toThrow();
});

/* A tiny S3-compatible server (path-style), enough for the adapter's four calls. */
const objects = new Map<string, Buffer>();
let server: http.Server;
let endpoint = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const key = decodeURIComponent(url.pathname);
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      if (!key.startsWith("/test-bucket/")) {
        res.writeHead(400).end();
        return;
      }
      const body = objects.get(key);
      if (req.method === "PUT") {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200, { ETag: '"etag"' }).end();
      } else if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204).end();
      } else if (!body) {
        res
          .writeHead(404, { "Content-Type": "application/xml" })
          .end(req.method === "HEAD" ? undefined : "<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>");
      } else {
        res.writeHead(200, { "Content-Length": body.length, "Content-Type": "application/octet-stream" });
        res.end(req.method === "HEAD" ? undefined : body);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

contract("S3", () =>
  createS3Storage({
    bucket: "test-bucket",
    region: "ap-south-1",
    endpoint,
    accessKeyId: "test",
    secretAccessKey: "test",
    forcePathStyle: true,
  }),
);

it("FILE_STORAGE=s3 without a bucket stops with a clear message", async () => {
  const { createConfiguredStorage } = await import("./storage.server");
  const { resetEnvCache } = await import("~/lib/env.server");
  const saved = { ...process.env };
  try {
    process.env.FILE_STORAGE = "s3";
    delete process.env.S3_BUCKET;
    resetEnvCache();
    expect(() => createConfiguredStorage()).toThrow(/S3_BUCKET: required when FILE_STORAGE=s3/);
    process.env.S3_BUCKET = "bucket";
    resetEnvCache();
    expect(createConfiguredStorage().kind).toBe("s3");
    process.env.FILE_STORAGE = "local";
    resetEnvCache();
    expect(createConfiguredStorage().kind).toBe("local");
  } finally {
    process.env = saved;
    resetEnvCache();
  }
});

describe("presigned GET URLs (S3)", () => {
  const hour = new Date("2026-11-26T10:00:00Z");
  const sign = (opts: Partial<S3Options>, at = hour, expiresInSeconds = 6 * 3600) =>
    createS3Storage({ bucket: "media", region: "ap-south-1", accessKeyId: "AKIDTEST", secretAccessKey: "s", ...opts })
      .presignGet!("videos/v1/360p/seg-3.ts", { expiresInSeconds, signingDate: at }).then((url) => new URL(url));

  it("point at the public origin the CSP allows, for AWS, S3-compatible stores and a CDN", async () => {
    const configs: Partial<S3Options>[] = [
      {},
      { bucket: "my.media" },
      { endpoint: "https://acc.r2.cloudflarestorage.com" },
      { endpoint: "http://127.0.0.1:9000" },
      { endpoint: "http://minio:9000", forcePathStyle: true },
      { endpoint: "http://minio:9000", forcePathStyle: true, publicEndpoint: "https://media.example.com" },
      { endpoint: "http://minio:9000", publicEndpoint: "https://cdn.example.com" },
    ];
    const origins = [];
    for (const config of configs) {
      const url = await sign(config);
      expect(url.origin, JSON.stringify(config)).toBe(
        presignedOrigin({ bucket: "media", region: "ap-south-1", ...config }),
      );
      origins.push(url.origin);
    }
    expect(origins).toEqual([
      "https://media.s3.ap-south-1.amazonaws.com",
      "https://s3.ap-south-1.amazonaws.com",
      "https://media.acc.r2.cloudflarestorage.com",
      "http://127.0.0.1:9000",
      "http://minio:9000",
      "https://media.example.com",
      "https://media.cdn.example.com",
    ]);
  });

  it("are the same URL for the same signing hour, expire as asked, and refuse SigV4's impossible expiries", async () => {
    const a = await sign({});
    expect(a.pathname).toBe("/videos/v1/360p/seg-3.ts");
    expect(a.searchParams.get("X-Amz-Expires")).toBe(String(6 * 3600));
    expect(a.searchParams.get("X-Amz-Date")).toBe("20261126T100000Z");
    expect(a.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect((await sign({})).href).toBe(a.href);
    expect((await sign({}, new Date("2026-11-26T11:00:00Z"))).href).not.toBe(a.href);
    await expect(sign({}, hour, 0)).rejects.toThrow(/expiresInSeconds must be 1 to 604800/);
    await expect(sign({}, hour, MAX_PRESIGN_SECONDS + 1)).rejects.toThrow(/SigV4/);
    expect((await sign({}, hour, MAX_PRESIGN_SECONDS)).searchParams.get("X-Amz-Expires")).toBe("604800");
  });

  it("local storage cannot presign, and the browser needs no other origin", () => {
    expect(createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "ca-presign-"))).presignGet).toBeUndefined();
    expect(browserStoreOrigin(parseEnv({}))).toBeNull();
    expect(browserStoreOrigin(parseEnv({ FILE_STORAGE: "s3", S3_BUCKET: "media", S3_REGION: "ap-south-1" }))).toBe(
      "https://media.s3.ap-south-1.amazonaws.com",
    );
    const minio = {
      FILE_STORAGE: "s3",
      S3_BUCKET: "media",
      S3_ENDPOINT: "http://minio:9000",
      S3_FORCE_PATH_STYLE: "1",
    };
    expect(browserStoreOrigin(parseEnv(minio))).toBe("http://minio:9000");
    expect(browserStoreOrigin(parseEnv({ ...minio, S3_PUBLIC_URL: "https://media.example.com/" }))).toBe(
      "https://media.example.com",
    );
  });
});
