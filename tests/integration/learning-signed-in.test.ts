import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { closePdfPool } from "~/lib/pdf-pool.server";
import CoursePlayer, { action as playerAction, loader as playerLoader } from "~/routes/store/course-player";
import { loader as downloadLoader } from "~/routes/store/download";
import { loader as myCoursesLoader } from "~/routes/store/my-courses";
import { cookieFor, createTestUser } from "../helpers/auth";
import { createProduct } from "../helpers/factories";
import { extractPdfText } from "../helpers/pdf-text";
import { makeRequest, routeCall } from "../helpers/route";

async function seededId(slug: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.products).where(eq(schema.products.slug, slug));
  return row!.id;
}

async function enrol(userId: string, productId: number) {
  const db = await getDb();
  await db.insert(schema.enrolments).values({ userId, productId, source: "grant" });
}

/** Runs a loader/action; a thrown Response or data() becomes { status, body }. */
async function run(
  fn: (args: never) => unknown,
  path: string,
  params: Record<string, string>,
  cookie: string,
  init?: RequestInit,
) {
  const request = makeRequest(path, { ...init, headers: { cookie, ...(init?.headers ?? {}) } });
  try {
    const result = await routeCall(fn, { request, params, context: {} } as never);
    if (result instanceof Response)
      return { status: result.status, response: result, body: await result.clone().arrayBuffer() };
    return { status: 200, data: result, body: new TextEncoder().encode(JSON.stringify(result)).buffer };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, response: error, body: await error.arrayBuffer() };
    if (error && typeof error === "object" && "init" in error) {
      const e = error as { init?: ResponseInit; data?: unknown };
      return { status: e.init?.status ?? 500, body: new TextEncoder().encode(JSON.stringify(e.data ?? null)).buffer };
    }
    throw error;
  }
}

const text = (b: ArrayBuffer) => new TextDecoder().decode(b);

// The player page rendered from its loader's data, inside a data router (it uses navigation hooks).
let shown: unknown = null;
const PlayerStub = createRoutesStub([
  {
    path: "/",
    // biome-ignore lint/suspicious/noExplicitAny: the generated ComponentProps also carry params and matches
    Component: () => createElement(CoursePlayer as any, { loaderData: shown, params: {}, matches: [] }),
  },
]);

describe("course player route, signed in", () => {
  it("owner: sees the video, completes a lesson, is sent to the next one and resumes there later", async () => {
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    const id = await seededId("accountancy-class-12");
    await enrol(user.id, id);

    const first = await run(playerLoader, `/my-courses/${id}`, { id: String(id) }, cookie);
    expect(first.status).toBe(200);
    const player = first.data as Awaited<ReturnType<typeof playerLoader>>;
    // The seeded lesson plays its uploaded sample lecture, with captions (no embed link).
    const lessonId = player.current!.id;
    expect(player.current!.videoUrl).toBeNull();
    expect(player.video).toMatchObject({
      master: `/api/video/${lessonId}/master.m3u8`,
      captions: `/api/video/${lessonId}/captions.vtt`,
    });

    const posted = await run(playerAction, `/my-courses/${id}`, { id: String(id) }, cookie, {
      method: "POST",
      body: new URLSearchParams({ intent: "complete", lessonId: String(lessonId) }),
    });
    expect(posted.status).toBe(302);
    expect(posted.response!.headers.get("Location")).toBe(`/my-courses/${id}?lesson=${player.nextLessonId}`);

    // A new session on another device resumes where the student left off.
    const otherDevice = await cookieFor(user);
    const again = await run(playerLoader, `/my-courses/${id}`, { id: String(id) }, otherDevice);
    const resumed = again.data as typeof player;
    expect(resumed.current!.id).toBe(lessonId);
    expect(resumed.progress.completed).toBe(1);

    const list = await run(myCoursesLoader, "/my-courses", {}, otherDevice);
    expect((list.data as { items: { id: number; completedLessons: number }[] }).items).toEqual([
      expect.objectContaining({ id, completedLessons: 1 }),
    ]);
  });

  it('a new course without topics shows no empty "What you\'ll learn" box; a course with topics lists them', async () => {
    const db = await getDb();
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    const render = async (productId: number) => {
      const loaded = await run(playerLoader, `/my-courses/${productId}`, { id: String(productId) }, cookie);
      expect(loaded.status).toBe(200);
      shown = loaded.data;
      return renderToStaticMarkup(createElement(PlayerStub, { initialEntries: ["/"] }));
    };
    const fresh = await createProduct({ title: "Brand New Course", modules: [] });
    const [mod] = await db.insert(schema.courseModules).values({ productId: fresh.id, title: "Start" }).returning();
    await db.insert(schema.lessons).values({
      moduleId: mod!.id,
      productId: fresh.id,
      title: "Welcome",
      videoUrl: "https://player.vimeo.com/video/1",
    });
    await enrol(user.id, fresh.id);
    const html = await render(fresh.id);
    expect(html).toContain("About this course");
    expect(html).not.toContain("What you&#x27;ll learn");

    const seeded = await seededId("accountancy-class-12");
    await enrol(user.id, seeded);
    const withTopics = await render(seeded);
    expect(withTopics).toContain("What you&#x27;ll learn");
  });

  it("non-owners, guessed ids and lessons of other courses get 404 and never a video URL", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const id = await seededId("accountancy-class-12");
    const otherCourse = await seededId("economics-class-12");
    await enrol(owner.id, id);
    const db = await getDb();
    const [otherLesson] = await db.select().from(schema.lessons).where(eq(schema.lessons.productId, otherCourse));
    const ownerCookie = await cookieFor(owner);
    const strangerCookie = await cookieFor(stranger);

    const cases: [string, Record<string, string>, string][] = [
      [`/my-courses/${id}`, { id: String(id) }, strangerCookie],
      [`/my-courses/${id}?lesson=1`, { id: String(id) }, strangerCookie],
      [`/my-courses/999999`, { id: "999999" }, ownerCookie],
      [`/my-courses/abc`, { id: "abc" }, ownerCookie],
      [`/my-courses/${id}?lesson=${otherLesson!.id}`, { id: String(id) }, ownerCookie],
      [`/my-courses/${id}?lesson=x`, { id: String(id) }, ownerCookie],
    ];
    for (const [path, params, cookie] of cases) {
      const res = await run(playerLoader, path, params, cookie);
      expect(res.status, path).toBe(404);
      expect(text(res.body)).not.toMatch(/youtube|vimeo/);
    }
    const mark = await run(playerAction, `/my-courses/${id}`, { id: String(id) }, strangerCookie, {
      method: "POST",
      body: new URLSearchParams({ intent: "complete", lessonId: String(otherLesson!.id) }),
    });
    expect(mark.status).toBe(404);
    const bad = await run(playerAction, `/my-courses/${id}`, { id: String(id) }, ownerCookie, {
      method: "POST",
      body: new URLSearchParams({ intent: "explode", lessonId: "1" }),
    });
    expect(bad.status).toBe(400);
    expect(await db.select().from(schema.lessonCompletions)).toEqual([]);
  });

  it("My Courses is empty for a new student", async () => {
    const user = await createTestUser();
    const res = await run(myCoursesLoader, "/my-courses", {}, await cookieFor(user));
    expect(res.data).toEqual({ items: [], announcements: [] });
  });
});

describe("download route, signed in", () => {
  it("streams the owner's stamped PDF as an attachment", async () => {
    const user = await createTestUser({ name: "Kabir Malhotra", email: "kabir.m@example.com" });
    const id = await seededId("macroeconomics-quick-revision");
    await enrol(user.id, id);
    const res = await run(downloadLoader, `/downloads/${id}`, { productId: String(id) }, await cookieFor(user));
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.response!.headers.get("Content-Disposition")).toBe(
      `attachment; filename="macroeconomics-quick-revision.pdf"; filename*=UTF-8''macroeconomics-quick-revision.pdf`,
    );
    expect(res.response!.headers.get("Cache-Control")).toBe("private, no-store");
    expect(extractPdfText(new Uint8Array(res.body))).toContain("Licensed to Kabir Malhotra (kabir.m@example.com)");
  });

  it("a non-owner, a refunded buyer or a guessed id gets 404 and no file", async () => {
    const stranger = await createTestUser();
    const refunded = await createTestUser();
    const id = await seededId("macroeconomics-quick-revision");
    const db = await getDb();
    await db
      .insert(schema.enrolments)
      .values({ userId: refunded.id, productId: id, source: "purchase", revokedAt: new Date() });
    for (const [user, productId] of [
      [stranger, String(id)],
      [refunded, String(id)],
      [stranger, "999999"],
      [stranger, "../../etc/passwd"],
      [stranger, String(await seededId("accountancy-class-12"))],
    ] as const) {
      const res = await run(downloadLoader, `/downloads/${productId}`, { productId }, await cookieFor(user));
      expect(res.status).toBe(404);
      expect(text(res.body)).not.toContain("%PDF");
    }
  });

  it("a download past the PDF time limit is a 503 with a message for people; the next one works", async () => {
    const user = await createTestUser();
    const id = await seededId("accountancy-formula-sheet");
    const cookie = await cookieFor(user);
    const setLimit = async (seconds: string | undefined) => {
      if (seconds === undefined) delete process.env.PDF_TIMEOUT_SECONDS;
      else process.env.PDF_TIMEOUT_SECONDS = seconds;
      resetEnvCache();
      await closePdfPool(); // the next job makes a pool with the new limit
    };
    const before = process.env.PDF_TIMEOUT_SECONDS;
    await setLimit("0.001");
    try {
      const res = await run(downloadLoader, `/downloads/${id}`, { productId: String(id) }, cookie);
      expect(res.status).toBe(503);
      expect(JSON.parse(text(res.body))).toEqual({ message: expect.stringMatching(/^Making this PDF took too long/) });
    } finally {
      await setLimit(before);
    }
    const next = await run(downloadLoader, `/downloads/${id}`, { productId: String(id) }, cookie);
    expect(next.status).toBe(200);
    expect(text(next.body.slice(0, 5))).toBe("%PDF-");
  });

  it("any signed-in student downloads a free note", async () => {
    const user = await createTestUser();
    const id = await seededId("accountancy-formula-sheet");
    const res = await run(downloadLoader, `/downloads/${id}`, { productId: String(id) }, await cookieFor(user));
    expect(res.status).toBe(200);
    expect(text(res.body.slice(0, 5))).toBe("%PDF-");
  });
});
