/**
 * Resource route of the signed-in user's server cart: GET → { items }, POST intents → { items, notices };
 * a refusal is `{ message }` with its status, like every other route (app/lib/errors.ts).
 */

import { data } from "react-router";
import { z } from "zod";
import { dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { parseGuestCart } from "~/features/accounts/schema";
import { addToCart, clearCart, getCart, mergeIntoCart, removeFromCart } from "~/features/cart/cart.server";
import { invariantResponse, methodNotAllowed } from "~/lib/errors";
import { readForm } from "~/lib/form.server";
import { idSchema } from "~/lib/id";
import type { Route } from "./+types/cart";

const noStore = { "Cache-Control": "no-store" };
const productId = idSchema;

const cartIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId }),
  z.object({ intent: z.literal("remove"), productId }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("merge"), productIds: z.unknown() }),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await getOptionalUser(db, request, context);
  invariantResponse(user, "Sign in to use the cart on the server.", 401);
  return data({ items: await getCart(db, user.id) }, { headers: noStore });
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = (await request.json().catch(() => null)) as unknown;
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }
  // A form is read like every form of the app (size and field limits, no NUL); anything else is refused there.
  return readForm(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const user = await getOptionalUser(db, request);
  invariantResponse(user, "Sign in to use the cart on the server.", 401);
  if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
  const parsed = cartIntent.safeParse(await readBody(request));
  invariantResponse(parsed.success, "Send intent=add|remove (with productId), clear or merge (with productIds).");
  const input = parsed.data;
  let result: Awaited<ReturnType<typeof addToCart>>;
  switch (input.intent) {
    case "add":
      result = await addToCart(db, user.id, input.productId);
      break;
    case "remove":
      result = await removeFromCart(db, user.id, input.productId);
      break;
    case "clear":
      result = await clearCart(db, user.id);
      break;
    case "merge": {
      const raw = Array.isArray(input.productIds) ? input.productIds.join(",") : input.productIds;
      result = await mergeIntoCart(db, user.id, parseGuestCart(raw));
      break;
    }
  }
  return data(result, { headers: noStore });
}
