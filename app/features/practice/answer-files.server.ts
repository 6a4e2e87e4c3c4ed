/**
 * Photos or a PDF of a handwritten written answer (issue 35): a student adds them to a written
 * question of their open attempt (phone camera friendly: several images per answer), checked by their
 * bytes and stored privately; the teacher sees them beside the model answer when marking. After
 * submission they never change. Served only to the attempt's student (while they may open the test)
 * and admins.
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { practiceAnswerFiles, practiceAttempts } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { type FileStorage, getFileStorage } from "~/platform/files/storage.server";
import { storeUploadSized } from "~/platform/files/upload.server";
import { NOT_FOUND, requireTestAccess, type Viewer, validId } from "./access.server";
import { isWritten } from "./labels";
import { lockOpenAnswer, TIME_UP } from "./marking.server";

/** At most this many files per answer (a long answer on several pages). */
export const MAX_ANSWER_FILES = 6;
/** A PDF of a handwritten answer (photos: the 5 MB of every uploaded image). server.js allows its body. */
export const MAX_ANSWER_PDF_BYTES = 10 * 1024 * 1024;

export interface AnswerFile {
  id: number;
  questionId: number;
  contentType: string;
  bytes: number;
}

const columns = {
  id: practiceAnswerFiles.id,
  questionId: practiceAnswerFiles.questionId,
  contentType: practiceAnswerFiles.contentType,
  bytes: practiceAnswerFiles.bytes,
};

/** The files of an attempt's answers, in the order they were added. */
export function listAnswerFiles(db: DbOrTx, attemptId: number): Promise<AnswerFile[]> {
  return db
    .select(columns)
    .from(practiceAnswerFiles)
    .where(eq(practiceAnswerFiles.attemptId, attemptId))
    .orderBy(asc(practiceAnswerFiles.id));
}

/** The open attempt of this student, locked, with the written question (refusals as saving an answer). */
async function openWrittenAnswer(tx: DbOrTx, userId: string, attemptId: number, questionId: number, now: Date) {
  const open = await lockOpenAnswer(tx, userId, attemptId, questionId, now);
  if (!open) return { timeUp: true as const };
  if (!open.question || !isWritten(open.question.type)) {
    throw new HttpError(400, "Photos and PDFs go with a written answer of this test.");
  }
  return { timeUp: false as const, attempt: open.attempt };
}

/**
 * Adds a photo (PNG, JPEG, WebP, GIF, AVIF; 5 MB) or a PDF (10 MB) to a written answer of the
 * student's open attempt. Refused: someone else's attempt (404), submitted or time up (409), not a
 * written question (400), too many files (400), a file that is not what it claims (400).
 */
export async function addAnswerFile(
  db: Db,
  userId: string,
  attemptId: number,
  questionId: number,
  file: File | null,
  now = new Date(),
  storage: FileStorage = getFileStorage(),
): Promise<AnswerFile> {
  if (!validId(attemptId)) throw new HttpError(404, NOT_FOUND);
  // Checked once before the bytes are read, and again under the lock once they are stored.
  const early = await db.transaction((tx) => openWrittenAnswer(tx, userId, attemptId, questionId, now));
  if (early.timeUp) throw new HttpError(409, TIME_UP);
  const isPdf = file instanceof File && (file.type === "application/pdf" || /\.pdf$/i.test(file.name));
  const type = isPdf ? "pdf" : "image";
  if (isPdf && file.size > MAX_ANSWER_PDF_BYTES) {
    throw new HttpError(400, "The file is too large: the limit is 10 MB for a PDF.");
  }
  const { key, bytes } = await storeUploadSized(file, type, storage, "answers");
  try {
    const outcome = await db.transaction(async (tx) => {
      const open = await openWrittenAnswer(tx, userId, attemptId, questionId, new Date());
      if (open.timeUp) return null;
      const [n] = await tx
        .select({ n: count() })
        .from(practiceAnswerFiles)
        .where(and(eq(practiceAnswerFiles.attemptId, attemptId), eq(practiceAnswerFiles.questionId, questionId)));
      if ((n?.n ?? 0) >= MAX_ANSWER_FILES) {
        throw new HttpError(400, `An answer takes at most ${MAX_ANSWER_FILES} photos or PDFs: remove one first.`);
      }
      const [row] = await tx
        .insert(practiceAnswerFiles)
        .values({
          attemptId,
          questionId,
          fileKey: key,
          contentType: type === "pdf" ? "application/pdf" : contentTypeOf(key),
          bytes,
        })
        .returning(columns);
      return row!;
    });
    if (!outcome) throw new HttpError(409, TIME_UP);
    return outcome;
  } catch (error) {
    await storage.delete(key).catch((err) => log.warn({ err, key }, "could not delete a refused answer file"));
    throw error;
  }
}

function contentTypeOf(key: string) {
  const ext = key.slice(key.lastIndexOf(".") + 1);
  return ext === "jpg" ? "image/jpeg" : `image/${ext}`;
}

/** Takes a file off an answer of the student's open attempt (404 when it is not theirs). */
export async function removeAnswerFile(
  db: Db,
  userId: string,
  attemptId: number,
  fileId: number,
  now = new Date(),
  storage: FileStorage = getFileStorage(),
) {
  if (!validId(attemptId) || !validId(fileId)) throw new HttpError(404, "That file is not in this answer.");
  const key = await db.transaction(async (tx) => {
    const [file] = await tx
      .select()
      .from(practiceAnswerFiles)
      .where(and(eq(practiceAnswerFiles.id, fileId), eq(practiceAnswerFiles.attemptId, attemptId)));
    if (!file) throw new HttpError(404, "That file is not in this answer.");
    const open = await openWrittenAnswer(tx, userId, attemptId, file.questionId, now);
    if (open.timeUp) return null;
    await tx.delete(practiceAnswerFiles).where(eq(practiceAnswerFiles.id, fileId));
    return file.fileKey;
  });
  if (!key) throw new HttpError(409, TIME_UP);
  await storage.delete(key).catch((err) => log.warn({ err, key }, "could not delete a removed answer file"));
}

/**
 * A file of an answer for its student (while they may open the test) or an admin; 404 for anyone else,
 * as for a file that does not exist.
 */
export async function answerFileFor(db: DbOrTx, viewer: Viewer, attemptId: number, fileId: number) {
  const notFound = new HttpError(404, "File not found.");
  if (!validId(attemptId) || !validId(fileId)) throw notFound;
  const [row] = await db
    .select({ file: practiceAnswerFiles, userId: practiceAttempts.userId, productId: practiceAttempts.productId })
    .from(practiceAnswerFiles)
    .innerJoin(practiceAttempts, eq(practiceAttempts.id, practiceAnswerFiles.attemptId))
    .where(and(eq(practiceAnswerFiles.id, fileId), eq(practiceAnswerFiles.attemptId, attemptId)));
  if (!row || (row.userId !== viewer.id && viewer.role !== "admin")) throw notFound;
  if (viewer.role !== "admin") await requireTestAccess(db, viewer.id, row.productId);
  return row.file;
}
