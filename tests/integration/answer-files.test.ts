/**
 * Issue 35: photos or a PDF of a handwritten answer. Added to a written answer of the student's own
 * open attempt, checked by their bytes, kept private (the student and admins only), shown to the
 * teacher in the marking queue; nothing after submission.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { addAnswerFile, MAX_ANSWER_FILES, removeAnswerFile } from "~/features/practice/answer-files.server";
import { getResult } from "~/features/practice/results.server";
import { loadPaper, startAttempt, submitAttempt, type TakingPaper } from "~/features/practice/taking.server";
import { getMarkingItem, listMarkingQueue } from "~/features/practice/teacher-marking.server";
import type { FileStorage } from "~/platform/files/storage.server";
import { action as filesAction } from "~/routes/api/practice-answer-files";
import { loader as fileLoader } from "~/routes/store/practice-answer-file";
import { cookieFor, createTestUser } from "../helpers/auth";
import { productIdBySlug, refusal } from "../helpers/practice";
import { makeRequest, routeCall } from "../helpers/route";
import { useTestStorage } from "../helpers/storage";

const SAMPLE = "accountancy-class-12-free-sample-test";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const photo = (name = "page-1.png") => new File([PNG], name, { type: "image/png" });

let storage: FileStorage;
beforeEach(() => {
  storage = useTestStorage().storage;
});

async function openAttempt() {
  const db = await getDb();
  const user = await createTestUser({ name: "Riya Menon" });
  const attemptId = await startAttempt(db, { id: user.id, role: "student" }, await productIdBySlug(SAMPLE));
  const paper = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
  const written = paper.questions.find((q) => q.type === "short_answer")!;
  const mcq = paper.questions.find((q) => q.type === "mcq")!;
  return { db, storage, user, attemptId, written: written.id, mcq: mcq.id };
}

async function status(promise: Promise<unknown>) {
  try {
    const result = await promise;
    return result instanceof Response ? result.status : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    const init = (error as { init?: ResponseInit } | null)?.init;
    if (init) return init.status ?? 200;
    throw error;
  }
}

describe("photos of a handwritten answer", () => {
  it("a student adds photos to a written answer; the teacher sees them in the queue; nothing changes after submission", async () => {
    const { db, storage, user, attemptId, written } = await openAttempt();
    // A photo wider than the 2,000 px kept for a private photo: what is stored is smaller than the upload.
    const wide = await sharp({ create: { width: 2400, height: 40, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const first = await addAnswerFile(
      db,
      user.id,
      attemptId,
      written,
      new File([wide], "page-1.png", { type: "image/png" }),
    );
    const second = await addAnswerFile(db, user.id, attemptId, written, photo("page-2.png"));
    expect(first).toMatchObject({ questionId: written, contentType: "image/png" });
    const paper = (await loadPaper(db, user.id, attemptId)) as TakingPaper;
    expect(paper.questions.find((q) => q.id === written)!.files.map((f) => f.id)).toEqual([first.id, second.id]);
    await removeAnswerFile(db, user.id, attemptId, second.id);
    const [row] = await db.select().from(schema.practiceAnswerFiles).where(eq(schema.practiceAnswerFiles.id, first.id));
    expect(row!.fileKey).toMatch(/^answers\/[0-9a-f-]{36}\.png$/);
    expect(await storage.exists(row!.fileKey)).toBe(true);
    // The size recorded is the stored file's (the photo is stored normalised, not as uploaded).
    const stored = await storage.get(row!.fileKey);
    let storedBytes = 0;
    for await (const chunk of stored!.stream) storedBytes += (chunk as Buffer).length;
    expect(storedBytes).not.toBe(wide.length);
    expect(first.bytes).toBe(storedBytes);

    await submitAttempt(db, user.id, attemptId);
    // Photos alone are an answer: it waits for the teacher with them.
    const queue = await listMarkingQueue(db);
    expect(queue.rows.some((r) => r.attemptId === attemptId && r.questionId === written)).toBe(true);
    expect((await getMarkingItem(db, attemptId, written)).files.map((f) => f.id)).toEqual([first.id]);
    const result = await getResult(db, { id: user.id, role: "student" }, attemptId);
    if ("open" in result) throw new Error("submitted");
    expect(result.questions.find((q) => q.id === written)!.files).toHaveLength(1);
    expect(await refusal(addAnswerFile(db, user.id, attemptId, written, photo()))).toMatchObject({ status: 409 });
    expect(await refusal(removeAnswerFile(db, user.id, attemptId, first.id))).toMatchObject({ status: 409 });
  });

  it("refuses what is not an image or a PDF by its bytes, an objective question, someone else's attempt and a seventh file", async () => {
    const { db, storage, user, attemptId, written, mcq } = await openAttempt();
    const keysBefore = (await storage.list!("answers/")).length;
    const fake = new File(["<svg onload=alert(1)/>"], "x.png", { type: "image/png" });
    expect(await refusal(addAnswerFile(db, user.id, attemptId, written, fake))).toEqual({
      status: 400,
      message: "Images must be PNG, JPEG, WebP, GIF or AVIF files.",
    });
    const notPdf = new File([PNG], "x.pdf", { type: "application/pdf" });
    expect(await refusal(addAnswerFile(db, user.id, attemptId, written, notPdf))).toEqual({
      status: 400,
      message: "The file is not a PDF.",
    });
    expect(await refusal(addAnswerFile(db, user.id, attemptId, mcq, photo()))).toEqual({
      status: 400,
      message: "Photos and PDFs go with a written answer of this test.",
    });
    const stranger = await createTestUser();
    expect((await refusal(addAnswerFile(db, stranger.id, attemptId, written, photo()))).status).toBe(404);
    expect((await storage.list!("answers/")).length).toBe(keysBefore);
    for (let i = 0; i < MAX_ANSWER_FILES; i++) await addAnswerFile(db, user.id, attemptId, written, photo());
    expect(await refusal(addAnswerFile(db, user.id, attemptId, written, photo()))).toEqual({
      status: 400,
      message: `An answer takes at most ${MAX_ANSWER_FILES} photos or PDFs: remove one first.`,
    });
    // The refused seventh file is not left in the store.
    expect((await storage.list!("answers/")).length).toBe(keysBefore + MAX_ANSWER_FILES);
    const rows = await db
      .select()
      .from(schema.practiceAnswerFiles)
      .where(
        and(eq(schema.practiceAnswerFiles.attemptId, attemptId), eq(schema.practiceAnswerFiles.questionId, written)),
      );
    expect(rows).toHaveLength(MAX_ANSWER_FILES);
  });

  it("the API and the file route: the student and admins only; others get 404, visitors 401", async () => {
    const { user, attemptId, written } = await openAttempt();
    const cookie = await cookieFor(user);
    const body = new FormData();
    body.set("questionId", String(written));
    body.set("file", photo());
    const added = (await routeCall(filesAction, {
      request: makeRequest(`/api/practice/attempts/${attemptId}/files`, { method: "POST", body, headers: { cookie } }),
      params: { attemptId: String(attemptId) },
    })) as { data: { file: { id: number } }; init: { status: number } };
    expect(added.init.status).toBe(201);
    const fileId = added.data.file.id;
    const get = (who: string) =>
      routeCall(fileLoader, {
        request: makeRequest(`/my-courses/tests/${attemptId}/files/${fileId}`, { headers: { cookie: who } }),
        params: { attemptId: String(attemptId), fileId: String(fileId) },
      });
    const own = (await get(cookie)) as Response;
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("image/png");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);
    expect(((await get(await cookieFor(await createTestUser({ role: "admin" })))) as Response).status).toBe(200);
    expect(await status(get(await cookieFor(await createTestUser())))).toBe(404);
    const anonymous = new FormData();
    anonymous.set("questionId", String(written));
    anonymous.set("file", photo());
    expect(
      await status(
        routeCall(filesAction, {
          request: makeRequest(`/api/practice/attempts/${attemptId}/files`, { method: "POST", body: anonymous }),
          params: { attemptId: String(attemptId) },
        }),
      ),
    ).toBe(401);
  });
});
