/**
 * Photos or a PDF of a handwritten answer of the signed-in student's open attempt (the taking page
 * calls it with apiFetch): a multipart POST of `questionId` and `file` adds one (`{ file }`, 201), a
 * POST of `intent=remove` and `fileId` takes one off (`{ removed: true }`). Refusals are `{ message }`
 * with 401, 400, 404, 409 (submitted, or time up) or 413 (too large).
 */
import { data } from "react-router";
import { z } from "zod";
import { dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { addAnswerFile, MAX_ANSWER_PDF_BYTES, removeAnswerFile } from "~/features/practice/answer-files.server";
import { asResponse, invariantResponse, methodNotAllowed } from "~/lib/errors";
import { FORM_MAX_BYTES, readFormData } from "~/lib/form.server";
import { idSchema, paramId } from "~/lib/id";
import type { Route } from "./+types/practice-answer-files";

const noStore = { "Cache-Control": "private, no-store" };

const bodySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), questionId: idSchema }),
  z.object({ intent: z.literal("remove"), fileId: idSchema }),
]);

export function loader() {
  throw methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const db = context.get(dbContext);
  const user = await getOptionalUser(db, request, context);
  invariantResponse(user, "Sign in to add photos of your answer.", 401);
  const attemptId = paramId(params.attemptId, "Attempt not found.");
  const form = await readFormData(request, { maxBytes: MAX_ANSWER_PDF_BYTES + FORM_MAX_BYTES });
  const parsed = bodySchema.safeParse({ intent: form.get("intent") ?? "add", ...Object.fromEntries(form) });
  invariantResponse(parsed.success, "Send questionId and a file, or intent=remove and fileId.");
  try {
    if (parsed.data.intent === "remove") {
      await removeAnswerFile(db, user.id, attemptId, parsed.data.fileId);
      return data({ removed: true }, { headers: noStore });
    }
    const file = form.get("file");
    const added = await addAnswerFile(
      db,
      user.id,
      attemptId,
      parsed.data.questionId,
      file instanceof File ? file : null,
    );
    return data({ file: added }, { status: 201, headers: noStore });
  } catch (error) {
    throw asResponse(error);
  }
}
