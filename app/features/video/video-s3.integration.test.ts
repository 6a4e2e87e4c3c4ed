/**
 * Video bytes off the app (issue 37): with the files in an S3-compatible store (s3rver on loopback),
 * a media playlist lists each segment as a presigned URL of the store, the key stays in the app.
 * s3rver checks a presigned URL's expiry and access key, not its signature: nothing here claims it.
 */
import { createDecipheriv } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { type FileStorage, getBytes, putFile, setFileStorage } from "~/platform/files/storage.server";
import { cookieFor, createTestUser } from "../../../tests/helpers/auth";
import { type S3Store, s3StorageOf, startS3Store } from "../../../tests/helpers/s3-store";
import { useTestStorage } from "../../../tests/helpers/storage";
import { ownerOf, transcodedLesson, videoGet } from "../../../tests/helpers/video";
import { mediaPlaylistFor, segmentUrlWindow } from "./playback.server";
import { generateSample } from "./transcode.server";
import { getLessonVideo } from "./video.server";

let store: S3Store;
let storage: FileStorage;
/** The origin the browser is sent to: another name of the same s3rver, as S3_PUBLIC_URL would be a CDN's. */
let publicOrigin: string;
let sample: string;
beforeAll(async () => {
  // The app's origin in these tests (tests/helpers/route.ts makeRequest).
  store = await startS3Store(undefined, { corsOrigins: ["http://localhost:3000"] });
  publicOrigin = `http://localhost:${store.port}`;
  storage = s3StorageOf(store, { publicEndpoint: publicOrigin });
  sample = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-video-s3-")), "sample.mp4");
  await generateSample(sample, { seconds: 5, width: 426, height: 240, title: "S3" });
}, 60_000);
afterAll(async () => {
  await store?.close();
  fs.rmSync(store.directory, { recursive: true, force: true });
});
afterEach(() => useTestStorage());

let lesson: { id: number; productId: number };
beforeEach(async () => {
  setFileStorage(storage);
  lesson = await transcodedLesson(storage, new Uint8Array(fs.readFileSync(sample)), "videos/test-s3");
}, 60_000);

const get = (sub: string, cookie?: string) => videoGet(lesson.id, sub, cookie);

const owner = () => ownerOf(lesson);

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/** The segment lines of a media playlist (every line after an #EXTINF). */
const segmentLines = (playlist: string) => {
  const lines = playlist.split("\n");
  return lines.flatMap((line, i) => (lines[i - 1]?.startsWith("#EXTINF") ? [line] : []));
};

describe("hosted video with FILE_STORAGE=s3", () => {
  it("a file streamed into the store (putFile, as the transcode stores segments) reads back byte for byte", async () => {
    const file = path.join(path.dirname(sample), "random.bin");
    const bytes = new Uint8Array(Array.from({ length: 70_001 }, (_, i) => (i * 7919) % 251));
    fs.writeFileSync(file, bytes);
    await putFile(storage, "videos/test-s3/random.bin", file);
    expect(Buffer.compare((await getBytes(storage, "videos/test-s3/random.bin"))!, bytes)).toBe(0);
  });

  it("the playlist sends every segment to the store with a presigned URL; those URLs give exactly the stored bytes, the key comes from the app", async () => {
    const cookie = await cookieFor(await owner());
    const video = (await getLessonVideo(await getDb(), lesson.id))!;
    const stored = text((await getBytes(storage, `${video.hlsPrefix}/240p/index.m3u8`))!);
    expect(segmentLines(stored)).toEqual(["seg-0.ts", "seg-1.ts", "seg-2.ts"]);

    const media = await get("240p/index.m3u8", cookie);
    expect(media.status).toBe(200);
    const playlist = text(media.body);
    const urls = segmentLines(playlist).map((line) => new URL(line));
    expect(urls).toHaveLength(3);
    const { signingDate } = segmentUrlWindow(6);
    for (const [i, url] of urls.entries()) {
      expect(url.origin).toBe(publicOrigin);
      expect(url.pathname).toBe(`/${store.bucket}/${video.hlsPrefix}/240p/seg-${i}.ts`);
      expect(url.searchParams.get("X-Amz-Expires")).toBe(String(6 * 3600));
      expect(url.searchParams.get("X-Amz-Credential")).toMatch(/^S3RVER\//);
      // Signed on the hour (the test may cross one: the hour it ran in or the next).
      const date = url.searchParams.get("X-Amz-Date")!;
      const hourOf = (d: Date) => d.toISOString().replace(/[-:]|\.\d{3}/g, "");
      expect([hourOf(signingDate), hourOf(new Date(signingDate.getTime() + 3600_000))]).toContain(date);
      // The browser's GET, straight to the store: exactly the bytes stored.
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect(Buffer.compare(bytes, (await getBytes(storage, `${video.hlsPrefix}/240p/seg-${i}.ts`))!)).toBe(0);
    }
    // Nothing else of the playlist changed: the key URI is the app's endpoint, and it decrypts the store's segment.
    expect(playlist.replace(/^http:\/\/localhost:\d+\/.*$/gm, "SEG")).toBe(
      stored.replace(/^seg-\d+\.ts$/gm, "SEG").replace(/URI="key:\/\/lesson"/, /URI="[^"]+"/.exec(playlist)![0]),
    );
    const keyPath = /URI="\/api\/video\/\d+\/(key\?t=[^"]+)"/.exec(playlist)![1]!;
    const key = await get(keyPath, cookie);
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body).toString("hex")).toBe(video.keyHex);
    const iv = /IV=0x([0-9a-f]{32})/i.exec(playlist)![1]!;
    const segment = Buffer.from(await (await fetch(urls[0]!)).arrayBuffer());
    const decipher = createDecipheriv("aes-128-cbc", Buffer.from(key.body), Buffer.from(iv, "hex"));
    const plain = Buffer.concat([decipher.update(segment), decipher.final()]);
    expect([plain[0], plain[188]]).toEqual([0x47, 0x47]);

    // A playlist cached before (relative seg-N.ts) still plays: the app's segment route serves the store's bytes.
    const viaApp = await get("240p/seg-1.ts", cookie);
    expect(viaApp.status).toBe(200);
    expect(Buffer.compare(viaApp.body, (await getBytes(storage, `${video.hlsPrefix}/240p/seg-1.ts`))!)).toBe(0);
  });

  it("the bucket answers the player's cross-origin GET for the site's origin only (deploy/object-store/cors.json)", async () => {
    const video = (await getLessonVideo(await getDb(), lesson.id))!;
    const [url] = segmentLines(
      await mediaPlaylistFor(storage, text((await getBytes(storage, `${video.hlsPrefix}/240p/index.m3u8`))!), {
        keyUrl: "/k",
        renditionPrefix: `${video.hlsPrefix}/240p`,
      }),
    );
    const fromSite = await fetch(url!, { headers: { origin: "http://localhost:3000" } });
    expect(fromSite.status).toBe(200);
    expect(fromSite.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(fromSite.headers.get("access-control-expose-headers")).toContain("Content-Length");
    await fromSite.arrayBuffer();
    const elsewhere = await fetch(url!, { headers: { origin: "https://evil.example" } });
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
    await elsewhere.arrayBuffer();
    // hls.js may ask for a byte range: the preflight for that header is allowed for the site.
    const preflight = await fetch(url!, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "GET",
        "access-control-request-headers": "range",
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");
  });

  it("the key endpoint and the playlist still refuse a non-owner and a signed-out visitor", async () => {
    const keyPath = /URI="\/api\/video\/\d+\/(key\?t=[^"]+)"/.exec(
      text((await get("240p/index.m3u8", await cookieFor(await owner()))).body),
    )![1]!;
    const stranger = await cookieFor(await createTestUser());
    for (const sub of ["240p/index.m3u8", keyPath]) {
      const refused = await get(sub, stranger);
      expect(refused.status, sub).toBe(403);
      expect(refused.body.length).toBe(0);
    }
    expect((await get(keyPath)).status).toBe(401);
  });

  it("segment URLs are the same for everyone within an hour, change with the hour, and stop working when they expire", async () => {
    const video = (await getLessonVideo(await getDb(), lesson.id))!;
    const stored = text((await getBytes(storage, `${video.hlsPrefix}/240p/index.m3u8`))!);
    const at = async (iso: string, hours = 6) =>
      segmentLines(
        await mediaPlaylistFor(storage, stored, {
          keyUrl: "/k",
          renditionPrefix: `${video.hlsPrefix}/240p`,
          hours,
          now: Date.parse(iso),
        }),
      );
    const nineAm = await at("2026-11-26T09:00:00Z");
    expect(await at("2026-11-26T09:59:59Z")).toEqual(nineAm);
    expect(await at("2026-11-26T10:00:00Z")).not.toEqual(nineAm);

    // Signed two hours ago for two hours: the store refuses it; signed now: it answers.
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000 - 60_000).toISOString();
    const expired = (await at(twoHoursAgo, 2))[0]!;
    const refused = await fetch(expired);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Request has expired");
    expect((await fetch((await at(new Date().toISOString(), 2))[0]!)).status).toBe(200);
  });

  it("signs a rendition's segments once an hour for all students; each still gets their own key URI", async () => {
    const signedKeys: string[] = [];
    const counting: FileStorage = {
      ...useTestStorage().storage,
      kind: "s3",
      presignGet: async (key, opts) => {
        signedKeys.push(key);
        return `https://store.example/${key}?date=${opts.signingDate!.getTime()}`;
      },
    };
    const stored =
      '#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="key://lesson"\n#EXTINF:2.0,\nseg-0.ts\n#EXTINF:2.0,\nseg-1.ts\n';
    const play = (keyUrl: string, iso: string) =>
      mediaPlaylistFor(counting, stored, { keyUrl, renditionPrefix: "videos/v9/240p", hours: 6, now: Date.parse(iso) });
    const first = await play("/k?t=alice", "2026-11-26T09:05:00Z");
    const second = await play("/k?t=bob", "2026-11-26T09:55:00Z");
    expect(signedKeys).toEqual(["videos/v9/240p/seg-0.ts", "videos/v9/240p/seg-1.ts"]);
    expect(first).toContain('URI="/k?t=alice"');
    expect(second).toContain('URI="/k?t=bob"');
    expect(second.replace("bob", "alice")).toBe(first);
    await play("/k?t=alice", "2026-11-26T10:00:00Z");
    expect(signedKeys).toHaveLength(4);
  });

  it("with local storage the playlist keeps relative segment lines for the app's segment route", async () => {
    const local = useTestStorage().storage;
    const stored = '#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="key://lesson"\n#EXTINF:2.0,\nseg-0.ts\n#EXT-X-ENDLIST\n';
    expect(await mediaPlaylistFor(local, stored, { keyUrl: "/k?t=1", renditionPrefix: "videos/x/240p" })).toBe(
      stored.replace("key://lesson", "/k?t=1"),
    );
  });
});
