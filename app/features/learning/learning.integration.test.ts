import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { SEED_TEST_LESSON } from "~/db/seed/seed.server";
import { isSampleVideoPrefix } from "~/features/video/sample-lecture";
import { getFileStorage } from "~/platform/files/storage.server";
import { createProduct, createUser } from "../../../tests/helpers/factories";
import { extractPdfText } from "../../../tests/helpers/pdf-text";
import { getAccessibleProduct, hasAccess, isOwned, listOwnedProducts, ownedProductIds } from "./access.server";
import { prepareDownload } from "./downloads.server";
import { getCoursePlayer, setLessonCompleted } from "./player.server";
import { sampleDocumentFor } from "./sample-content";
import { ensureSeedFiles, isSeedFileKey } from "./seed-files.server";

async function product(slug: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.products).where(eq(schema.products.slug, slug));
  if (!row) throw new Error(`no product ${slug}`);
  return row;
}

async function enrol(userId: string, productId: number, opts: { revoked?: boolean } = {}) {
  const db = await getDb();
  await db
    .insert(schema.enrolments)
    .values({ userId, productId, source: "grant", revokedAt: opts.revoked ? new Date() : null });
}

/** A paid order that was refunded: its enrolment is revoked (what checkout's refund does). */
async function refundedPurchase(userId: string, productId: number) {
  const db = await getDb();
  const [order] = await db
    .insert(schema.orders)
    .values({
      number: `CA-${Math.floor(Math.random() * 1e9)}`,
      userId,
      status: "refunded",
      subtotalPaise: 99_999,
      gstPaise: 18_000,
      totalPaise: 117_999,
      gateway: "test",
      paidAt: new Date(),
      refundedAt: new Date(),
    })
    .returning();
  await db.insert(schema.orderItems).values({ orderId: order!.id, productId, title: "x", pricePaise: 99_999 });
  await db.insert(schema.enrolments).values({
    userId,
    productId,
    orderId: order!.id,
    source: "purchase",
    grantedAt: new Date(Date.now() - 60_000),
    revokedAt: new Date(),
  });
}

/** GET /healthz on a local server: its body. */
function healthz(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/healthz" }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}

async function setStatus(productId: number, status: "draft" | "published" | "archived") {
  const db = await getDb();
  await db.update(schema.products).set({ status }).where(eq(schema.products.id, productId));
}

const COURSE = "accountancy-class-12";
const PAID_NOTE = "partnership-accounts-complete-handwritten-notes-with-solved-examples";
const FREE_NOTE = "accountancy-formula-sheet";

describe("course player access", () => {
  it("an owner gets the outline, starting at the first lesson, which plays its uploaded sample (no embed link)", async () => {
    const db = await getDb();
    const user = await createUser();
    const course = await product(COURSE);
    await enrol(user.id, course.id);

    const player = await getCoursePlayer(db, user.id, course.id);
    expect(player).not.toBeNull();
    expect(player!.course.title).toBe("Accountancy Class 12");
    expect(player!.course.topics).toEqual(course.modules);
    expect(player!.outline).toHaveLength(course.modules.length);
    expect(player!.outline[0]!.lessons.length).toBeGreaterThan(0);
    expect(player!.current!.id).toBe(player!.outline[0]!.lessons[0]!.id);
    expect(player!.current!.videoUrl).toBeNull();
    const [video] = await db
      .select()
      .from(schema.lessonVideos)
      .where(eq(schema.lessonVideos.lessonId, player!.current!.id));
    expect(video).toMatchObject({ status: "ready" });
    expect(isSampleVideoPrefix(video!.hlsPrefix)).toBe(true);
    expect(player!.previousLessonId).toBeNull();
    expect(player!.nextLessonId).toBe(player!.outline[0]!.lessons[1]!.id);
    // Three video lessons per module, and the mock paper as a lesson of type test (seed.server.ts).
    expect(player!.progress).toEqual({ completed: 0, total: course.modules.length * 3 + 1, percent: 0 });
  });

  it("nobody else gets the course: other users, refunded buyers, drafts, unknown ids and non-courses", async () => {
    const db = await getDb();
    const owner = await createUser();
    const stranger = await createUser();
    const refunded = await createUser();
    const course = await product(COURSE);
    await enrol(owner.id, course.id);
    await refundedPurchase(refunded.id, course.id);

    expect(await getCoursePlayer(db, stranger.id, course.id)).toBeNull();
    expect(await getCoursePlayer(db, refunded.id, course.id)).toBeNull();
    expect(await hasAccess(db, refunded.id, course.id)).toBe(false);
    expect(await getCoursePlayer(db, owner.id, 999_999)).toBeNull();
    expect(await getCoursePlayer(db, owner.id, -1)).toBeNull();
    // A lesson id of another course is not found either.
    const other = await product("economics-class-12");
    const otherPlayer = await getCoursePlayer(db, owner.id, course.id);
    const [otherLesson] = await db.select().from(schema.lessons).where(eq(schema.lessons.productId, other.id));
    expect(await getCoursePlayer(db, owner.id, course.id, otherLesson!.id)).toBeNull();
    expect(otherPlayer).not.toBeNull();
    // A note the user owns is not a course.
    const note = await product(PAID_NOTE);
    await enrol(owner.id, note.id);
    expect(await getCoursePlayer(db, owner.id, note.id)).toBeNull();
    // Drafts are nobody's, owners included.
    await setStatus(course.id, "draft");
    expect(await getCoursePlayer(db, owner.id, course.id)).toBeNull();
  });

  it("owners keep an archived course; nobody else gets it", async () => {
    const db = await getDb();
    const owner = await createUser();
    const stranger = await createUser();
    const course = await product(COURSE);
    await enrol(owner.id, course.id);
    await setStatus(course.id, "archived");
    const player = await getCoursePlayer(db, owner.id, course.id);
    expect(player?.course.archived).toBe(true);
    expect(player?.current?.id).toBe(player?.outline[0]?.lessons[0]?.id);
    expect(await getCoursePlayer(db, stranger.id, course.id)).toBeNull();
    expect((await listOwnedProducts(db, owner.id)).map((p) => p.id)).toEqual([course.id]);
  });

  it("a free course still needs an enrolment (free is for notes and PYQ downloads)", async () => {
    const db = await getDb();
    const user = await createUser();
    const course = await createProduct({ kind: "course", pricePaise: 0, status: "published" });
    expect(await getCoursePlayer(db, user.id, course.id)).toBeNull();
  });
});

describe("progress", () => {
  it("completing a lesson persists, moves the resume point and updates the percentage", async () => {
    const db = await getDb();
    const user = await createUser();
    const course = await product(COURSE);
    await enrol(user.id, course.id);
    const start = (await getCoursePlayer(db, user.id, course.id))!;
    const second = start.outline[0]!.lessons[1]!;
    const total = start.progress.total;

    const result = await setLessonCompleted(db, user.id, course.id, second.id, true);
    expect(result).toEqual({ nextLessonId: start.outline[0]!.lessons[2]!.id });
    // Twice is the same as once.
    await setLessonCompleted(db, user.id, course.id, second.id, true);

    // A new session (no lesson in the URL) resumes at the lesson last worked on.
    const resumed = (await getCoursePlayer(db, user.id, course.id))!;
    expect(resumed.current!.id).toBe(second.id);
    expect(resumed.current!.completed).toBe(true);
    expect(resumed.progress).toEqual({ completed: 1, total, percent: Math.round(100 / total) });
    expect(resumed.outline[0]!.lessons.map((l) => l.completed)).toEqual([false, true, false]);

    // Opening another lesson moves the resume point too.
    const third = start.outline[1]!.lessons[0]!;
    await getCoursePlayer(db, user.id, course.id, third.id);
    expect((await getCoursePlayer(db, user.id, course.id))!.current!.id).toBe(third.id);
    // Opening it again (a reload, Back) writes nothing: the row keeps its time.
    const progressRow = () =>
      db
        .select()
        .from(schema.courseProgress)
        .where(and(eq(schema.courseProgress.userId, user.id), eq(schema.courseProgress.productId, course.id)));
    const [moved] = await progressRow();
    await new Promise((r) => setTimeout(r, 5));
    await getCoursePlayer(db, user.id, course.id, third.id);
    expect(await progressRow()).toEqual([moved]);

    const owned = await listOwnedProducts(db, user.id);
    expect(owned[0]).toMatchObject({ id: course.id, completedLessons: 1, totalLessons: total });

    await setLessonCompleted(db, user.id, course.id, second.id, false);
    expect((await getCoursePlayer(db, user.id, course.id))!.progress.completed).toBe(0);
  });

  it("without a resume point the player opens the first lesson not yet completed", async () => {
    const db = await getDb();
    const user = await createUser();
    const course = await product(COURSE);
    await enrol(user.id, course.id);
    const start = (await getCoursePlayer(db, user.id, course.id))!;
    const [a, b, c] = start.outline[0]!.lessons;
    await db.insert(schema.lessonCompletions).values([
      { userId: user.id, lessonId: a!.id, productId: course.id },
      { userId: user.id, lessonId: b!.id, productId: course.id },
    ]);
    expect((await getCoursePlayer(db, user.id, course.id))!.current!.id).toBe(c!.id);
  });

  it("progress is per user, and nobody can mark lessons of a course they do not own", async () => {
    const db = await getDb();
    const owner = await createUser();
    const stranger = await createUser();
    const course = await product(COURSE);
    await enrol(owner.id, course.id);
    const lessonId = (await getCoursePlayer(db, owner.id, course.id))!.current!.id;
    await setLessonCompleted(db, owner.id, course.id, lessonId, true);

    await expect(setLessonCompleted(db, stranger.id, course.id, lessonId, true)).rejects.toMatchObject({ status: 404 });
    const rows = await db
      .select()
      .from(schema.lessonCompletions)
      .where(eq(schema.lessonCompletions.userId, stranger.id));
    expect(rows).toEqual([]);
    // A lesson of another course cannot be marked through this one.
    const other = await product("economics-class-12");
    const [otherLesson] = await db.select().from(schema.lessons).where(eq(schema.lessons.productId, other.id));
    await expect(setLessonCompleted(db, owner.id, course.id, otherLesson!.id, true)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("ownership helpers", () => {
  it("isOwned, ownedProductIds and listOwnedProducts follow live enrolments", async () => {
    const db = await getDb();
    const user = await createUser();
    expect(await listOwnedProducts(db, user.id)).toEqual([]);
    const course = await product(COURSE);
    const note = await product(PAID_NOTE);
    const pyq = await product("accountancy-class-12-sample-papers-board-pattern");
    const draft = await product("economics-class-11");
    await enrol(user.id, course.id);
    await enrol(user.id, note.id);
    await refundedPurchase(user.id, pyq.id);
    await enrol(user.id, draft.id);
    await setStatus(draft.id, "draft");

    expect(await isOwned(db, user.id, course.id)).toBe(true);
    expect(await isOwned(db, user.id, pyq.id)).toBe(false);
    expect(await ownedProductIds(db, user.id, [course.id, pyq.id, note.id])).toEqual(new Set([course.id, note.id]));
    const owned = await listOwnedProducts(db, user.id);
    expect(owned.map((p) => p.id).sort()).toEqual([course.id, note.id].sort());
    expect(owned.find((p) => p.id === note.id)).toMatchObject({ kind: "note", hasFile: true });
  });

  it("free published notes are open to every signed-in user without being owned", async () => {
    const db = await getDb();
    const user = await createUser();
    const free = await product(FREE_NOTE);
    const accessible = await getAccessibleProduct(db, user.id, free.id);
    expect(accessible).toMatchObject({ id: free.id, owned: false });
    expect(await isOwned(db, user.id, free.id)).toBe(false);
    await setStatus(free.id, "archived");
    expect(await hasAccess(db, user.id, free.id)).toBe(false);
  });
});

describe("downloads", () => {
  it("an owner gets the PDF stamped with their name and email on every page", async () => {
    const db = await getDb();
    const user = await createUser({ name: "Riya Sharma", email: "riya.sharma@example.com" });
    const note = await product(PAID_NOTE);
    await enrol(user.id, note.id);

    const file = await prepareDownload(db, user, note.id);
    expect(file?.filename).toBe(`${PAID_NOTE}.pdf`);
    const doc = await PDFDocument.load(file!.bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);
    const text = extractPdfText(file!.bytes);
    const stamps = text.split("\n").filter((l) => l.includes("Licensed to Riya Sharma (riya.sharma@example.com)"));
    expect(stamps).toHaveLength(doc.getPageCount());
    expect(text).toContain("Partnership Accounts");
  });

  it("stamps off the main thread: /healthz answers again and again while a long name is stamped", async () => {
    // The incident: stamping a 900,000-character name ran 32 s on the main thread and /healthz waited behind it.
    const db = await getDb();
    const user = await createUser();
    const note = await product(PAID_NOTE);
    await enrol(user.id, note.id);
    const server = http.createServer((_req, res) => res.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const done: string[] = [];
    let checks: Promise<void> | undefined;
    const downloader = {
      ...user,
      // The name is read when stamping starts: the health checks start then, one after another
      // (as a load balancer's would), and must all be answered while the stamping runs.
      get name() {
        checks ??= (async () => {
          for (let i = 0; i < 10; i++) expect(await healthz(port)).toBe('{"status":"ok"}');
          done.push("10 health checks");
        })();
        return "Riya ".repeat(30_000);
      },
    };
    try {
      const file = await prepareDownload(db, downloader, note.id);
      done.push("download");
      await checks;
      expect(extractPdfText(file!.bytes)).toContain("Licensed to Riya Riya");
      expect(done).toEqual(["10 health checks", "download"]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("non-owners, refunded buyers, drafts, courses and unknown ids get nothing", async () => {
    const db = await getDb();
    const stranger = await createUser();
    const refunded = await createUser();
    const note = await product(PAID_NOTE);
    await refundedPurchase(refunded.id, note.id);
    expect(await prepareDownload(db, stranger, note.id)).toBeNull();
    expect(await prepareDownload(db, refunded, note.id)).toBeNull();
    expect(await prepareDownload(db, stranger, 999_999)).toBeNull();
    const course = await product(COURSE);
    await enrol(stranger.id, course.id);
    expect(await prepareDownload(db, stranger, course.id)).toBeNull();
    const free = await product(FREE_NOTE);
    await setStatus(free.id, "draft");
    expect(await prepareDownload(db, stranger, free.id)).toBeNull();
  });

  it("owners keep an archived note; a free note downloads for anyone signed in", async () => {
    const db = await getDb();
    const owner = await createUser();
    const other = await createUser();
    const note = await product(PAID_NOTE);
    await enrol(owner.id, note.id);
    await setStatus(note.id, "archived");
    expect(await prepareDownload(db, owner, note.id)).not.toBeNull();
    expect(await prepareDownload(db, other, note.id)).toBeNull();
    const free = await product("english-core-class-12-sample-papers-board-pattern");
    expect(await prepareDownload(db, other, free.id)).not.toBeNull();
  });

  it("a missing sample file is generated again; a missing uploaded file is a 404, not a crash", async () => {
    const db = await getDb();
    const user = await createUser();
    const free = await product(FREE_NOTE);
    await getFileStorage().delete(free.fileKey!);
    expect(await getFileStorage().exists(free.fileKey!)).toBe(false);
    expect(await prepareDownload(db, user, free.id)).not.toBeNull();
    expect(await getFileStorage().exists(free.fileKey!)).toBe(true);

    await db
      .update(schema.products)
      .set({ fileKey: "pdfs/00000000-0000-0000-0000-000000000000.pdf" })
      .where(eq(schema.products.id, free.id));
    expect(await prepareDownload(db, user, free.id)).toBeNull();
  });
});

describe("seeded learning content", () => {
  it("every seeded course has modules of lessons that play a sample lecture; every note and PYQ a sample PDF", async () => {
    const db = await getDb();
    const all = await db.select().from(schema.products);
    const storage = getFileStorage();
    for (const p of all) await storage.delete(p.fileKey ?? "seed/none.pdf");
    for (const p of all.filter((p) => p.kind === "course")) {
      const all = await db.select().from(schema.lessons).where(eq(schema.lessons.productId, p.id));
      const lessons = all.filter((l) => l.testProductId === null);
      expect(lessons.length).toBe(p.modules.length * 3);
      // One seeded course also has the mock paper as its last lesson (a lesson of type test).
      expect(all.length - lessons.length).toBe(p.title === SEED_TEST_LESSON.course ? 1 : 0);
      const videos = await db
        .select()
        .from(schema.lessonVideos)
        .where(
          inArray(
            schema.lessonVideos.lessonId,
            lessons.map((l) => l.id),
          ),
        );
      expect(videos).toHaveLength(lessons.length);
      for (const l of lessons) expect(l.videoUrl).toBeNull();
      for (const v of videos) {
        expect(v.status).toBe("ready");
        expect(isSampleVideoPrefix(v.hlsPrefix)).toBe(true);
      }
    }
    // Notes and PYQ carry a PDF; courses and practice tests do not.
    expect(all.filter((p) => p.kind === "test").every((p) => p.fileKey === null)).toBe(true);
    const files = all.filter((p) => p.kind === "note" || p.kind === "pyq");
    expect(files.every((p) => p.fileKey && isSeedFileKey(p.fileKey))).toBe(true);

    expect(await ensureSeedFiles(db, storage)).toBe(files.length);
    expect(await ensureSeedFiles(db, storage)).toBe(0);
    const pyq = files.find((p) => p.kind === "pyq")!;
    const file = await storage.get(pyq.fileKey!);
    const chunks: Buffer[] = [];
    for await (const c of file!.stream) chunks.push(c as Buffer);
    const doc = await PDFDocument.load(Buffer.concat(chunks));
    expect(doc.getTitle()).toBe(pyq.title);
    // A cover, then each section of its sample paper from a new page (sample-content/).
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1 + sampleDocumentFor(pyq).sections.length);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(4);
  });

  it("the database refuses a lesson video URL that is not an embed URL", async () => {
    const db = await getDb();
    const [lesson] = await db
      .select()
      .from(schema.lessons)
      .where(isNull(schema.lessons.testProductId))
      .orderBy(schema.lessons.id)
      .limit(1);
    await expect(
      db
        .update(schema.lessons)
        .set({ videoUrl: "https://evil.example/video.mp4" })
        .where(and(eq(schema.lessons.id, lesson!.id))),
    ).rejects.toThrow();
  });
});
