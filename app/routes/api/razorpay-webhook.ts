import { getDb } from "~/db/client.server";
import { handleRazorpayWebhook } from "~/features/payments/payments.server";
import type { Route } from "./+types/razorpay-webhook";

/** POST /api/payments/razorpay/webhook: Razorpay's events, verified over the raw body. */
export async function action({ request }: Route.ActionArgs) {
  const db = await getDb();
  if (request.method !== "POST") return Response.json({ ok: false, message: "Use POST." }, { status: 405 });
  const rawBody = await request.text();
  const result = await handleRazorpayWebhook(db, rawBody, request.headers);
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return Response.json({ ok: false, message: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
