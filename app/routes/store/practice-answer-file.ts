/**
 * A photo or PDF of a handwritten answer, for the attempt's student (while they may open the test) and
 * admins; anyone else gets the same 404 as a file that does not exist. Never cached by a shared cache,
 * never sniffed, never run as a page.
 */
import { Readable } from "node:stream";
import { dbContext } from "~/features/accounts/context.server";
import { requireUser } from "~/features/accounts/guards.server";
import { answerFileFor } from "~/features/practice/answer-files.server";
import { attachment } from "~/lib/attachment.server";
import { asResponse } from "~/lib/errors";
import { parseId } from "~/lib/id";
import { getFileStorage } from "~/platform/files/storage.server";
import type { Route } from "./+types/practice-answer-file";

function notFound() {
  return new Response("404 - Page Not Found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request);
  const attemptId = parseId(params.attemptId);
  const fileId = parseId(params.fileId);
  if (attemptId === null || fileId === null) return notFound();
  const row = await answerFileFor(db, user, attemptId, fileId).catch((error) => {
    throw asResponse(error);
  });
  const stored = await getFileStorage().get(row.fileKey);
  if (!stored) return notFound();
  if (row.contentType === "application/pdf") {
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
    return attachment(new Uint8Array(Buffer.concat(chunks)), `answer-${fileId}.pdf`, "application/pdf");
  }
  const headers: Record<string, string> = {
    "Content-Type": row.contentType,
    "Content-Disposition": "inline",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "Cache-Control": "private, no-store",
  };
  if (stored.size !== undefined) headers["Content-Length"] = String(stored.size);
  return new Response(Readable.toWeb(stored.stream) as ReadableStream, { headers });
}
