/**
 * Hostile input for property-based tests (fast-check): strings, numbers and shapes an attacker or a
 * broken client could send, request bodies in every encoding, and a database fingerprint to prove
 * that a refused request stored nothing.
 *
 *   await fc.assert(fc.asyncProperty(submission({ email: validEmail }), async (s) => { ... }), RUN);
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import { getDb } from "~/db/client.server";
import { writeCounts } from "./db";
import { makeRequest, routeContext } from "./route";
import { useTestStorage as testStorage } from "./storage";

/** Fixed seed: a failure prints its path and reproduces on every machine. Override with HOSTILE_SEED. */
export const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_122);
export const RUNS = Number(process.env.HOSTILE_RUNS ?? 30);
export const run = (numRuns = RUNS) => ({ seed: SEED, numRuns, endOnFailure: true });

const KB100 = 100 * 1024;

/** Strings that have broken web apps before. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "%00",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "<svg onload=alert(1)>",
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "1; SELECT pg_sleep(5)",
  "\\",
  "\\'",
  "%",
  "_",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "${7*7}",
  "{{7*7}}",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "/\\evil.example",
  "//evil.example",
  "https://evil.example/",
  "\u202Egnp.exe",
  "مرحبا بالعالم",
  "שלום",
  "👩‍👩‍👧‍👦🇮🇳✅",
  "\uFEFF",
  "\u200B\u200C\u200D",
  "Ａｄｍｉｎ",
  "ﷺ",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "\uD800",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "0",
  "-0",
  "1.5",
  "1e309",
  "1e-7",
  "0x10",
  "99999999999999999999",
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  '{"__proto__":{"admin":true}}',
  "__proto__",
  "constructor",
  "admin",
  "on",
  "a".repeat(256),
];

const numberStrings = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.constantFrom("2147483647", "2147483648", "4294967296", "-2147483648", "1e6", "1E400", " 7 ", "+1", "1_000"),
);

/** 100 KB of text: plain, emoji (surrogate pairs), NUL bytes, markup. */
export const hugeString = fc.constantFrom(
  "a".repeat(KB100),
  "😀".repeat(KB100 / 4),
  "\u0000".repeat(KB100),
  "<script>alert(1)</script>".repeat(KB100 / 25),
  "9".repeat(KB100),
);

/** Any hostile string, long ones included. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: numberStrings },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 300 }) },
  { weight: 1, arbitrary: hugeString },
);

/** JSON values of the wrong shape: objects, arrays, numbers, nulls, nesting. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant({ __proto__: { admin: true }, toString: "x" }) },
);

const fileTypes = ["text/html", "image/svg+xml", "application/pdf", "image/png", "", "application/octet-stream"];
const fileBodies = [
  "<html><script>alert(1)</script></html>",
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
  "%PDF-1.4 not really a pdf",
  "\u0089PNG\r\n\u001a\n broken",
  "",
];
/** A File where the form expects text (and files that lie about their type). */
export const hostileFile = fc
  .record({
    body: fc.constantFrom(...fileBodies),
    type: fc.constantFrom(...fileTypes),
    name: fc.constantFrom("x.html", "../../evil.svg", "a.pdf", "photo.png", "\u0000.png", "<b>.png"),
  })
  .map(({ body, type, name }) => new File([body], name, { type }));

/** One form value: a string, or (multipart only) a File. */
export type FormValue = string | File;
/** A field's value(s): undefined = missing, an array = the field sent several times. */
export type FieldValue = undefined | FormValue | FormValue[];

/**
 * A value for one known field: missing, valid, hostile, a file, or duplicated (valid and hostile
 * in either order). `valid` gives the values the form really expects, so runs reach deep code paths.
 */
export function fieldValue(valid: fc.Arbitrary<string>): fc.Arbitrary<FieldValue> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: valid },
    { weight: 4, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileFile },
    { weight: 1, arbitrary: fc.tuple(valid, hostileString).map(([a, b]) => [a, b]) },
    { weight: 1, arbitrary: fc.tuple(hostileString, valid).map(([a, b]) => [a, b]) },
  );
}

export type Encoding = "urlencoded" | "multipart" | "json" | "garbage" | "empty";

export interface Submission {
  encoding: Encoding;
  fields: Record<string, FieldValue>;
  /** JSON bodies: the value sent (may be an array or a scalar instead of an object). */
  json?: unknown;
  /** Garbage bodies: raw text and the content type claimed for it. */
  raw?: { body: string; contentType: string | null };
}

const extraFieldName = fc.constantFrom("__proto__", "constructor", "role", "isPrimary", "price", "userId", "id", "x");

/**
 * A whole request body for a form with these fields: every field valid, hostile, missing or
 * duplicated; extra fields; sent as urlencoded, multipart, JSON (where forms are expected), garbage
 * with a misleading content type, or nothing at all.
 */
export function submission(
  known: Record<string, fc.Arbitrary<string>>,
  opts: { fixed?: Record<string, string> } = {},
): fc.Arbitrary<Submission> {
  const fields = fc.record(
    Object.fromEntries(Object.entries(known).map(([name, valid]) => [name, fieldValue(valid)])) as Record<
      string,
      fc.Arbitrary<FieldValue>
    >,
  );
  const extras = fc.dictionary(extraFieldName, hostileString, { maxKeys: 2 });
  const formFields = fc.tuple(fields, extras).map(([f, e]) => ({ ...e, ...f, ...opts.fixed }));
  return fc.oneof(
    { weight: 5, arbitrary: formFields.map((f) => ({ encoding: "urlencoded" as const, fields: f })) },
    { weight: 3, arbitrary: formFields.map((f) => ({ encoding: "multipart" as const, fields: f })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          formFields,
          fc.dictionary(fc.constantFrom(...Object.keys(known), "intent", "x"), hostileJson, { maxKeys: 3 }),
          fc.oneof(fc.constant("object"), fc.constant("array"), fc.constant("scalar")),
        )
        .map(([f, wrongTypes, shape]) => {
          const asObject = { ...jsonOf(f), ...wrongTypes };
          const json = shape === "object" ? asObject : shape === "array" ? [asObject] : "intent=pay";
          return { encoding: "json" as const, fields: f, json };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          body: fc.oneof(hostileString, fc.constantFrom("--x\r\nbroken", "{not json", "a=%E0%A4%A&b=%")),
          contentType: fc.constantFrom(
            null,
            "multipart/form-data",
            "multipart/form-data; boundary=x",
            "application/x-www-form-urlencoded",
            "application/json",
            "text/plain",
            "text/html",
          ),
        })
        .map((raw) => ({ encoding: "garbage" as const, fields: {}, raw })),
    },
    { weight: 1, arbitrary: fc.constant({ encoding: "empty" as const, fields: {} }) },
  );
}

function jsonOf(fields: Record<string, FieldValue>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    const plain = (x: FormValue) => (typeof x === "string" ? x : { name: x.name, type: x.type });
    out[k] = Array.isArray(v) ? v.map(plain) : plain(v);
  }
  return out;
}

/** Only the valid-or-string fields of a submission, as one urlencoded body (for a valid submission). */
export function urlencoded(fields: Record<string, string>): Submission {
  return { encoding: "urlencoded", fields };
}

/** The Request the browser (or an attacker) would send. */
export function requestFor(
  path: string,
  s: Submission,
  opts: { cookie?: string; method?: string; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers(opts.headers);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  let body: BodyInit | undefined;
  const entries: [string, FormValue][] = [];
  for (const [k, v] of Object.entries(s.fields)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) entries.push([k, one]);
  }
  switch (s.encoding) {
    case "urlencoded": {
      const params = new URLSearchParams();
      for (const [k, v] of entries) params.append(k, typeof v === "string" ? v : v.name);
      body = params;
      break;
    }
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of entries) form.append(k, v);
      body = form;
      break;
    }
    case "json":
      headers.set("content-type", "application/json");
      body = JSON.stringify(s.json);
      break;
    case "garbage":
      if (s.raw?.contentType) headers.set("content-type", s.raw.contentType);
      body = s.raw?.body ?? "";
      break;
    case "empty":
      break;
  }
  return makeRequest(path, { method: opts.method ?? "POST", headers, body });
}

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type RouteFn = (args: any) => unknown;

export interface Answer {
  status: number;
  location: string | null;
  /** The data of a data() answer, or the parsed body of a Response (JSON or text). */
  body: unknown;
}

/** Runs a loader or action as React Router would; a thrown Response or data() is the answer. */
export async function invoke(
  fn: RouteFn,
  request: Request,
  params: Record<string, string | undefined> = {},
  context: { clientIp?: string } = {},
): Promise<Answer> {
  let result: unknown;
  try {
    result = await fn({ request, params, context: await routeContext(request, context) });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const type = result.headers.get("content-type") ?? "";
    let body: unknown = null;
    if (result.status >= 400 && !result.bodyUsed) {
      const text = await result.text();
      body = type.includes("json") ? safeJson(text) : text;
    } else {
      await result.body?.cancel();
    }
    return { status: result.status, location: result.headers.get("location"), body };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const r = result as { data: unknown; init?: ResponseInit | null };
    const headers = new Headers(r.init?.headers);
    return { status: r.init?.status ?? 200, location: headers.get("location"), body: r.data };
  }
  if (result instanceof Error) throw result;
  return { status: 200, location: null, body: result };
}

function safeJson(text: string) {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The human message of a refusal (error, message, formError or the first field error). */
export function messageOf(body: unknown): string | null {
  if (typeof body === "string") return body.trim() || null;
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  for (const key of ["error", "message", "formError"]) {
    if (typeof b[key] === "string" && (b[key] as string).trim()) return b[key] as string;
  }
  for (const key of ["errors", "fieldErrors"]) {
    const group = b[key];
    if (group && typeof group === "object") {
      const first = Object.values(group).find((m) => typeof m === "string" && m.trim());
      if (typeof first === "string") return first;
    }
  }
  return null;
}

/**
 * The rules every answer to hostile input keeps: never a 5xx; a refusal (4xx) says what was wrong
 * in words (a bare 404 is the "Page Not Found" page and needs none); a redirect stays on this site.
 */
export function expectSaneAnswer(answer: Answer, label: string) {
  expect(answer.status, `${label}: ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400 && answer.status !== 404 && answer.status !== 405) {
    const message = messageOf(answer.body);
    expect(
      message,
      `${label} → ${answer.status} without a message: ${JSON.stringify(answer.body)?.slice(0, 300)}`,
    ).toBeTruthy();
    // A message is for people: short, not a stack trace or an echo of a 100 KB input.
    expect(message!.length, label).toBeLessThan(500);
    expect(message, label).not.toMatch(/\n\s+at |SQLSTATE|syntax error at|violates .* constraint/i);
  }
  if (answer.status >= 300 && answer.status < 400) {
    expect(answer.location, label).toMatch(/^\/(?!\/|\\)/);
  }
}

/**
 * A fingerprint of every table (row count and a hash of the rows; a table is read again only once a
 * statement wrote it, see below). Columns that change on any request by design are left out: the
 * activity stamp, session bookkeeping and the rate-limit counters (counting refused attempts is their job).
 */
const VOLATILE_TABLES = new Set(["rate_limits", "sessions", "verifications"]);
const VOLATILE_COLUMNS = ["last_active_at", "updated_at"];
let fingerprintTables: string[] = [];
const fingerprintSelect = new Map<string, string>();
/** Each table's last fingerprint, with the count of writes it was read at. */
const fingerprints = new Map<string, { writes: number; f: string }>();

export async function dbFingerprint(): Promise<Record<string, string>> {
  const db = await getDb();
  if (fingerprintTables.length === 0) {
    const tables = await db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
    );
    const minus = VOLATILE_COLUMNS.map((c) => ` - '${c}'`).join("");
    fingerprintTables = tables.rows.map((r) => r.tablename).filter((t) => !VOLATILE_TABLES.has(t));
    for (const t of fingerprintTables) {
      fingerprintSelect.set(
        t,
        `select '${t}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x, '|' order by x), '')) as f ` +
          `from (select (to_jsonb(r)${minus})::text as x from "${t}" r) s`,
      );
    }
  }
  // A table's fingerprint is read again only when a statement wrote it since it was last read
  // (tests/helpers/db.ts counts the writes): hashing every row of every table twice a request was
  // most of the hostile suites' time.
  const counts = await writeCounts();
  // Before the worker's snapshot nothing counts writes: read everything, keep nothing.
  if (counts === null) fingerprints.clear();
  const stale = fingerprintTables.filter((t) => {
    const known = fingerprints.get(t);
    return !known || counts === null || known.writes !== (counts.get(t) ?? 0);
  });
  if (stale.length > 0) {
    const query = stale.map((t) => fingerprintSelect.get(t)).join(" union all ");
    const rows = await db.execute<{ t: string; f: string }>(sql.raw(query));
    for (const r of rows.rows) fingerprints.set(r.t, { writes: counts?.get(r.t) ?? 0, f: r.f });
  }
  const result = Object.fromEntries(fingerprintTables.map((t) => [t, fingerprints.get(t)!.f]));
  if (counts === null) fingerprints.clear();
  // Uploaded files count as stored too.
  const files = fs.readdirSync(testStorage().root, { recursive: true }).map(String).sort().join("|");
  return { ...result, "file storage": files };
}

/** Which tables differ between two fingerprints. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

/** Asserts the rules above and, for a refusal, that no table changed. */
export async function expectRefusalStoresNothing(
  label: string,
  send: () => Promise<Answer>,
): Promise<{ answer: Answer; changed: string[] }> {
  const before = await dbFingerprint();
  const answer = await send();
  expectSaneAnswer(answer, label);
  const changed = changedTables(before, await dbFingerprint());
  if (answer.status >= 400) expect(changed, `${label} → ${answer.status} but stored something`).toEqual([]);
  return { answer, changed };
}

/** A short description of a submission for failure messages. */
export function describeSubmission(s: Submission): string {
  const short = (v: unknown) => {
    const text = typeof v === "string" ? v : v instanceof File ? `File(${v.name},${v.type})` : JSON.stringify(v);
    return (text ?? "undefined").length > 60 ? `${(text ?? "").slice(0, 60)}…(${(text ?? "").length})` : text;
  };
  if (s.encoding === "garbage") return `garbage ${s.raw?.contentType}: ${short(s.raw?.body)}`;
  if (s.encoding === "json") return `json ${short(s.json)}`;
  const parts = Object.entries(s.fields).map(
    ([k, v]) => `${k}=${Array.isArray(v) ? `[${v.map(short).join(", ")}]` : short(v)}`,
  );
  return `${s.encoding} {${parts.join(", ")}}`;
}
