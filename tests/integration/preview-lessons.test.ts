/**
 * Issue 36, free preview lessons: the owner marks a lesson Preview in the course editor (audited);
 * anyone, signed in or not, watches it at /courses/:id/preview/:lessonId with the protected player and
 * its key; every other lesson's key, playlists and page stay refused; unmarking ends it at once; the
 * course page's curriculum says "Preview" on marked lessons only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { CourseCurriculum } from "~/features/learning/course-curriculum";
import { generateSample } from "~/features/video/transcode.server";
import { transcodeLesson } from "~/features/video/video.server";
import * as courseEdit from "~/routes/admin/course-edit";
import * as video from "~/routes/api/video";
import * as preview from "~/routes/store/course-preview";
import * as product from "~/routes/store/product";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { resetDb } from "../helpers/db";
import { makeRequest, routeCall } from "../helpers/route";
import { useTestStorage } from "../helpers/storage";

let sample: string;
beforeAll(async () => {
  sample = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-preview-")), "sample.mp4");
  await generateSample(sample, { seconds: 3, width: 426, height: 240, title: "Preview" });
}, 60_000);

/** The first two video lessons of the first seeded course: `lesson` (with its own transcoded video) and `other`. */
let lesson: { id: number; productId: number; title: string };
let other: { id: number; productId: number; title: string };
let owner: TestUser;
let ownerCookie: string;

beforeEach(async () => {
  const { storage } = useTestStorage();
  const db = await getDb();
  // The seed makes each sample course's first lesson a preview (checked below): start with none.
  await db.update(schema.lessons).set({ isPreview: false });
  const [first] = await db
    .select({ productId: schema.lessons.productId })
    .from(schema.lessons)
    .where(isNull(schema.lessons.testProductId))
    .orderBy(asc(schema.lessons.id))
    .limit(1);
  const rows = await db
    .select({ id: schema.lessons.id, productId: schema.lessons.productId, title: schema.lessons.title })
    .from(schema.lessons)
    .where(and(eq(schema.lessons.productId, first!.productId), isNull(schema.lessons.testProductId)))
    .orderBy(asc(schema.lessons.id))
    .limit(2);
  [lesson, other] = rows as [typeof lesson, typeof other];
  const [course] = await db.select().from(schema.products).where(eq(schema.products.id, lesson.productId));
  expect(course?.status).toBe("published");
  await storage.put("videos/test/source.mp4", new Uint8Array(fs.readFileSync(sample)));
  await db.delete(schema.lessonVideos).where(eq(schema.lessonVideos.lessonId, lesson.id));
  await db
    .insert(schema.lessonVideos)
    .values({ lessonId: lesson.id, status: "queued", sourceKey: "videos/test/source.mp4", sourceBytes: 1 });
  await transcodeLesson(db, storage, lesson.id);
  owner = await createTestUser({ role: "admin", isPrimary: true, name: "Owner Admin" });
  ownerCookie = await cookieFor(owner);
}, 60_000);

type Answer = { status: number; body: Uint8Array; headers: Headers; message?: string };

/** GET /api/video/:lessonId/<sub>, signed in with `cookie` or not. */
async function get(lessonId: number, sub: string, cookie?: string): Promise<Answer> {
  try {
    const response = (await routeCall(video.loader, {
      request: makeRequest(`/api/video/${lessonId}/${sub}`, { headers: cookie ? { cookie } : {} }),
      params: { lessonId: String(lessonId), "*": sub.split("?")[0] },
      context: {},
    } as never)) as Response;
    return { status: response.status, body: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
  } catch (error) {
    const e = error as { init?: ResponseInit; data?: { message: string } };
    if (!e.init) throw error;
    return {
      status: e.init.status ?? 500,
      body: new Uint8Array(),
      headers: new Headers(e.init.headers),
      message: e.data?.message,
    };
  }
}

type PreviewData = Awaited<ReturnType<typeof preview.loader>>["data"];

/** The preview page's loader data and headers, or the status it refused with. */
async function previewPage(
  courseId: number,
  lessonId: number,
  cookie?: string,
): Promise<{ status: number; data: PreviewData | null; headers?: Headers }> {
  const url = `/courses/${courseId}/preview/${lessonId}`;
  try {
    const answer = await routeCall(preview.loader, {
      request: makeRequest(url, { headers: cookie ? { cookie } : {} }),
      params: { id: String(courseId), lessonId: String(lessonId) },
      context: {},
    } as never);
    return { status: answer.init?.status ?? 200, data: answer.data, headers: new Headers(answer.init?.headers) };
  } catch (error) {
    const e = error as { init?: ResponseInit; status?: number };
    if (error instanceof Response) return { status: error.status, data: null };
    if (e.init) return { status: e.init.status ?? 500, data: null };
    throw error;
  }
}

/** The owner's "Save lesson" of the course editor, with the Preview box ticked or not. */
async function saveLesson(target: { id: number; productId: number; title: string }, isPreview: boolean) {
  const form: Record<string, string> = {
    intent: "update-lesson",
    targetId: String(target.id),
    lessonType: "video",
    lessonTitle: target.title,
    videoUrl: "",
  };
  if (isPreview) form.isPreview = "on";
  const response = (await routeCall(courseEdit.action, {
    request: makeRequest(`/admin/courses/${target.productId}`, {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { cookie: ownerCookie },
    }),
    params: { id: String(target.productId) },
    context: {},
  } as never)) as Response;
  expect(response.status).toBe(302);
}

/** The curriculum as the course page renders it (a router around it for its links). */
let shown: Parameters<typeof CourseCurriculum>[0] | null = null;
function Shown() {
  return shown ? createElement(CourseCurriculum, shown) : null;
}
const Stub = createRoutesStub([{ path: "/", Component: Shown }]);

const keyUrlOf = (playlist: Uint8Array) =>
  /URI="\/api\/video\/\d+\/(key\?t=[^"]+)"/.exec(new TextDecoder().decode(playlist))![1]!;

describe("free preview lessons", () => {
  it("the owner's Preview box is saved through the audited lesson action, with the owner as actor", async () => {
    const db = await getDb();
    await saveLesson(lesson, true);
    const [marked] = await db.select().from(schema.lessons).where(eq(schema.lessons.id, lesson.id));
    expect(marked?.isPreview).toBe(true);
    const trail = async () =>
      db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.type, "Course Update"))
        .orderBy(desc(schema.auditLog.id))
        .limit(1);
    const [on] = await trail();
    expect(on?.actorId).toBe(owner.id);
    expect(on?.entityId).toBe(String(lesson.productId));
    expect(on?.description).toContain(`Lesson "${lesson.title}"`);
    expect(on?.description).toContain("(now a free preview)");

    await saveLesson(lesson, false);
    const [unmarked] = await db.select().from(schema.lessons).where(eq(schema.lessons.id, lesson.id));
    expect(unmarked?.isPreview).toBe(false);
    const [off] = await trail();
    expect(off?.actorId).toBe(owner.id);
    expect(off?.description).toContain("(no longer a free preview)");

    // A lesson of type test is never a preview, whatever the form says.
    const [testLesson] = await db.select().from(schema.lessons).where(isNotNull(schema.lessons.testProductId)).limit(1);
    expect(testLesson?.testProductId).toBeTruthy();
    if (testLesson?.testProductId) {
      await routeCall(courseEdit.action, {
        request: makeRequest(`/admin/courses/${testLesson.productId}`, {
          method: "POST",
          body: new URLSearchParams({
            intent: "update-lesson",
            targetId: String(testLesson.id),
            lessonType: "test",
            lessonTitle: testLesson.title,
            testProductId: String(testLesson.testProductId),
            isPreview: "on",
          }),
          headers: { cookie: ownerCookie },
        }),
        params: { id: String(testLesson.productId) },
        context: {},
      } as never);
      const [still] = await db.select().from(schema.lessons).where(eq(schema.lessons.id, testLesson.id));
      expect(still?.isPreview).toBe(false);
    }
  });

  it("Add lesson takes the Preview box too (a video lesson only), and says so in the audit entry", async () => {
    const db = await getDb();
    const [mod] = await db
      .select()
      .from(schema.courseModules)
      .where(eq(schema.courseModules.productId, lesson.productId))
      .limit(1);
    const add = async (form: Record<string, string>) => {
      const response = (await routeCall(courseEdit.action, {
        request: makeRequest(`/admin/courses/${lesson.productId}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "add-lesson", moduleId: String(mod!.id), ...form }),
          headers: { cookie: ownerCookie },
        }),
        params: { id: String(lesson.productId) },
        context: {},
      } as never)) as Response;
      expect(response.status).toBe(302);
      const [row] = await db.select().from(schema.lessons).where(eq(schema.lessons.title, form.lessonTitle!));
      return row;
    };
    const video = await add({
      lessonTitle: "Preview: the trial balance",
      lessonType: "video",
      videoUrl: "",
      isPreview: "on",
    });
    expect(video?.isPreview).toBe(true);
    const [entry] = await db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.type, "Course Update"))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(entry?.actorId).toBe(owner.id);
    expect(entry?.description).toContain('Lesson "Preview: the trial balance" added');
    expect(entry?.description).toContain("as a free preview");
    const plain = await add({ lessonTitle: "Not a preview", lessonType: "video", videoUrl: "" });
    expect(plain?.isPreview).toBe(false);
    const [test] = await db.select().from(schema.practiceTests).limit(1);
    const testLesson = await add({
      lessonTitle: "A test is never a preview",
      lessonType: "test",
      testProductId: String(test!.productId),
      isPreview: "on",
    });
    expect(testLesson?.isPreview).toBe(false);
  });

  it("an anonymous visitor gets a preview lesson's page, playlists, segments and the key that decrypts them", async () => {
    await saveLesson(lesson, true);
    const page = await previewPage(lesson.productId, lesson.id);
    expect(page.status).toBe(200);
    // The same page for everyone, rendered each time: never kept by the page cache or the browser.
    expect(page.headers?.get("cache-control")).toBe("no-store");
    expect(preview.headers()).toEqual({ "Cache-Control": "no-store" });
    const data = page.data!;
    expect(data.lesson.title).toBe(lesson.title);
    expect(data.video?.master).toBe(`/api/video/${lesson.id}/master.m3u8`);
    expect(data.video?.startAt).toBe(0);
    expect(data.previews.map((p) => p.id)).toEqual([lesson.id]);

    const master = await get(lesson.id, "master.m3u8");
    expect(master.status).toBe(200);
    expect(new TextDecoder().decode(master.body)).toContain("240p/index.m3u8");
    const media = await get(lesson.id, "240p/index.m3u8");
    expect(media.status).toBe(200);
    // The playlist carries a key token: never kept by a shared cache.
    expect(media.headers.get("cache-control")).toBe("private, no-store");
    const key = await get(lesson.id, keyUrlOf(media.body));
    expect(key.status).toBe(200);
    expect(key.headers.get("cache-control")).toBe("private, no-store");
    const [row] = await (await getDb())
      .select({ keyHex: schema.lessonVideos.keyHex })
      .from(schema.lessonVideos)
      .where(eq(schema.lessonVideos.lessonId, lesson.id));
    expect(Buffer.from(key.body).toString("hex")).toBe(row?.keyHex);
    expect((await get(lesson.id, "240p/seg-0.ts")).status).toBe(200);

    // A signed-in visitor who does not own the course watches it too.
    const stranger = await cookieFor(await createTestUser());
    const theirs = await get(lesson.id, "240p/index.m3u8", stranger);
    expect(theirs.status).toBe(200);
    expect((await get(lesson.id, keyUrlOf(theirs.body), stranger)).body.length).toBe(16);
    expect((await previewPage(lesson.productId, lesson.id, stranger)).status).toBe(200);

    // Nobody's resume point is kept for a signed-out viewer: a refusal, not a 500.
    const saved = await routeCall(video.action, {
      request: makeRequest(`/api/video/${lesson.id}/position`, {
        method: "POST",
        body: new URLSearchParams({ seconds: "1", watched: "1" }),
      }),
      params: { lessonId: String(lesson.id), "*": "position" },
      context: {},
    } as never).catch((refusal: { init?: ResponseInit }) => refusal);
    expect((saved as { init?: ResponseInit }).init?.status).toBe(401);
  });

  it("every other lesson stays closed: its page is 404, its playlists and key are refused, a preview's token opens nothing else", async () => {
    await saveLesson(lesson, true);
    const anonymousKey = keyUrlOf((await get(lesson.id, "240p/index.m3u8")).body);
    const stranger = await cookieFor(await createTestUser());

    expect((await previewPage(other.productId, other.id)).status).toBe(404);
    expect((await previewPage(other.productId, other.id, stranger)).status).toBe(404);
    // The preview lesson under another course's id is not a page either.
    const [elsewhere] = await (await getDb())
      .select({ id: schema.products.id })
      .from(schema.products)
      .where(and(eq(schema.products.kind, "course"), eq(schema.products.status, "published")))
      .orderBy(desc(schema.products.id))
      .limit(1);
    expect(elsewhere!.id).not.toBe(lesson.productId);
    expect((await previewPage(elsewhere!.id, lesson.id)).status).toBe(404);
    for (const bad of ["abc", "0", "1e1"]) {
      const refused = await previewPage(lesson.productId, bad as unknown as number);
      expect(refused.status, bad).toBe(404);
    }

    for (const sub of ["master.m3u8", "240p/index.m3u8", "poster.jpg", "key", anonymousKey]) {
      const signedOut = await get(other.id, sub);
      expect([401, 403, 404], `${sub} signed out`).toContain(signedOut.status);
      expect(signedOut.body.length).toBe(0);
      const notOwner = await get(other.id, sub, stranger);
      expect(notOwner.status, `${sub} stranger`).toBe(403);
      expect(notOwner.body.length).toBe(0);
    }
  });

  it("unmarking the lesson, or the course leaving the store, ends the preview at once", async () => {
    const db = await getDb();
    await saveLesson(lesson, true);
    const stranger = await cookieFor(await createTestUser());
    const anonymousKey = keyUrlOf((await get(lesson.id, "240p/index.m3u8")).body);
    const strangersKey = keyUrlOf((await get(lesson.id, "240p/index.m3u8", stranger)).body);
    expect((await get(lesson.id, anonymousKey)).status).toBe(200);

    await saveLesson(lesson, false);
    expect((await previewPage(lesson.productId, lesson.id)).status).toBe(404);
    for (const sub of ["master.m3u8", "240p/index.m3u8", "240p/seg-0.ts", anonymousKey]) {
      const refused = await get(lesson.id, sub);
      expect(refused.status, sub).toBe(401);
      expect(refused.body.length).toBe(0);
    }
    expect((await get(lesson.id, strangersKey, stranger)).status).toBe(403);

    // Marked again, then the course goes back to Draft: no preview of a course the store does not show.
    await saveLesson(lesson, true);
    expect((await get(lesson.id, anonymousKey)).status).toBe(200);
    await db.update(schema.products).set({ status: "draft" }).where(eq(schema.products.id, lesson.productId));
    expect((await previewPage(lesson.productId, lesson.id)).status).toBe(404);
    expect((await get(lesson.id, anonymousKey)).status).toBe(401);
    expect((await get(lesson.id, strangersKey, stranger)).status).toBe(403);
  });

  it("the course page's curriculum says Preview, with a Watch preview link, on marked lessons only", async () => {
    await saveLesson(lesson, true);
    const data = (await routeCall(product.loader, {
      request: makeRequest(`/courses/${lesson.productId}`),
      params: { id: String(lesson.productId) },
      context: {},
    } as never)) as Awaited<ReturnType<typeof product.loader>>;
    const lessons = data.curriculum.flatMap((m) => m.lessons);
    expect(lessons.length).toBeGreaterThan(2);
    expect(lessons.filter((l) => l.preview).map((l) => l.id)).toEqual([lesson.id]);

    shown = { courseId: lesson.productId, modules: data.curriculum };
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
    expect(html.match(/>Preview</g)?.length).toBe(1);
    expect(html.match(/Watch preview/g)?.length).toBe(1);
    expect(html).toContain(`href="/courses/${lesson.productId}/preview/${lesson.id}"`);
    expect(html).not.toContain(`/preview/${other.id}"`);

    await saveLesson(lesson, false);
    const after = (await routeCall(product.loader, {
      request: makeRequest(`/courses/${lesson.productId}`),
      params: { id: String(lesson.productId) },
      context: {},
    } as never)) as Awaited<ReturnType<typeof product.loader>>;
    expect(after.curriculum.flatMap((m) => m.lessons).some((l) => l.preview)).toBe(false);
  });

  it("the seed makes the first lesson of each sample course, and only that one, a free preview", async () => {
    await resetDb(); // the seeded state, before this file's beforeEach took the previews away
    const db = await getDb();
    const courses = await db
      .select({ id: schema.products.id })
      .from(schema.products)
      .where(and(eq(schema.products.kind, "course"), eq(schema.products.isSample, true)));
    expect(courses.length).toBeGreaterThan(0);
    for (const course of courses) {
      const ordered = await db
        .select({ id: schema.lessons.id, isPreview: schema.lessons.isPreview })
        .from(schema.lessons)
        .innerJoin(schema.courseModules, eq(schema.courseModules.id, schema.lessons.moduleId))
        .where(eq(schema.lessons.productId, course.id))
        .orderBy(asc(schema.courseModules.position), asc(schema.lessons.position));
      expect(
        ordered.filter((l) => l.isPreview).map((l) => l.id),
        `course ${course.id}`,
      ).toEqual([ordered[0]!.id]);
    }
  });
});
