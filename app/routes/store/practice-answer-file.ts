/**
 * A photo or PDF of a handwritten answer, for the attempt's student (while they may open the test) and
 * admins; anyone else gets the same 404 as a file that does not exist. Never cached by a shared cache,
 * never sniffed, never run as a page.
 */
import { dbContext } from "~/features/accounts/context.server";
import { requireUser } from "~/features/accounts/guards.server";
import { answerFileFor } from "~/features/practice/answer-files.server";
import { attachment, fileNotFound, inlineImage } from "~/lib/attachment.server";
import { asResponse } from "~/lib/errors";
import { parseId } from "~/lib/id";
import { getFileStorage } from "~/platform/files/storage.server";
import type { Route } from "./+types/practice-answer-file";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request);
  const attemptId = parseId(params.attemptId);
  const fileId = parseId(params.fileId);
  if (attemptId === null || fileId === null) return fileNotFound();
  const row = await answerFileFor(db, user, attemptId, fileId).catch((error) => {
    throw asResponse(error);
  });
  const stored = await getFileStorage().get(row.fileKey);
  if (!stored) return fileNotFound();
  if (row.contentType === "application/pdf") {
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
    return attachment(new Uint8Array(Buffer.concat(chunks)), `answer-${fileId}.pdf`, "application/pdf");
  }
  return inlineImage(stored, row.contentType, "private, no-store");
}
