/**
 * Video bytes off the app, in Chromium (issue 37): the built server with FILE_STORAGE=s3 on s3rver and
 * the bucket's CORS rule from deploy/object-store/cors.json. hls.js plays a lesson with every segment
 * from the store (cross-origin: the document's CSP and the bucket's CORS both allow it), the playlists
 * and the key from the app, and no segment through the app.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll } from "vitest";
import { openPglite, setDbHandle } from "~/db/client.server";
import * as schema from "~/db/schema";
import { createTestUser, signInBrowser, type TestUser } from "../helpers/auth";
import { expect, freshInstall, it } from "../helpers/fixtures";
import { allowBrowserOrigins, type S3Store, startS3Store } from "../helpers/s3-store";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let store: S3Store;
let student: TestUser;
let courseId = 0;
let lessonId = 0;

it.beforeAll(async () => {
  const dataDir = await freshInstall();
  const handle = await openPglite(path.join(dataDir, "pglite"));
  setDbHandle(handle);
  try {
    student = await createTestUser({ name: "Kabir Rao", email: "kabir.rao@example.com" });
    const [course] = await handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.slug, "economics-class-12"));
    courseId = course!.id;
    // A lesson of the course that is not a free preview: only its owner may watch it.
    const [lesson] = await handle.db
      .select({ id: schema.lessons.id })
      .from(schema.lessons)
      .innerJoin(schema.lessonVideos, eq(schema.lessonVideos.lessonId, schema.lessons.id))
      .where(eq(schema.lessons.productId, courseId))
      .orderBy(schema.lessons.isPreview, schema.lessons.id)
      .limit(1);
    lessonId = lesson!.id;
    await handle.db.insert(schema.enrolments).values({ userId: student.id, productId: courseId, source: "purchase" });
  } finally {
    await handle.close();
    setDbHandle(undefined);
  }
  store = await startS3Store();
  // The server copies the sample lectures into the bucket on start.
  server = await startServer({ dataDir, env: store.env, timeoutMs: 240_000 });
  await allowBrowserOrigins(store, [server.url]);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await store?.close();
  if (store) fs.rmSync(store.directory, { recursive: true, force: true });
});

it("hls.js plays a lesson from presigned URLs of the store; the app sends the playlists and the key, no segment", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInBrowser(context, server.url, student.email);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  const answers: { origin: string; path: string; status: number }[] = [];
  page.on("response", (r) => {
    const url = new URL(r.url());
    answers.push({ origin: url.origin, path: url.pathname, status: r.status() });
  });
  const document = await page.goto(`${server.url}/my-courses/${courseId}?lesson=${lessonId}`);
  const csp = (await document!.allHeaders())["content-security-policy"]!;
  expect(csp).toContain(`media-src 'self' blob: ${store.endpoint}`);
  expect(csp).toMatch(new RegExp(`connect-src [^;]* ${store.endpoint.replace(/[.:/]/g, "\\$&")}(;|$)`));

  const video = page.locator(`[data-hosted-video="${lessonId}"] video`);
  await video.waitFor();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(3);
  await video.evaluate((v: HTMLVideoElement) => v.pause());

  const segments = answers.filter((a) => a.path.endsWith(".ts"));
  expect(segments.length).toBeGreaterThan(1);
  for (const segment of segments) {
    expect(segment.origin).toBe(store.endpoint);
    expect(segment.status).toBe(200);
  }
  const fromApp = answers.filter((a) => a.origin === server.url && a.path.startsWith(`/api/video/${lessonId}/`));
  expect(fromApp.some((a) => a.path.endsWith("/index.m3u8"))).toBe(true);
  expect(fromApp.some((a) => a.path.endsWith("/key") && a.status === 200)).toBe(true);
  expect(fromApp.filter((a) => a.path.endsWith(".ts"))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
