/**
 * Issue 32: every seeded lesson plays its subject's narrated sample lecture, and what the course page
 * says about its length is the video's real length (probed), with no made-up embed links.
 */
import path from "node:path";
import { eq, isNull } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { seedCourses } from "~/db/seed/data";
import { CartProvider } from "~/features/cart/cart-context";
import { cachedSample } from "~/features/video/sample.server";
import { isSampleVideoPrefix, lecturePrefix, SAMPLE_LECTURES, sampleLectureFor } from "~/features/video/sample-lecture";
import { probe } from "~/features/video/transcode.server";
import { formatDuration } from "~/lib/numbers";
import { slugify } from "~/lib/slug";
import ProductPage, { loader as productLoader } from "~/routes/store/product";
import { makeRequest, routeCall } from "../helpers/route";

let shown: ReactElement | null = null;
const Stub = createRoutesStub([
  {
    path: "/",
    Component: () => createElement(CartProvider, { serverCart: null } as Parameters<typeof CartProvider>[0], shown),
  },
]);

async function coursePage(productId: number) {
  const loaderData = await routeCall(productLoader, {
    request: makeRequest(`/courses/${productId}`),
    params: { id: String(productId) },
    context: {},
  } as never);
  // biome-ignore lint/suspicious/noExplicitAny: the generated ComponentProps also carry params and matches
  shown = createElement(ProductPage as any, { loaderData, params: {}, matches: [] });
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
}

describe("the seeded lessons' sample lecture", () => {
  it("each seeded lesson's stated length is its sample lecture's probed length, and the course page's total is their sum", async () => {
    const probed = new Map<string, number>();
    for (const lecture of SAMPLE_LECTURES) {
      const { dir } = await cachedSample(lecture);
      probed.set(lecturePrefix(lecture), Math.round((await probe(path.join(dir, "source.mp4"))).durationSeconds));
    }
    const db = await getDb();
    for (const course of seedCourses) {
      const [product] = await db
        .select()
        .from(schema.products)
        .where(eq(schema.products.slug, slugify(course.title)));
      const rows = await db
        .select({ lesson: schema.lessons, video: schema.lessonVideos })
        .from(schema.lessons)
        .leftJoin(schema.lessonVideos, eq(schema.lessonVideos.lessonId, schema.lessons.id))
        .where(eq(schema.lessons.productId, product!.id));
      const videoLessons = rows.filter((r) => r.lesson.testProductId === null);
      expect(videoLessons.length).toBe(course.modules.length * 3);
      const seconds = probed.get(lecturePrefix(sampleLectureFor(course.subject)))!;
      let total = 0;
      for (const { lesson, video } of rows) {
        if (lesson.testProductId !== null) {
          const [test] = await db
            .select({ minutes: schema.practiceTests.timeLimitMinutes })
            .from(schema.practiceTests)
            .where(eq(schema.practiceTests.productId, lesson.testProductId));
          total += test!.minutes * 60;
          continue;
        }
        // No made-up YouTube/Vimeo id: the lesson plays its uploaded sample.
        expect(lesson.videoUrl).toBeNull();
        expect(isSampleVideoPrefix(video?.hlsPrefix)).toBe(true);
        expect(video!.hlsPrefix).toBe(lecturePrefix(sampleLectureFor(course.subject)));
        expect(video!.status).toBe("ready");
        expect(video!.durationSeconds).toBe(seconds);
        expect(lesson.durationSeconds).toBe(seconds);
        total += seconds;
      }
      const html = await coursePage(product!.id);
      const lessonCount = rows.length;
      expect(html).toContain(`${course.modules.length} modules · ${lessonCount} lessons · ${formatDuration(total)}`);
      // Each lesson row shows the lecture's length.
      expect(html).toContain(`>${formatDuration(seconds)}</span>`);
    }
  }, 300_000);

  it("no seeded lesson carries an embed link", async () => {
    const db = await getDb();
    const unlinked = await db
      .select({ id: schema.lessons.id })
      .from(schema.lessons)
      .where(isNull(schema.lessons.videoUrl));
    const all = await db.select({ id: schema.lessons.id }).from(schema.lessons);
    expect(unlinked.length).toBe(all.length);
  });
});
