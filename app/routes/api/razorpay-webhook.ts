import { dbContext } from "~/features/accounts/context.server";
import { handleRazorpayWebhook } from "~/features/payments/payments.server";
import { methodNotAllowed } from "~/lib/errors";
import type { Route } from "./+types/razorpay-webhook";

/** POST /api/payments/razorpay/webhook: Razorpay's events, verified over the raw body. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const db = context.get(dbContext);
  const rawBody = await request.text();
  const result = await handleRazorpayWebhook(db, rawBody, request.headers);
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  throw methodNotAllowed(["POST"]);
}
