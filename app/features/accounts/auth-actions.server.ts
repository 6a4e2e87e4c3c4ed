/**
 * The log-in and sign-up form handling shared by /login, /signup and the inline forms of
 * /checkout: validate, call the account flow, merge the guest cart into the account's cart.
 * On success the caller redirects with `headers` (the session cookies).
 */
import type { Db } from "~/db/client.server";
import { mergeIntoCart } from "~/features/cart/cart.server";
import { logIn, signUp } from "./accounts.server";
import { type FieldErrors, fieldErrors, loginSchema, parseGuestCart, signupSchema } from "./schema";

type Form = Record<string, FormDataEntryValue>;
type Failure<V> = { ok: false; status: number; body: V & { fieldErrors: FieldErrors; formError: string | undefined } };
type Outcome<V> = { ok: true; headers: Headers } | Failure<V>;

const text = (value: FormDataEntryValue | undefined) => (typeof value === "string" ? value : "");

export async function logInFromForm(
  db: Db,
  form: Form,
  ctx: { request: Request; clientIp?: string },
): Promise<Outcome<{ email: string }>> {
  const email = text(form.email);
  const parsed = loginSchema.safeParse(form);
  if (!parsed.success) {
    return { ok: false, status: 400, body: { email, fieldErrors: fieldErrors(parsed.error), formError: undefined } };
  }
  const result = await logIn(db, parsed.data, ctx);
  if (!result.ok) {
    return {
      ok: false,
      status: result.status,
      body: { email, fieldErrors: result.fieldErrors ?? {}, formError: result.formError },
    };
  }
  await mergeIntoCart(db, result.userId, parseGuestCart(form.guestCart));
  return { ok: true, headers: result.headers };
}

export async function signUpFromForm(
  db: Db,
  form: Form,
  ctx: { request: Request; clientIp?: string },
): Promise<Outcome<{ values: { name: string; email: string } }>> {
  const values = { name: text(form.name), email: text(form.email) };
  const parsed = signupSchema.safeParse(form);
  if (!parsed.success) {
    return { ok: false, status: 400, body: { values, fieldErrors: fieldErrors(parsed.error), formError: undefined } };
  }
  const result = await signUp(db, parsed.data, ctx);
  if (!result.ok) {
    return {
      ok: false,
      status: result.status,
      body: { values, fieldErrors: result.fieldErrors ?? {}, formError: result.formError },
    };
  }
  await mergeIntoCart(db, result.userId, parseGuestCart(form.guestCart));
  return { ok: true, headers: result.headers };
}
