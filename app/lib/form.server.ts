/**
 * Reading a posted form safely. Every action reads its body here, so a body that is not a form
 * (JSON, a broken multipart, plain text) or that carries a NUL character (PostgreSQL cannot store
 * one in text) is a clear 400 before any feature code runs, never a 500.
 */
import { data } from "react-router";

export const UNREADABLE_FORM = "We could not read the form. Please go back and submit it again.";
export const NUL_IN_FORM = "The form contains a character that is not allowed. Please remove it and try again.";

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
    throw data({ message: UNREADABLE_FORM }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  for (const [key, value] of form) {
    if (hasNul(key) || (typeof value === "string" && hasNul(value))) {
      throw data({ message: NUL_IN_FORM }, { status: 400, headers: { "Cache-Control": "no-store" } });
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
