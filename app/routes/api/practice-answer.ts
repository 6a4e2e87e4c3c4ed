/**
 * Saves one answer of the signed-in student's open attempt, as it is given (the taking page calls it
 * with fetch): `{ saved: true }`, or `{ message }` with 401, 400, 404 or 409 (submitted, or time up:
 * the server's clock decides and the attempt is submitted as it stood).
 */

import { data } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { answerSchema } from "~/features/practice/schema";
import { saveAnswer } from "~/features/practice/taking.server";
import { asResponse, invariantResponse, methodNotAllowed } from "~/lib/errors";
import { readForm } from "~/lib/form.server";
import { paramId } from "~/lib/id";
import type { Route } from "./+types/practice-answer";

const noStore = { "Cache-Control": "private, no-store" };

export function loader() {
  throw methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const db = context.get(dbContext);
  const user = await getOptionalUser(db, request, context);
  invariantResponse(user, "Sign in to save your answers.", 401);
  const attemptId = paramId(params.attemptId, "Attempt not found.");
  const parsed = answerSchema.safeParse(await readForm(request));
  invariantResponse(parsed.success, parsed.error?.issues[0]?.message ?? "Send questionId with choice or text.");
  try {
    await saveAnswer(db, user.id, attemptId, parsed.data);
  } catch (error) {
    throw asResponse(error);
  }
  return data({ saved: true }, { headers: noStore });
}
