import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HttpError } from "./errors";
import { failureFrom, fieldErrors, formFailure, NUL_IN_FORM, parseForm, readFormData, validate } from "./form.server";

const schema = z
  .object({
    name: z.string().trim().min(1, "Enter your name."),
    age: z.coerce.number().int("Whole years.").min(1, "Enter your age."),
    password: z.string(),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The passwords do not match." });

function post(body: Record<string, string> | string, type?: string) {
  const init: RequestInit = { method: "POST", body: typeof body === "string" ? body : new URLSearchParams(body) };
  if (type) init.headers = { "Content-Type": type };
  return new Request("http://test.local/x", init);
}

/** The body and status of a thrown or returned `data()` value. */
function unwrap(value: unknown) {
  const v = value as { type: string; data: unknown; init: ResponseInit | null };
  expect(v.type).toBe("DataWithResponseInit");
  return { data: v.data as Record<string, unknown>, status: v.init?.status };
}

describe("validate", () => {
  it("gives typed values when the schema accepts the form", () => {
    const result = validate(schema, { name: " Riya ", age: "17", password: "a", confirm: "a" });
    expect(result).toEqual({
      ok: true,
      data: { name: "Riya", age: 17, password: "a", confirm: "a" },
      values: { name: " Riya ", age: "17", confirm: "a" },
    });
  });

  it("gives the first message per field and the sent text values when it refuses", () => {
    const form = new FormData();
    form.set("name", "");
    form.set("age", "x");
    form.set("password", "a");
    form.set("confirm", "b");
    form.set("photo", new File(["x"], "a.png"));
    const result = validate(schema, form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({ name: "Enter your name.", age: expect.any(String) });
    // Sent text comes back to fill the form again; files and passwords never do.
    expect(result.values).toEqual({ name: "", age: "x", confirm: "b" });
  });

  it("reports a cross-field refinement on its field, and a whole-form issue as formError", () => {
    const mismatch = validate(schema, { name: "R", age: "3", password: "a", confirm: "b" });
    expect(mismatch).toMatchObject({ ok: false, fieldErrors: { confirm: "The passwords do not match." } });
    const whole = validate(
      z.object({ a: z.string() }).refine(() => false, "Nothing here adds up."),
      { a: "1" },
    );
    expect(whole).toMatchObject({ ok: false, fieldErrors: {}, formError: "Nothing here adds up." });
  });

  it("fieldErrors keeps only the first issue of each field", () => {
    const parsed = z
      .object({ code: z.string().min(3, "Too short.").regex(/^\d+$/, "Digits only.") })
      .safeParse({ code: "x" });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(fieldErrors(parsed.error)).toEqual({ code: "Too short." });
  });
});

describe("parseForm", () => {
  it("reads and validates the request's form", async () => {
    const result = await parseForm(post({ name: "A", age: "2", password: "p", confirm: "p" }), schema);
    expect(result).toMatchObject({ ok: true, data: { name: "A", age: 2 } });
  });

  it("answers 400 with a message for a body that is not a form or carries a NUL", async () => {
    const notForm = await readFormData(post("{}", "application/json")).catch((e: unknown) => e);
    expect(unwrap(notForm).status).toBe(400);
    const nul = await parseForm(post({ name: "a\u0000b" }), schema).catch((e: unknown) => e);
    expect(unwrap(nul)).toEqual({ data: { message: NUL_IN_FORM }, status: 400 });
  });
});

describe("formFailure", () => {
  it("is the one refusal shape: fieldErrors, formError, values, extras, a 4xx status", () => {
    const refused = validate(schema, { name: "", age: "1", password: "", confirm: "" });
    if (refused.ok) throw new Error("expected a refusal");
    const answer = unwrap(formFailure(refused));
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      fieldErrors: { name: "Enter your name." },
      values: { name: "", age: "1", confirm: "" },
    });
    expect(answer.data).not.toHaveProperty("ok");
    const conflict = unwrap(formFailure({ formError: "Already sold.", archiveId: 4 }, 409));
    expect(conflict).toEqual({
      status: 409,
      data: { fieldErrors: {}, values: {}, formError: "Already sold.", archiveId: 4 },
    });
  });
});

describe("failureFrom", () => {
  it("turns a feature's HttpError into a field error or the form's error with its status", () => {
    expect(unwrap(failureFrom(new HttpError(409, "Code taken.", { field: "code" }), { code: "X" }))).toEqual({
      status: 409,
      data: { fieldErrors: { code: "Code taken." }, values: { code: "X" } },
    });
    expect(unwrap(failureFrom(new HttpError(403, "Not yours.")))).toEqual({
      status: 403,
      data: { fieldErrors: {}, values: {}, formError: "Not yours." },
    });
  });

  it("throws a 404 as the not-found response, and anything else unchanged", () => {
    let thrown: unknown;
    try {
      failureFrom(new HttpError(404, "Course not found."));
    } catch (error) {
      thrown = error;
    }
    expect(unwrap(thrown)).toEqual({ status: 404, data: { message: "Course not found." } });
    const bug = new TypeError("boom");
    expect(() => failureFrom(bug)).toThrow(bug);
  });
});
