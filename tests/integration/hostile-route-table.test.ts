/**
 * Hostile input against the whole route table (app/routes.ts): every action gets random and hostile
 * bodies as every role, every loader hostile params and query strings. A route added later is
 * covered without touching this file. Never a 5xx; a refusal stores nothing.
 * The field-aware properties of each form are in hostile-forms.test.ts and hostile-admin.test.ts.
 */
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import routes from "~/routes";
import { cookieFor, createTestUser } from "../helpers/auth";
import {
  describeSubmission,
  expectRefusalStoresNothing,
  expectSaneAnswer,
  hostileString,
  invoke,
  requestFor,
  run,
  submission,
} from "../helpers/hostile";
import { makeRequest } from "../helpers/route";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
type RouteFn = (args: unknown) => unknown;
type RouteModule = { loader?: RouteFn; action?: RouteFn };

const modules = import.meta.glob<RouteModule>("/app/routes/**/*.{ts,tsx}");

/** Every routable path pattern with its module file (layouts included: their loaders run too). */
function routePatterns(entries: RouteEntry[], parent = ""): Array<{ pattern: string; file: string }> {
  const out: Array<{ pattern: string; file: string }> = [];
  for (const entry of entries) {
    const joined = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    out.push({ pattern: joined.replace(/\/+/g, "/") || "/", file: entry.file });
    if (entry.children) out.push(...routePatterns(entry.children, joined));
  }
  return out;
}

const PATTERNS = routePatterns(routes as RouteEntry[]);
const FILES = [...new Set(PATTERNS.map((p) => p.file))];

async function load(file: string): Promise<RouteModule> {
  const importer = modules[`/app/${file}`];
  if (!importer) throw new Error(`No module for ${file}`);
  return importer();
}

const ROLES = ["anonymous", "student", "instructor", "admin"] as const;
type Role = (typeof ROLES)[number];
let cookies: Record<Role, string | undefined>;

beforeEach(async () => {
  cookies = { anonymous: undefined, student: undefined, instructor: undefined, admin: undefined };
  for (const role of ["student", "instructor", "admin"] as const) {
    cookies[role] = await cookieFor(await createTestUser({ role }));
  }
});

/** Values for a route param: plausible ids, and everything hostile. */
const paramValue = fc.oneof(
  fc.constantFrom("1", "2", "19", "0", "-1", "2147483648", "99999999999999999999", "1.5", "1e3", " 1", "0x1"),
  fc.constantFrom("00000000-0000-0000-0000-000000000000", "9b2f1c3e-8d7a-4e5f-9a1b-2c3d4e5f6a7b"),
  hostileString.map((s) => s.slice(0, 2000)),
);

/** Lone surrogates cannot be URL-encoded: browsers send U+FFFD instead. */
function wellFormed(s: string) {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

function fill(pattern: string, values: string[]) {
  const params: Record<string, string> = {};
  let i = 0;
  const path = pattern
    .split("/")
    .map((seg) => {
      if (seg === "*" || seg.startsWith(":")) {
        const value = wellFormed(values[i++ % values.length]!);
        params[seg === "*" ? "*" : seg.slice(1)] = value;
        return encodeURIComponent(value);
      }
      return seg;
    })
    .join("/");
  return { path: path || "/", params };
}

const query = fc.dictionary(
  fc.constantFrom(
    "redirectTo",
    "q",
    "page",
    "after",
    "before",
    "kind",
    "category",
    "status",
    "lesson",
    "edit",
    "token",
    "coupon",
    "sent",
    "dq",
  ),
  hostileString.map((s) => wellFormed(s.slice(0, 4000))),
  { maxKeys: 3 },
);

const INTENTS = [
  "add",
  "remove",
  "clear",
  "merge",
  "create",
  "update",
  "toggle",
  "status",
  "delete",
  "save",
  "add-module",
  "add-lesson",
  "delete-lesson",
  "delete-module",
  "role",
  "grant",
  "revoke",
  "refund",
  "mark-all-read",
  "begin",
  "retry",
  "profile",
  "password",
  "pay",
  "fail",
  "razorpay",
  "complete",
  "incomplete",
  "renew",
  "extend",
  "lifetime",
];

/** The generic body: a known intent (so runs get past the first switch) plus common field names. */
const genericBody = submission({
  intent: fc.constantFrom(...INTENTS),
  id: fc.constantFrom("1", "2", "3"),
  productId: fc.constantFrom("1", "2"),
  email: fc.constantFrom("someone@example.com"),
  name: fc.constantFrom("Asha"),
  status: fc.constantFrom("draft", "published"),
  role: fc.constantFrom("admin", "student"),
});

describe("the route table", () => {
  it("has modules for every route, and the hostile suites know every action", async () => {
    const withAction: string[] = [];
    for (const file of FILES) if ((await load(file)).action) withAction.push(file);
    // Each of these has field-aware properties in hostile-forms / hostile-admin; a new action must be added there.
    expect(withAction.sort()).toEqual(
      [
        "routes/account/account.tsx",
        "routes/admin/announcements.tsx",
        "routes/admin/bundle-edit.tsx",
        "routes/admin/coupons.tsx",
        "routes/admin/course-edit.tsx",
        "routes/admin/courses.tsx",
        "routes/admin/doubts.tsx",
        "routes/admin/lesson-video.ts",
        "routes/admin/not-found.tsx",
        "routes/admin/notifications.ts",
        "routes/admin/practice.tsx",
        "routes/admin/practice-chapters.tsx",
        "routes/admin/practice-mark.tsx",
        "routes/admin/practice-question.tsx",
        "routes/admin/practice-test.tsx",
        "routes/admin/reviews.tsx",
        "routes/admin/sales.tsx",
        "routes/admin/settings-role.tsx",
        "routes/admin/settings.tsx",
        "routes/admin/user.tsx",
        "routes/api/auth.ts",
        "routes/api/cart.ts",
        "routes/api/practice-answer.ts",
        "routes/api/practice-answer-files.ts",
        "routes/api/razorpay-webhook.ts",
        "routes/api/video.ts",
        "routes/auth/forgot-password.tsx",
        "routes/auth/login.tsx",
        "routes/auth/logout.tsx",
        "routes/auth/reset-password.tsx",
        "routes/auth/signup.tsx",
        "routes/store/checkout-pay.tsx",
        "routes/store/checkout.tsx",
        "routes/store/contact.tsx",
        "routes/store/course-player.tsx",
        "routes/store/my-courses.tsx",
        "routes/store/practice-attempt.tsx",
        "routes/store/practice-start.tsx",
        "routes/store/product.tsx",
        "routes/store/unsubscribe.tsx",
      ].sort(),
    );
  });

  // One test per kind (not per route): the accounts of every role are made once, and signing up is the slow part.
  it("every action: hostile bodies, params and roles never answer 5xx or half-store", async () => {
    let covered = 0;
    for (const { pattern, file } of PATTERNS) {
      const action = (await load(file)).action;
      if (!action) continue;
      covered++;
      await fc.assert(
        fc.asyncProperty(
          genericBody,
          fc.array(paramValue, { minLength: 1, maxLength: 2 }),
          fc.constantFrom(...ROLES),
          async (body, values, role) => {
            const { path, params } = fill(pattern, values);
            const label = `${role} POST ${path} (${file}) ${describeSubmission(body)}`;
            await expectRefusalStoresNothing(label, () =>
              invoke(action, requestFor(path, body, { cookie: cookies[role] }), params, { clientIp: "203.0.113.9" }),
            );
          },
        ),
        run(12),
      );
    }
    expect(covered).toBeGreaterThanOrEqual(22);
  }, 180_000); // every action of every route, one after another: minutes on a busy 2-core machine

  it("every loader: hostile params and query strings never answer 5xx", async () => {
    let covered = 0;
    for (const { pattern, file } of PATTERNS) {
      const loader = (await load(file)).loader;
      if (!loader) continue;
      covered++;
      await fc.assert(
        fc.asyncProperty(
          fc.array(paramValue, { minLength: 1, maxLength: 2 }),
          query,
          fc.constantFrom(...ROLES),
          async (values, search, role) => {
            const { path, params } = fill(pattern, values);
            const url = `${path}?${new URLSearchParams(search)}`;
            const headers: Record<string, string> = {};
            if (cookies[role]) headers.cookie = cookies[role]!;
            const answer = await invoke(loader, makeRequest(url, { headers }), params, { clientIp: "203.0.113.9" });
            expectSaneAnswer(answer, `${role} GET ${url.slice(0, 200)} (${file})`);
          },
        ),
        run(10),
      );
    }
    expect(covered).toBeGreaterThanOrEqual(53);
  });
});
