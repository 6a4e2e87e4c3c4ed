/**
 * Saves one answer of the signed-in student's open attempt, as it is given (the taking page calls it
 * with fetch): `{ saved: true }`, or `{ message }` with 401, 400, 404 or 409 (submitted, or time up:
 * the server's clock decides and the attempt is submitted as it stood).
 */
import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { saveAnswer } from "~/features/practice/attempts.server";
import { answerSchema } from "~/features/practice/schema";
import { asResponse, invariantResponse } from "~/lib/errors";
import { readForm } from "~/lib/form.server";
import { idSchema } from "~/lib/id";
import type { Route } from "./+types/practice-answer";

const noStore = { "Cache-Control": "private, no-store" };

export function loader() {
  throw data({ message: "Use POST." }, { status: 405, headers: noStore });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  invariantResponse(request.method === "POST", "Use POST.", 405);
  const db = await getDb();
  const user = await getOptionalUser(db, request, context);
  invariantResponse(user, "Sign in to save your answers.", 401);
  const attemptId = idSchema.safeParse(params.attemptId);
  invariantResponse(attemptId.success, "Attempt not found.", 404);
  const parsed = answerSchema.safeParse(await readForm(request));
  invariantResponse(parsed.success, parsed.error?.issues[0]?.message ?? "Send questionId with choice or text.");
  try {
    await saveAnswer(db, user.id, attemptId.data, parsed.data);
  } catch (error) {
    throw asResponse(error);
  }
  return data({ saved: true }, { headers: noStore });
}
