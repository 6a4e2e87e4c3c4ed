import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HttpError } from "./errors";
import {
  FORM_MAX_BYTES,
  FORM_MAX_FIELDS,
  failureFrom,
  fieldErrors,
  formFailure,
  formValues,
  NUL_IN_FORM,
  parseForm,
  readFormData,
  schemaFields,
  TOO_MANY_FIELDS,
  validate,
} from "./form.server";

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

/** A request whose body is `total` bytes of `fill`, streamed in 16 KiB chunks; `pulled` counts what was read. */
function streamed(fill: string, total: number, opts: { type?: string; length?: boolean } = {}) {
  const chunk = new TextEncoder().encode(fill.repeat(Math.ceil(16_384 / fill.length)).slice(0, 16_384));
  const meter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (meter.pulled >= total) return controller.close();
      const part = chunk.subarray(0, Math.min(chunk.length, total - meter.pulled));
      meter.pulled += part.length;
      controller.enqueue(part);
    },
  });
  const headers: Record<string, string> = { "content-type": opts.type ?? "application/x-www-form-urlencoded" };
  if (opts.length) headers["content-length"] = String(total);
  const request = new Request("http://test.local/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, meter };
}

describe("readFormData's limits, before anything is parsed", () => {
  it("refuses 1 MB of ~120,000 fields with a 400 after reading its first chunk, never the whole body", async () => {
    const { request, meter } = streamed("a=1&", 1_000_000);
    const refused = await readFormData(request).catch((e: unknown) => e);
    expect(unwrap(refused)).toEqual({ data: { message: TOO_MANY_FIELDS }, status: 400 });
    // One 16 KiB chunk holds more separators than any form has fields: reading stopped there.
    expect(meter.pulled).toBeLessThanOrEqual(2 * 16_384);
  });

  it("refuses a body over the limit with a 413: unread when its length says so, else as soon as it passes", async () => {
    const declared = streamed("x", FORM_MAX_BYTES + 1, { length: true });
    const first = unwrap(await readFormData(declared.request).catch((e: unknown) => e));
    expect(first.status).toBe(413);
    expect(first.data.message).toMatch(/^The form is too large: the limit is 256 KB\./);
    expect(declared.meter.pulled).toBeLessThanOrEqual(16_384); // at most what the stream queued up front
    const undeclared = streamed("x", 5 * FORM_MAX_BYTES);
    expect(unwrap(await readFormData(undeclared.request).catch((e: unknown) => e)).status).toBe(413);
    expect(undeclared.meter.pulled).toBeLessThan(FORM_MAX_BYTES + 3 * 16_384);
    // An upload form names its own limit.
    const upload = streamed("x", FORM_MAX_BYTES + 1);
    expect(
      (await readFormData(upload.request, { maxBytes: 2 * FORM_MAX_BYTES })).get("x".repeat(FORM_MAX_BYTES + 1)),
    ).toBe("");
  });

  it("refuses a multipart form with more parts than any form has", async () => {
    const many = new FormData();
    for (let i = 0; i <= FORM_MAX_FIELDS; i++) many.append(`f${i}`, "1");
    const answer = await readFormData(new Request("http://test.local/x", { method: "POST", body: many })).catch(
      (e: unknown) => e,
    );
    expect(unwrap(answer)).toEqual({ data: { message: TOO_MANY_FIELDS }, status: 400 });
    const few = new FormData();
    few.append("title", "Notes");
    few.append("file", new File(["%PDF-1.7"], "a.pdf"));
    const form = await readFormData(new Request("http://test.local/x", { method: "POST", body: few }));
    expect(form.get("title")).toBe("Notes");
    expect(form.get("file")).toBeInstanceOf(File);
  });

  it("reads a form with exactly the most fields it allows", async () => {
    const fields = Object.fromEntries(Array.from({ length: FORM_MAX_FIELDS }, (_, i) => [`f${i}`, String(i)]));
    const form = await readFormData(post(fields));
    expect([...form.keys()]).toHaveLength(FORM_MAX_FIELDS);
    expect(form.get(`f${FORM_MAX_FIELDS - 1}`)).toBe(String(FORM_MAX_FIELDS - 1));
  });
});

describe("what a refusal echoes", () => {
  it("only the fields the schema reads, never a password or anything else posted", () => {
    const sent = { name: "", age: "x", password: "p", confirm: "c", extra: "x".repeat(1000), "a[]": "1" };
    const refused = validate(schema, sent);
    expect(refused.values).toEqual({ name: "", age: "x", confirm: "c" });
  });

  it("knows the fields through refinements, transforms, pipes, unions and wrappers", () => {
    const a = z.object({ a: z.string(), password: z.string() });
    const b = z.object({ b: z.string() });
    expect([...schemaFields(a.refine(() => true))]).toEqual(["a", "password"]);
    expect([...schemaFields(a.transform((v) => v.a).pipe(z.string()))]).toEqual(["a", "password"]);
    expect([...schemaFields(z.union([a, b]))]).toEqual(["a", "password", "b"]);
    expect([
      ...schemaFields(z.discriminatedUnion("k", [a.extend({ k: z.literal(1) }), b.extend({ k: z.literal(2) })])),
    ]).toEqual(["a", "password", "k", "b"]);
    expect([...schemaFields(a.optional())]).toEqual(["a", "password"]);
    expect(formValues({ a: "1", password: "2", b: "3" }, ["a", "password"])).toEqual({ a: "1" });
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
