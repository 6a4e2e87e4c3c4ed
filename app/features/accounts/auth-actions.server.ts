/**
 * The log-in and sign-up form handling shared by /login, /signup and the inline forms of
 * /checkout: validate, call the account flow, merge the guest cart into the account's cart.
 * On success the caller redirects with `headers` (the session cookies).
 */
import type { Db } from "~/db/client.server";
import { mergeIntoCart } from "~/features/cart/cart.server";
import { type ActionFailure, validate } from "~/lib/form.server";
import { logIn, signUp } from "./accounts.server";
import { loginSchema, parseGuestCart, signupSchema } from "./schema";

type Form = Record<string, FormDataEntryValue>;
/** A refusal in the one action-result shape, with the status the route answers. */
type Outcome = { ok: true; headers: Headers } | ({ ok: false; status: number } & ActionFailure);

export async function logInFromForm(
  db: Db,
  form: Form,
  ctx: { request: Request; clientIp?: string },
): Promise<Outcome> {
  const parsed = validate(loginSchema, form);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const result = await logIn(db, parsed.data, ctx);
  if (!result.ok) {
    return {
      ok: false,
      status: result.status,
      fieldErrors: result.fieldErrors ?? {},
      formError: result.formError,
      values: parsed.values,
    };
  }
  await mergeIntoCart(db, result.userId, parseGuestCart(form.guestCart));
  return { ok: true, headers: result.headers };
}

export async function signUpFromForm(
  db: Db,
  form: Form,
  ctx: { request: Request; clientIp?: string },
): Promise<Outcome> {
  const parsed = validate(signupSchema, form);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const result = await signUp(db, parsed.data, ctx);
  if (!result.ok) {
    return {
      ok: false,
      status: result.status,
      fieldErrors: result.fieldErrors ?? {},
      formError: result.formError,
      values: parsed.values,
    };
  }
  await mergeIntoCart(db, result.userId, parseGuestCart(form.guestCart));
  return { ok: true, headers: result.headers };
}
