/**
 * Every admin action on a lesson's video writes one audit entry with the admin who did it: an upload
 * started, continued or replacing the video, an upload complete, a retried transcode. A refused
 * action writes none.
 */
import { asc, desc, eq, gt, isNull, max } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { createUser } from "../../../tests/helpers/factories";
import { useTestStorage } from "../../../tests/helpers/storage";
import { byteStream, sampleVideoBytes } from "../../../tests/helpers/video";
import { beginUpload, receiveChunk, retryTranscode } from "./video.server";

let sample: Uint8Array;
beforeAll(async () => {
  sample = await sampleVideoBytes({ seconds: 1, width: 320, height: 180, title: "Audit" });
}, 60_000);

describe("audited video actions", () => {
  it("start, continue, complete, retry and replace each write one entry with the actor; refusals write none", async () => {
    const { storage } = useTestStorage();
    const db = await getDb();
    const [lesson] = await db
      .select({ id: schema.lessons.id, title: schema.lessons.title, course: schema.products.title })
      .from(schema.lessons)
      .innerJoin(schema.products, eq(schema.products.id, schema.lessons.productId))
      .where(isNull(schema.lessons.testProductId))
      // The last video lesson: the other video tests upload to the first (the upload's part file is per lesson).
      .orderBy(desc(schema.lessons.id))
      .limit(1);
    if (!lesson) throw new Error("no video lesson");
    await db.delete(schema.lessonVideos).where(eq(schema.lessonVideos.lessonId, lesson.id));
    const admin = (await createUser({ role: "admin" })).id;
    const [top] = await db.select({ id: max(schema.auditLog.id) }).from(schema.auditLog);
    let seen = top?.id ?? 0;
    /** The entries written since the last call. */
    async function written() {
      const rows = await db
        .select()
        .from(schema.auditLog)
        .where(gt(schema.auditLog.id, seen))
        .orderBy(asc(schema.auditLog.id));
      seen = rows.at(-1)?.id ?? seen;
      return rows.map((r) => ({
        actorId: r.actorId,
        type: r.type,
        status: r.status,
        entity: `${r.entityType}:${r.entityId}`,
        description: r.description,
      }));
    }
    const of = `lesson "${lesson.title}" of "${lesson.course}"`;
    const entry = (status: string, description: string) => ({
      actorId: admin,
      type: "Course Update",
      status,
      entity: `lesson:${lesson.id}`,
      description,
    });
    const file = { name: "lecture.mp4", size: sample.length };

    await beginUpload(db, admin, lesson.id, file);
    expect(await written()).toEqual([entry("Pending", `Video "lecture.mp4" upload started for ${of}`)]);

    const half = Math.floor(sample.length / 2);
    await receiveChunk(db, admin, storage, lesson.id, 0, byteStream(sample.subarray(0, half)), async () => {});
    expect(await written()).toEqual([]); // a chunk is not an action of its own

    await beginUpload(db, admin, lesson.id, file);
    expect(await written()).toEqual([entry("Pending", `Video "lecture.mp4" upload continued for ${of}`)]);

    const sent: number[] = [];
    await receiveChunk(db, admin, storage, lesson.id, half, byteStream(sample.subarray(half)), async (id) =>
      sent.push(id),
    );
    expect(sent).toEqual([lesson.id]);
    expect(await written()).toEqual([entry("Success", `Video "lecture.mp4" uploaded for ${of}; transcoding queued`)]);

    // Refused: a transcode that did not fail, and a file over the size limit.
    await expect(retryTranscode(db, admin, lesson.id, async () => {})).rejects.toMatchObject({ status: 409 });
    await expect(beginUpload(db, admin, lesson.id, { name: "huge.mp4", size: 3 * 1024 ** 3 })).rejects.toMatchObject({
      status: 413,
    });
    expect(await written()).toEqual([]);

    await db.update(schema.lessonVideos).set({ status: "failed" }).where(eq(schema.lessonVideos.lessonId, lesson.id));
    await retryTranscode(db, admin, lesson.id, async () => {});
    expect(await written()).toEqual([entry("Pending", `Transcode of video "lecture.mp4" retried for ${of}`)]);

    // A lesson with a playable video: a new upload replaces it.
    await db
      .update(schema.lessonVideos)
      .set({ status: "ready", hlsPrefix: "videos/lesson-audit/hls", keyHex: "0".repeat(32) })
      .where(eq(schema.lessonVideos.lessonId, lesson.id));
    await beginUpload(db, admin, lesson.id, { name: "new.mp4", size: sample.length });
    expect(await written()).toEqual([entry("Pending", `Video "new.mp4" upload started to replace the video of ${of}`)]);
    await db.delete(schema.lessonVideos).where(eq(schema.lessonVideos.lessonId, lesson.id));
  }, 120_000);
});
