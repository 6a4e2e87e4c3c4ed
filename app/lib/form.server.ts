/**
 * Forms, in one module: reading a posted form safely, validating it with its Zod schema, and the
 * one shape an action answers with when it refuses (`ActionFailure`).
 *
 * Every action reads its body here, so a body that is not a form (JSON, a broken multipart, plain
 * text) or that carries a NUL character (PostgreSQL cannot store one in text) is a clear 400 before
 * any feature code runs, never a 500.
 *
 *   const form = await readForm(request);
 *   const parsed = validate(schema, form);
 *   if (!parsed.ok) return formFailure(parsed);               // 400 { fieldErrors, values }
 *   try { await feature(db, parsed.data) } catch (e) { return failureFrom(e, parsed.values) }
 *   return redirectWithFlash("/here", "Saved.");             // app/lib/flash.server.ts
 */
import { data } from "react-router";
import type { z } from "zod";
import { HttpError } from "./errors";

export const UNREADABLE_FORM = "We could not read the form. Please go back and submit it again.";
export const NUL_IN_FORM = "The form contains a character that is not allowed. Please remove it and try again.";

const NO_STORE = { "Cache-Control": "no-store" };

/** True when the text contains U+0000, which no text column can hold. */
export function hasNul(value: string): boolean {
  return value.includes("\u0000");
}

/** The request's form data, or a thrown 400 with a message for people. */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: UNREADABLE_FORM }, { status: 400, headers: NO_STORE });
  }
  for (const [key, value] of form) {
    if (hasNul(key) || (typeof value === "string" && hasNul(value))) {
      throw data({ message: NUL_IN_FORM }, { status: 400, headers: NO_STORE });
    }
  }
  return form;
}

/** The form as a plain object (the last value of a repeated field wins, as with Object.fromEntries). */
export async function readForm(request: Request): Promise<Record<string, FormDataEntryValue>> {
  return Object.fromEntries(await readFormData(request));
}

/** For query-string schemas: text with a NUL cannot be sent to PostgreSQL (`z.string().refine(noNul)`). */
export function noNul(value: string): boolean {
  return !hasNul(value);
}

/** The first message for each field (`form` for an issue about the whole form). */
export type FieldErrors = Partial<Record<string, string>>;
/** The text fields as they were sent, to fill the form again (files are left out). */
export type FormValues = Record<string, string>;

/** What an action answers (with a 4xx status) when it refuses a form. */
export interface ActionFailure {
  fieldErrors: FieldErrors;
  /** A message about the whole form, shown above it. */
  formError?: string;
  values: FormValues;
}

export type Validation<T> = { ok: true; data: T; values: FormValues } | ({ ok: false } & ActionFailure);

/** Zod issues as { field: first message }. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** Fields never sent back to the browser in `values` (a refusal must not echo a password into the page). */
const SECRET_FIELD = /password/i;

/** The text entries of a form, without password fields. */
export function formValues(form: FormData | Record<string, unknown>): FormValues {
  const entries = form instanceof FormData ? [...form] : Object.entries(form);
  const out: FormValues = {};
  for (const [key, value] of entries) if (typeof value === "string" && !SECRET_FIELD.test(key)) out[key] = value;
  return out;
}

/** Validates a form (FormData or `readForm`'s object) with its schema: typed values, or field errors. */
export function validate<S extends z.ZodType>(
  schema: S,
  form: FormData | Record<string, unknown>,
): Validation<z.output<S>> {
  const values = formValues(form);
  const parsed = schema.safeParse(form instanceof FormData ? Object.fromEntries(form) : form);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const errors = fieldErrors(parsed.error);
  const { form: formError, ...fields } = errors;
  return { ok: false, fieldErrors: fields, formError, values };
}

/** Reads the request's form and validates it (`readForm` + `validate`). */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S): Promise<Validation<z.output<S>>> {
  return validate(schema, await readForm(request));
}

/**
 * The one way an action refuses a form: `{ fieldErrors, formError?, values, ...extra }` with a 4xx
 * status (400 unless said), never cached. Pass a failed `Validation` as it is.
 */
export function formFailure<E extends object = Record<never, never>>(
  failure: Partial<ActionFailure> & E & { ok?: false },
  status = 400,
) {
  const { ok: _ok, fieldErrors: fields = {}, values = {}, ...rest } = failure;
  return data({ fieldErrors: fields, values, ...rest } as ActionFailure & Omit<E, "ok" | keyof ActionFailure>, {
    status,
    headers: NO_STORE,
  });
}

/**
 * For an action's `catch`: an HttpError a feature threw becomes the action's answer (a field error
 * when it names a field, else the form's error) with the error's status; a 404 is thrown as the
 * "not found" page. Any other error is thrown again (a 500). `extra` goes into the answer as it is
 * (say, which of a page's forms refused: `{ intent: "login" }`).
 */
export function failureFrom<E extends object = Record<never, never>>(
  error: unknown,
  values: FormValues = {},
  extra: E = {} as E,
) {
  if (!(error instanceof HttpError)) throw error;
  if (error.status === 404) throw data({ message: error.message }, { status: 404, headers: NO_STORE });
  return formFailure(
    error.field
      ? { ...extra, fieldErrors: { [error.field]: error.message }, values }
      : { ...extra, formError: error.message, values },
    error.status,
  );
}
