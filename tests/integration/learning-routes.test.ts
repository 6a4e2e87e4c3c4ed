import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { storeUpload } from "~/platform/files/upload.server";
import { action as playerAction, loader as playerLoader } from "~/routes/store/course-player";
import { loader as downloadLoader } from "~/routes/store/download";
import { loader as mediaLoader } from "~/routes/store/media";
import { loader as myCoursesLoader } from "~/routes/store/my-courses";
import { callLoader, makeRequest, routeCall } from "../helpers/route";

async function thrown(fn: () => unknown): Promise<Response> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

async function seededId(slug: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.products).where(eq(schema.products.slug, slug));
  return row!.id;
}

describe("learning routes for anonymous visitors", () => {
  it("My Courses, the player and downloads send anonymous visitors to log in and reveal nothing", async () => {
    const course = await seededId("accountancy-class-12");
    const note = await seededId("accountancy-formula-sheet");
    for (const [fn, path, params] of [
      [myCoursesLoader, "/my-courses", {}],
      [playerLoader, `/my-courses/${course}`, { id: String(course) }],
      [downloadLoader, `/downloads/${note}`, { productId: String(note) }],
    ] as const) {
      const res = await thrown(() => callLoader(fn as never, path, params));
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect(await res.text()).not.toMatch(/youtube|vimeo|%PDF/);
    }
    const post = await thrown(() =>
      routeCall(playerAction, {
        request: makeRequest(`/my-courses/${course}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "complete", lessonId: "1" }),
        }),
        params: { id: String(course) },
        context: {},
      } as never),
    );
    expect(post.status).toBe(302);
    const db = await getDb();
    expect(await db.select().from(schema.lessonCompletions)).toEqual([]);
  });
});

describe("uploaded images route", () => {
  it("serves an uploaded image with its type, nosniff and no way to run scripts", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const key = await storeUpload(new File([png], "cover.png", { type: "image/png" }), "image");
    const name = key.slice("images/".length);
    const res = (await callLoader(mediaLoader, `/media/${key}`, { name })) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
  });

  it("never serves PDFs, seed files or guessed names", async () => {
    const { PDFDocument } = await import("pdf-lib");
    const doc = await PDFDocument.create();
    doc.addPage();
    const pdfKey = await storeUpload(
      new File([Buffer.from(await doc.save())], "notes.pdf", { type: "application/pdf" }),
      "pdf",
    );
    const pdfName = pdfKey.slice("pdfs/".length);
    const asImage = (await callLoader(mediaLoader, `/media/images/${pdfName}`, { name: pdfName })) as Response;
    expect(asImage.status).toBe(404);
    for (const name of [
      "accountancy-formula-sheet.pdf",
      "../seed/accountancy-formula-sheet.pdf",
      "x.html",
      "00000000-0000-0000-0000-000000000000.png",
    ]) {
      const res = (await callLoader(mediaLoader, `/media/images/${name}`, { name })) as Response;
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    }
  });
});
