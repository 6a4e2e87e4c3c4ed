/**
 * Forms, in one module: reading a posted form safely, validating it with its Zod schema, and the
 * one shape an action answers with when it refuses (`ActionFailure`).
 *
 * Every action reads its body here, so a body that is not a form (JSON, a broken multipart, plain
 * text) or that carries a NUL character (PostgreSQL cannot store one in text) is a clear 400 before
 * any feature code runs, never a 500. The body is read with limits before anything parses it: more
 * than `FORM_MAX_BYTES` (or the caller's `maxBytes`, for uploads) is a 413, more than
 * `FORM_MAX_FIELDS` fields a 400, and reading stops as soon as either is passed, so a megabyte of
 * `a=1&a=1&…` costs nothing. A refusal echoes only the fields its schema knows, never a password.
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
/** The refusal of a body over its limit (413). */
export function formTooLarge(maxBytes: number) {
  const limit =
    maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return `The form is too large: the limit is ${limit}. Please make it smaller and submit it again.`;
}
export const TOO_MANY_FIELDS = "The form has too many fields. Please go back and submit it again.";

/**
 * A typed form's body: the largest form (a practice question, ~24,000 characters) is ~220 KB when
 * every character is a percent-encoded Devanagari letter. Uploads pass their own `maxBytes`.
 */
export const FORM_MAX_BYTES = 256 * 1024;
/** No form of the app has more than a few dozen fields. */
export const FORM_MAX_FIELDS = 200;

export interface FormLimits {
  maxBytes?: number;
  maxFields?: number;
}

const NO_STORE = { "Cache-Control": "no-store" };

/** True when the text contains U+0000, which no text column can hold. */
export function hasNul(value: string): boolean {
  return value.includes("\u0000");
}

function refuse(message: string, status: number): never {
  throw data({ message }, { status, headers: NO_STORE });
}

const AMPERSAND = 0x26;

/**
 * The body's bytes, read chunk by chunk and given up as soon as it passes `maxBytes` (413) or, for
 * an url-encoded form, holds more than `maxFields` fields (400), counted as its `&` separators go by:
 * nothing is parsed or kept beyond the limits. The rest is left unread, not cancelled (cancelling
 * would reset the connection before the refusal reaches the client): Node's HTTP server discards it
 * after the answer is sent.
 */
async function readBounded(request: Request, urlencoded: boolean, maxBytes: number, maxFields: number) {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) refuse(formTooLarge(maxBytes), 413);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let separators = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) refuse(formTooLarge(maxBytes), 413);
      if (urlencoded) {
        for (let at = value.indexOf(AMPERSAND); at !== -1; at = value.indexOf(AMPERSAND, at + 1)) separators++;
        if (separators >= maxFields) refuse(TOO_MANY_FIELDS, 400);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response || (error && typeof error === "object" && "init" in error)) throw error;
    refuse(UNREADABLE_FORM, 400);
  } finally {
    reader.releaseLock();
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** How many parts a multipart body has (its boundary lines), counted before it is parsed. */
function multipartParts(body: Uint8Array, contentType: string): number {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return 0;
  const needle = Buffer.from(`--${boundary}`, "latin1");
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let parts = -1; // the closing boundary is not a part
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + needle.length)) parts++;
  return parts;
}

/** The request's form data, or a thrown 413/400 with a message for people (see the limits above). */
export async function readFormData(request: Request, limits: FormLimits = {}): Promise<FormData> {
  const maxBytes = limits.maxBytes ?? FORM_MAX_BYTES;
  const maxFields = limits.maxFields ?? FORM_MAX_FIELDS;
  const type = request.headers.get("content-type") ?? "";
  const urlencoded = /^application\/x-www-form-urlencoded\b/i.test(type);
  const multipart = /^multipart\/form-data\b/i.test(type);
  if (!urlencoded && !multipart) refuse(UNREADABLE_FORM, 400);
  const body = await readBounded(request, urlencoded, maxBytes, maxFields);
  let form: FormData;
  if (urlencoded) {
    form = new FormData();
    for (const [key, value] of new URLSearchParams(new TextDecoder().decode(body))) form.append(key, value);
  } else {
    if (multipartParts(body, type) > maxFields) refuse(TOO_MANY_FIELDS, 400);
    try {
      form = await new Response(body, { headers: { "content-type": type } }).formData();
    } catch {
      refuse(UNREADABLE_FORM, 400);
    }
  }
  for (const [key, value] of form) {
    if (hasNul(key) || (typeof value === "string" && hasNul(value))) refuse(NUL_IN_FORM, 400);
  }
  return form;
}

/** The form as a plain object (the last value of a repeated field wins, as with Object.fromEntries). */
export async function readForm(request: Request, limits?: FormLimits): Promise<Record<string, FormDataEntryValue>> {
  return Object.fromEntries(await readFormData(request, limits));
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

type SchemaDef = {
  type?: string;
  shape?: Record<string, unknown>;
  in?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
};

/** The field names a form's schema reads: its object's keys (through refinements, pipes, unions and wrappers). */
export function schemaFields(schema: z.ZodType): Set<string> {
  const def = (schema as unknown as { _zod?: { def?: SchemaDef } })._zod?.def ?? {};
  switch (def.type) {
    case "object":
      return new Set(Object.keys(def.shape ?? {}));
    case "pipe":
      return def.in ? schemaFields(def.in) : new Set();
    case "union":
      return new Set((def.options ?? []).flatMap((option) => [...schemaFields(option)]));
    case "intersection":
      return new Set([...(def.left ? schemaFields(def.left) : []), ...(def.right ? schemaFields(def.right) : [])]);
    default:
      return def.innerType ? schemaFields(def.innerType) : new Set();
  }
}

/**
 * The text entries of a form to send back with a refusal: only the fields `known` names (a schema,
 * or a list), never a password field. Anything else a client posted is not echoed.
 */
export function formValues(form: FormData | Record<string, unknown>, known: z.ZodType | Iterable<string>): FormValues {
  const fields =
    Symbol.iterator in Object(known) ? new Set(known as Iterable<string>) : schemaFields(known as z.ZodType);
  const entries = form instanceof FormData ? [...form] : Object.entries(form);
  const out: FormValues = {};
  for (const [key, value] of entries) {
    if (typeof value === "string" && fields.has(key) && !SECRET_FIELD.test(key)) out[key] = value;
  }
  return out;
}

/**
 * Validates a form (FormData or `readForm`'s object) with its schema: typed values, or field errors.
 * `values` (what a refusal sends back) holds the schema's own fields only.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  form: FormData | Record<string, unknown>,
): Validation<z.output<S>> {
  const values = formValues(form, schema);
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
