import { createDecipheriv } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull, ne } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { resolveAuthSecret } from "~/features/accounts/auth.server";
import { issueKeyToken, KEY_TOKEN_SECONDS } from "~/features/video/playback.server";
import { ensureSampleVideo } from "~/features/video/sample.server";
import { generateSample } from "~/features/video/transcode.server";
import { getLessonVideo } from "~/features/video/video.server";
import type { FileStorage } from "~/platform/files/storage.server";
import { action, loader } from "~/routes/api/video";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { makeRequest, routeCall } from "../helpers/route";
import { useTestStorage } from "../helpers/storage";
import { ownerOf, transcodedLesson, videoGet } from "../helpers/video";

let sample: string;
beforeAll(async () => {
  sample = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-video-play-")), "sample.mp4");
  await generateSample(sample, { seconds: 3, width: 426, height: 240, title: "Playback" });
}, 60_000);

let lesson: { id: number; productId: number };
beforeEach(async () => {
  const { storage } = useTestStorage();
  lesson = await transcodedLesson(storage, new Uint8Array(fs.readFileSync(sample)), "videos/test");
}, 60_000);

const get = (sub: string, cookie?: string) => videoGet(lesson.id, sub, cookie);

const owner = () => ownerOf(lesson);

const keyUrlOf = (playlist: Uint8Array) => {
  const text = new TextDecoder().decode(playlist);
  return /URI="\/api\/video\/\d+\/(key\?t=[^"]+)"/.exec(text)![1]!;
};

describe("hosted video serving", () => {
  it("the owner gets the playlists, the encrypted segments and the key that decrypts them", async () => {
    const cookie = await cookieFor(await owner());
    const master = await get("master.m3u8", cookie);
    expect(master.status).toBe(200);
    expect(new TextDecoder().decode(master.body)).toContain("240p/index.m3u8");
    const media = await get("240p/index.m3u8", cookie);
    expect(media.status).toBe(200);
    expect(media.headers?.get("cache-control")).toContain("no-store");
    const keyPath = keyUrlOf(media.body);
    const key = await get(keyPath, cookie);
    expect(key.status).toBe(200);
    expect(key.body.length).toBe(16);
    const video = (await getLessonVideo(await getDb(), lesson.id))!;
    expect(Buffer.from(key.body).toString("hex")).toBe(video.keyHex);
    // The key and the playlist's IV decrypt a segment into MPEG-TS (sync byte 0x47 every 188 bytes).
    const iv = /IV=0x([0-9a-f]{32})/i.exec(new TextDecoder().decode(media.body))![1]!;
    const segment = await get("240p/seg-0.ts", cookie);
    expect(segment.status).toBe(200);
    const decipher = createDecipheriv("aes-128-cbc", Buffer.from(key.body), Buffer.from(iv, "hex"));
    const plain = Buffer.concat([decipher.update(Buffer.from(segment.body)), decipher.final()]);
    expect(plain[0]).toBe(0x47);
    expect(plain[188]).toBe(0x47);
    expect((await get("poster.jpg", cookie)).status).toBe(200);
  });

  it("a non-owner, a signed-out visitor, an expired or someone else's token and a refunded student get no key", async () => {
    const student = await owner();
    const cookie = await cookieFor(student);
    const keyPath = keyUrlOf((await get("240p/index.m3u8", cookie)).body);

    const stranger = await cookieFor(await createTestUser());
    for (const sub of ["master.m3u8", "240p/index.m3u8", "240p/seg-0.ts", keyPath]) {
      const refused = await get(sub, stranger);
      expect(refused.status, sub).toBe(403);
      expect(refused.body.length).toBe(0);
    }
    const signedOut = await get(keyPath);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.length).toBe(0);

    const secret = resolveAuthSecret();
    const expired = issueKeyToken(secret, student.id, lesson.id, Date.now() - (KEY_TOKEN_SECONDS + 5) * 1000);
    expect((await get(`key?t=${expired}`, cookie)).status).toBe(403);
    expect((await get("key?t=garbage", cookie)).status).toBe(403);
    expect((await get("key", cookie)).status).toBe(403);
    const other = await owner();
    const othersToken = issueKeyToken(secret, other.id, lesson.id);
    expect((await get(`key?t=${othersToken}`, cookie)).status).toBe(403);

    // Refunded: the enrolment is revoked; the same token and session get nothing more.
    await (await getDb())
      .update(schema.enrolments)
      .set({ revokedAt: new Date() })
      .where(eq(schema.enrolments.userId, student.id));
    const refunded = await get(keyPath, cookie);
    expect(refunded.status).toBe(403);
    expect(refunded.body.length).toBe(0);
    expect((await get("240p/index.m3u8", cookie)).status).toBe(403);
  });

  it("an admin may watch; unknown paths and renditions are 404", async () => {
    const cookie = await cookieFor(await createTestUser({ role: "admin" }));
    const keyPath = keyUrlOf((await get("240p/index.m3u8", cookie)).body);
    expect((await get(keyPath, cookie)).body.length).toBe(16);
    for (const sub of ["720p/index.m3u8", "../secret", "240p/seg-0.mp4", "master.m3u8x", "240p/../../key"])
      expect((await get(sub, cookie)).status, sub).toBe(404);
  });

  it("saves the resume position for any device and completes the lesson at 90% watched", async () => {
    const student: TestUser = await owner();
    const cookie = await cookieFor(student);
    const post = async (body: Record<string, string>, sub = "position") => {
      const out = (await routeCall(action, {
        request: makeRequest(`/api/video/${lesson.id}/${sub}`, {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams(body),
        }),
        params: { lessonId: String(lesson.id), "*": sub },
        context: {},
      } as never).catch((refusal: unknown) => refusal)) as {
        data: { complete?: boolean; message?: string };
        init?: ResponseInit;
      };
      return { status: out.init?.status ?? 200, data: out.data };
    };
    const db = await getDb();
    const completed = async () =>
      (await db.select().from(schema.lessonCompletions).where(eq(schema.lessonCompletions.userId, student.id))).length;
    expect(await post({ seconds: "1", watched: "1" })).toEqual({ status: 200, data: { complete: false } });
    const [pos] = await db.select().from(schema.videoPositions).where(eq(schema.videoPositions.userId, student.id));
    expect(pos?.positionSeconds).toBe(1);
    expect(await completed()).toBe(0);
    expect((await post({ seconds: "3", watched: "2.8" })).data).toEqual({ complete: true });
    expect(await completed()).toBe(1);
    expect((await post({ seconds: "-1" })).status).toBe(400);
    expect(await post({ seconds: "1" }, "other")).toEqual({ status: 404, data: { message: "Not found." } });
  });
});

describe("captions of the seeded sample lecture", () => {
  /** A seeded lesson other than the one the tests above replace: it still plays its subject's sample lecture. */
  async function seededLesson(storage: FileStorage) {
    await ensureSampleVideo(storage);
    const db = await getDb();
    const [row] = await db
      .select({
        id: schema.lessons.id,
        productId: schema.lessons.productId,
        captionsKey: schema.lessonVideos.captionsKey,
      })
      .from(schema.lessons)
      .innerJoin(schema.lessonVideos, eq(schema.lessonVideos.lessonId, schema.lessons.id))
      .where(
        and(
          isNull(schema.lessons.testProductId),
          eq(schema.lessons.isPreview, false),
          ne(schema.lessons.id, lesson.id),
        ),
      )
      .orderBy(schema.lessons.id)
      .limit(1);
    expect(row!.captionsKey).toMatch(/^videos\/sample-v\d+\/[\w-]+\/captions\.vtt$/);
    return row!;
  }

  async function captions(lessonId: number, cookie?: string) {
    const sub = "captions.vtt";
    try {
      const response = (await routeCall(loader, {
        request: makeRequest(`/api/video/${lessonId}/${sub}`, { headers: cookie ? { cookie } : {} }),
        params: { lessonId: String(lessonId), "*": sub },
        context: {},
      } as never)) as Response;
      return { status: response.status, text: await response.text(), headers: response.headers };
    } catch (error) {
      const init = (error as { init?: ResponseInit }).init;
      if (!init) throw error;
      return { status: init.status ?? 500, text: "", headers: new Headers(init.headers) };
    }
  }

  it("are served to the owner and an admin, refused to a non-owner, a signed-out visitor and a refunded student", async () => {
    const seeded = await seededLesson(useTestStorage().storage);
    const db = await getDb();
    const student = await createTestUser();
    await db.insert(schema.enrolments).values({ userId: student.id, productId: seeded.productId, source: "grant" });
    const cookie = await cookieFor(student);

    const served = await captions(seeded.id, cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(served.headers.get("cache-control")).toContain("private");
    expect(served.text.startsWith("WEBVTT")).toBe(true);
    expect(served.text).toContain("Welcome to Commerce Academy.");
    expect((await captions(seeded.id, await cookieFor(await createTestUser({ role: "admin" })))).status).toBe(200);

    const stranger = await captions(seeded.id, await cookieFor(await createTestUser()));
    expect(stranger.status).toBe(403);
    expect(stranger.text).toBe("");
    expect((await captions(seeded.id)).status).toBe(401);
    await db.update(schema.enrolments).set({ revokedAt: new Date() }).where(eq(schema.enrolments.userId, student.id));
    expect((await captions(seeded.id, cookie)).status).toBe(403);
  });

  it("a video without captions (an owner's upload) answers 404", async () => {
    const cookie = await cookieFor(await owner());
    expect((await getLessonVideo(await getDb(), lesson.id))?.captionsKey).toBeNull();
    expect((await captions(lesson.id, cookie)).status).toBe(404);
  });
});
