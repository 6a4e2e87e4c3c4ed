/**
 * Log-in and sign-up as /login, /signup and the inline forms of /checkout do them: the account
 * flow, then the guest cart (posted from localStorage) merged into the account's cart. Returns the
 * session cookies for the caller's redirect; a refusal is the flow's HttpError. The cart's, not the
 * account's: accounts knows nothing of carts.
 */
import type { Db } from "~/db/client.server";
import { logIn, type RequestContext, signUp } from "~/features/accounts/accounts.server";
import { parseGuestCart } from "~/features/accounts/schema";
import { mergeIntoCart } from "./cart.server";

export async function logInWithGuestCart(
  db: Db,
  input: { email: string; password: string },
  guestCart: unknown,
  ctx: RequestContext,
): Promise<Headers> {
  const session = await logIn(db, input, ctx);
  await mergeIntoCart(db, session.userId, parseGuestCart(guestCart));
  return session.headers;
}

export async function signUpWithGuestCart(
  db: Db,
  input: { name: string; email: string; password: string },
  guestCart: unknown,
  ctx: RequestContext,
): Promise<Headers> {
  const session = await signUp(db, input, ctx);
  await mergeIntoCart(db, session.userId, parseGuestCart(guestCart));
  return session.headers;
}
