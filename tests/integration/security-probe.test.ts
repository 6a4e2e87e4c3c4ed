/**
 * Regression tests for what the outside security probe of issue 17 found in accounts and auth:
 * each failed before its fix.
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { users, verifications } from "~/db/schema";
import { requestPasswordReset, resetPassword } from "~/features/accounts/accounts.server";
import { RESET_TOKEN_INVALID } from "~/features/accounts/messages";
import { handleRazorpayWebhook } from "~/features/payments/payments.server";
import { resetEnvCache } from "~/lib/env.server";
import * as authApi from "~/routes/api/auth";
import * as loginRoute from "~/routes/auth/login";
import * as signupRoute from "~/routes/auth/signup";
import { cookieFor, createTestUser, TEST_PASSWORD } from "../helpers/auth";
import { invoke, requestFor, urlencoded } from "../helpers/hostile";
import { makeRequest } from "../helpers/route";

const ORIGIN = "http://localhost:3000";

/** POST /api/auth/<path> with a JSON body, as an HTTP client would, from the given address. */
function authPost(path: string, body: unknown, opts: { cookie?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", origin: ORIGIN };
  if (opts.cookie) headers.cookie = opts.cookie;
  const request = new Request(`${ORIGIN}/api/auth/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  return invoke(authApi.action as never, request, { "*": path }, { clientIp: opts.ip ?? "203.0.113.9" });
}

async function nameOf(id: string) {
  const [row] = await (await getDb()).select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name;
}

describe("every user-controlled field has the app's bounds, whatever endpoint writes it", () => {
  it("/api/auth/update-user refuses a 900,000-character, empty, non-text or NUL name, and any image", async () => {
    const user = await createTestUser({ name: "Asha Rao" });
    const cookie = await cookieFor(user);
    for (const body of [
      { name: "x".repeat(900_000) },
      { name: "x".repeat(101) },
      { name: "" },
      { name: "   " },
      { name: 42 },
      { name: ["Asha"] },
      { name: "A\u0000B" },
      { image: "https://evil.example/a.png" },
      { image: "a\u0000b" },
      { name: "Asha", role: "admin" },
    ]) {
      const answer = await authPost("update-user", body, { cookie });
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(await nameOf(user.id)).toBe("Asha Rao");
    }
    const ok = await authPost("update-user", { name: "  Asha R.  " }, { cookie });
    expect(ok.status).toBe(200);
    expect(await nameOf(user.id)).toBe("Asha R.");
  });

  it("/api/auth/sign-up/email refuses a name over 100 characters and creates nothing", async () => {
    const email = "longname@example.com";
    const answer = await authPost("sign-up/email", { name: "n".repeat(5_000), email, password: TEST_PASSWORD });
    expect(answer.status).toBe(400);
    const rows = await (await getDb()).select().from(users).where(eq(users.email, email));
    expect(rows).toEqual([]);
  });

  it("a NUL in a reset token over HTTP is a 400, not a 500", async () => {
    const answer = await authPost("reset-password", { token: "a\u0000b", newPassword: "new-password-1" });
    expect(answer.status).toBe(400);
  });
});

describe("Better Auth's admin endpoints are not reachable over HTTP", () => {
  it("set-role, ban-user, list-user-sessions and revoke-user-session answer 404 to an admin and change nothing", async () => {
    const owner = await createTestUser({ role: "admin", isPrimary: true });
    const second = await createTestUser({ role: "admin" });
    const student = await createTestUser();
    const cookie = await cookieFor(second);
    await cookieFor(owner);
    for (const [path, body] of [
      ["admin/set-role", { userId: student.id, role: "admin" }],
      ["admin/ban-user", { userId: owner.id }],
      ["admin/list-user-sessions", { userId: owner.id }],
      ["admin/revoke-user-sessions", { userId: owner.id }],
      ["admin/create-user", { email: "new@example.com", password: TEST_PASSWORD, name: "New", role: "admin" }],
    ] as const) {
      const answer = await authPost(path, body, { cookie });
      expect(answer.status, path).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain("token");
    }
    const db = await getDb();
    const [s] = await db.select({ role: users.role }).from(users).where(eq(users.id, student.id));
    expect(s?.role).toBe("student");
    const [o] = await db.select({ banned: users.banned }).from(users).where(eq(users.id, owner.id));
    expect(o?.banned).toBe(false);
    expect(await db.select().from(users).where(eq(users.email, "new@example.com"))).toEqual([]);
    // The owner's session still works.
    expect((await cookieFor(owner)).length).toBeGreaterThan(0);
  });
});

describe("log-in limits hold on every log-in path", () => {
  it("twelve wrong passwords on /api/auth/sign-in/email lock the account there and on the form", async () => {
    const user = await createTestUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const ip = `198.51.100.${i + 1}`; // a different address each time: only the per-account limit can hold
      statuses.push(
        (await authPost("sign-in/email", { email: user.email, password: "wrong-password" }, { ip })).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // The right password is refused while locked, over HTTP and on the form.
    expect((await authPost("sign-in/email", { email: user.email, password: user.password })).status).toBe(429);
    const form = await invoke(
      loginRoute.action,
      requestFor("/login", urlencoded({ email: user.email, password: user.password })),
      {},
      { clientIp: "192.0.2.44" },
    );
    expect(form.status).toBe(429);
  });

  it("failures on the form lock the JSON endpoint too", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 5; i++) {
      await invoke(
        loginRoute.action,
        requestFor("/login", urlencoded({ email: user.email, password: "nope-nope" })),
        {},
        {
          clientIp: `192.0.2.${i + 1}`,
        },
      );
    }
    expect((await authPost("sign-in/email", { email: user.email, password: user.password })).status).toBe(429);
  });

  it("a password reset lifts the lock and voids every other reset link of the account", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 6; i++) {
      await authPost("sign-in/email", { email: user.email, password: "wrong-password" }, { ip: `198.51.100.${i + 1}` });
    }
    expect((await authPost("sign-in/email", { email: user.email, password: user.password })).status).toBe(429);
    const db = await getDb();
    const ctx = { request: makeRequest("/forgot-password"), clientIp: "192.0.2.7" };
    await requestPasswordReset(db, { email: user.email }, ctx);
    await requestPasswordReset(db, { email: user.email }, ctx);
    const tokens = (await db.select().from(verifications).where(eq(verifications.value, user.id)))
      .map((v) => v.identifier)
      .filter((id) => id.startsWith("reset-password:"))
      .map((id) => id.slice("reset-password:".length));
    expect(tokens).toHaveLength(2);
    await resetPassword(db, { token: tokens[0]!, password: "brand-new-password" });
    await expect(resetPassword(db, { token: tokens[1]!, password: "another-password" })).rejects.toMatchObject({
      status: 400,
      message: RESET_TOKEN_INVALID,
    });
    expect((await authPost("sign-in/email", { email: user.email, password: "brand-new-password" })).status).toBe(200);
  });
});

describe("redirect targets are same-origin paths after normalisation", () => {
  it("GET /login signed in, POST /login and POST /signup never send the browser to another host", async () => {
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    const get = await invoke(
      loginRoute.loader,
      makeRequest(`/login?redirectTo=${encodeURIComponent("/.//evil.example")}`, { headers: { cookie } }),
    );
    expect(get.status).toBe(302);
    expect(get.location).toBe("/");
    for (const target of ["/.//evil.example", "/../..//evil.example"]) {
      const login = await invoke(
        loginRoute.action,
        requestFor("/login", urlencoded({ email: user.email, password: user.password, redirectTo: target })),
        {},
        { clientIp: "192.0.2.9" },
      );
      expect(login.location).toBe("/");
      const signup = await invoke(
        signupRoute.action,
        requestFor(
          "/signup",
          urlencoded({
            name: "New Person",
            email: `new-${Math.random().toString(36).slice(2)}@example.com`,
            password: TEST_PASSWORD,
            redirectTo: target,
          }),
        ),
        {},
        { clientIp: "192.0.2.10" },
      );
      expect(signup.location).toBe("/");
    }
  });
});

describe("a signed webhook nested 5,000 levels deep", () => {
  const saved = process.env.RAZORPAY_WEBHOOK_SECRET;
  beforeEach(() => {
    Object.assign(process.env, {
      RAZORPAY_KEY_ID: "rzp_test_x",
      RAZORPAY_KEY_SECRET: "s",
      RAZORPAY_WEBHOOK_SECRET: "w",
    });
    resetEnvCache();
  });
  afterEach(() => {
    delete process.env.RAZORPAY_KEY_ID;
    delete process.env.RAZORPAY_KEY_SECRET;
    if (saved === undefined) delete process.env.RAZORPAY_WEBHOOK_SECRET;
    else process.env.RAZORPAY_WEBHOOK_SECRET = saved;
    resetEnvCache();
  });

  it("is a 400, not a RangeError", async () => {
    const raw = `{"event":"payment.captured","payload":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`;
    const signature = createHmac("sha256", "w").update(raw).digest("hex");
    const answer = await handleRazorpayWebhook(await getDb(), raw, new Headers({ "x-razorpay-signature": signature }));
    expect(answer.status).toBe(400);
  });
});
