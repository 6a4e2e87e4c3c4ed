/**
 * Log-in and sign-up as /login, /signup and the inline forms of /checkout do them: the account
 * flow, then the guest cart (posted from localStorage) merged into the account's cart. Returns the
 * session cookies for the caller's redirect; a refusal is the flow's HttpError. The cart's, not the
 * account's: accounts knows nothing of carts.
 */
import { redirect } from "react-router";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { logIn, type RequestContext, signUp } from "~/features/accounts/accounts.server";
import { loginSchema, parseGuestCart, safeRedirectTo, signupSchema } from "~/features/accounts/schema";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
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

/** A way in with the guest cart: the form's schema and the call that signs the visitor in with it. */
interface GuestCartFlow<S extends z.ZodType> {
  schema: S;
  signIn: (db: Db, input: z.output<S>, guestCart: unknown, ctx: RequestContext) => Promise<Headers>;
}

/** /login's flow. */
export const logInFlow: GuestCartFlow<typeof loginSchema> = { schema: loginSchema, signIn: logInWithGuestCart };
/** /signup's flow. */
export const signUpFlow: GuestCartFlow<typeof signupSchema> = { schema: signupSchema, signIn: signUpWithGuestCart };

/**
 * The action of /login and /signup: the form checked with the flow's schema, the visitor signed in
 * by its `signIn` (which merges the guest cart), then sent on to the form's `redirectTo`; a refusal
 * is the form's failure (values without the password).
 */
export async function guestCartAuthAction<S extends z.ZodType>(
  db: Db,
  request: Request,
  clientIp: string | undefined,
  { schema, signIn }: GuestCartFlow<S>,
) {
  const form = await readForm(request);
  const redirectTo = safeRedirectTo(form.redirectTo);
  const parsed = validate(schema, form);
  if (!parsed.ok) return formFailure(parsed);
  try {
    return redirect(redirectTo, { headers: await signIn(db, parsed.data, form.guestCart, { request, clientIp }) });
  } catch (error) {
    return failureFrom(error, parsed.values);
  }
}
