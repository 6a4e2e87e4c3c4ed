/**
 * Issue 32, defect 6: a lesson is valid with an uploaded video, an embed link or a test; an owner who
 * only uploads their own video needs no made-up YouTube link. A course goes live once a lesson has
 * something to play, and a lesson still waiting for its video says so in the player.
 */
import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { VIDEO_URL_ERROR } from "~/features/learning/video-url";
import * as courseEdit from "~/routes/admin/course-edit";
import * as courses from "~/routes/admin/courses";
import * as player from "~/routes/store/course-player";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { getTestDb } from "../helpers/db";
import { flashOf, makeRequest, routeCall } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;
let owner: TestUser;
let cookie: string;

beforeEach(async () => {
  owner = await createTestUser({ role: "admin", isPrimary: true, name: "Owner Admin" });
  cookie = await cookieFor(owner);
});

async function call(fn: Fn, path: string, params: Record<string, string>, as: string, form?: Record<string, string>) {
  const request = makeRequest(
    path,
    form ? { method: "POST", body: new URLSearchParams(form), headers: { cookie: as } } : { headers: { cookie: as } },
  );
  try {
    const result = await routeCall(fn, { request, params, context: {} });
    if (result instanceof Response) return { status: result.status, data: null, response: result };
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const r = result as { init?: ResponseInit; data: unknown };
      // biome-ignore lint/suspicious/noExplicitAny: checked field by field
      return { status: r.init?.status ?? 200, data: r.data as any };
    }
    // biome-ignore lint/suspicious/noExplicitAny: checked field by field
    return { status: 200, data: result as any };
  } catch (error) {
    const e = error as { init?: ResponseInit; data?: unknown };
    if (e && typeof e === "object" && "init" in e) return { status: e.init?.status ?? 500, data: e.data };
    throw error;
  }
}

/** A new draft course with a price and one module, made through the admin's forms. */
async function courseWithModule() {
  const { db } = await getTestDb();
  const [instructor] = await db.select().from(schema.instructors).limit(1);
  const created = await call(courses.action, "/admin/courses?kind=course", {}, cookie, {
    intent: "create",
    kind: "course",
    name: "Own Videos Course",
    instructor: String(instructor!.id),
    category: "accountancy",
    classLevel: "12",
    price: "499",
    description: "Lessons on the owner's own videos.",
  });
  expect(created.status).toBe(302);
  const [course] = await db.select().from(schema.products).orderBy(desc(schema.products.id)).limit(1);
  const path = `/admin/courses/${course!.id}`;
  const params = { id: String(course!.id) };
  await call(courseEdit.action, path, params, cookie, { intent: "add-module", moduleTitle: "Basics" });
  const [module] = await db.select().from(schema.courseModules).where(eq(schema.courseModules.productId, course!.id));
  return { course: course!, path, params, moduleId: String(module!.id) };
}

describe("a lesson with its own uploaded video needs no link", () => {
  it("adds a video lesson without a link, refuses a bad link, and publishes once the upload is ready", async () => {
    const { db } = await getTestDb();
    const { course, path, params, moduleId } = await courseWithModule();
    const added = await call(courseEdit.action, path, params, cookie, {
      intent: "add-lesson",
      moduleId,
      lessonTitle: "Journal entries",
      lessonType: "video",
      videoUrl: "",
    });
    expect(added.status).toBe(302);
    expect(await flashOf(added.response!)).toBe("Lesson added.");
    const [lesson] = await db.select().from(schema.lessons).where(eq(schema.lessons.productId, course.id));
    expect(lesson).toMatchObject({ title: "Journal entries", videoUrl: null, testProductId: null });

    // A link that is there must be a YouTube or Vimeo one.
    const bad = await call(courseEdit.action, path, params, cookie, {
      intent: "add-lesson",
      moduleId,
      lessonTitle: "Ledger",
      lessonType: "video",
      videoUrl: "https://example.com/video",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.videoUrl).toBe(VIDEO_URL_ERROR);

    // Nothing to play yet: the course cannot go live, and the editor says why.
    const publish = { intent: "status", status: "published" };
    const refused = await call(courseEdit.action, path, params, cookie, publish);
    expect(refused.status).toBe(400);
    expect(refused.data.formError).toBe(
      "To publish, add: a video (uploaded and ready, or a link) or a test in a lesson.",
    );
    // Its uploaded video is ready (the transcode's outcome): the lesson plays it and the course goes live.
    await db.insert(schema.lessonVideos).values({
      lessonId: lesson!.id,
      status: "ready",
      progress: 100,
      hlsPrefix: `videos/lesson-${lesson!.id}/hls-1`,
      keyHex: "00112233445566778899aabbccddeeff",
      renditions: [{ name: "360p", width: 640, height: 360, bandwidth: 800_000 }],
      durationSeconds: 600,
    });
    expect((await call(courseEdit.loader, path, params, cookie)).data.missing).toEqual([]);
    expect((await call(courseEdit.action, path, params, cookie, publish)).status).toBe(302);

    const student = await createTestUser();
    await db.insert(schema.enrolments).values({ userId: student.id, productId: course.id, source: "grant" });
    const watched = await call(
      player.loader,
      `/my-courses/${course.id}`,
      { id: String(course.id) },
      await cookieFor(student),
    );
    expect(watched.status).toBe(200);
    expect(watched.data.current).toMatchObject({ id: lesson!.id, videoUrl: null });
    expect(watched.data.video).toMatchObject({ lessonId: lesson!.id, master: `/api/video/${lesson!.id}/master.m3u8` });
  });

  it("a lesson still waiting for its video shows a notice, not an empty frame; its link can be removed later", async () => {
    const { db } = await getTestDb();
    const { course, path, params, moduleId } = await courseWithModule();
    for (const [title, videoUrl] of [
      ["With a link", "https://youtu.be/dQw4w9WgXcQ"],
      ["Upload coming", ""],
    ]) {
      const added = await call(courseEdit.action, path, params, cookie, {
        intent: "add-lesson",
        moduleId,
        lessonTitle: title!,
        lessonType: "video",
        videoUrl: videoUrl!,
      });
      expect(added.status).toBe(302);
    }
    // One lesson with a link is enough to publish.
    expect(
      (await call(courseEdit.action, path, params, cookie, { intent: "status", status: "published" })).status,
    ).toBe(302);
    const rows = await db.select().from(schema.lessons).where(eq(schema.lessons.productId, course.id));
    const waiting = rows.find((l) => l.title === "Upload coming")!;
    const student = await createTestUser();
    await db.insert(schema.enrolments).values({ userId: student.id, productId: course.id, source: "grant" });
    const page = await call(
      player.loader,
      `/my-courses/${course.id}?lesson=${waiting.id}`,
      { id: String(course.id) },
      await cookieFor(student),
    );
    expect(page.data.current).toMatchObject({ id: waiting.id, videoUrl: null });
    expect(page.data.video).toBeNull();

    // Editing a lesson may take its link away (its own upload plays instead).
    const linked = rows.find((l) => l.title === "With a link")!;
    const edited = await call(courseEdit.action, path, params, cookie, {
      intent: "update-lesson",
      targetId: String(linked.id),
      lessonType: "video",
      lessonTitle: "With a link",
      videoUrl: "",
    });
    expect(edited.status).toBe(302);
    const [after] = await db.select().from(schema.lessons).where(eq(schema.lessons.id, linked.id));
    expect(after!.videoUrl).toBeNull();
  });
});
