import { eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { users, verifications } from "~/db/schema";
import { createAdmin, ensureAdminFromEnv, requestPasswordReset } from "~/features/accounts/accounts.server";
import { getAuth, PRIMARY_PROTECTED_MESSAGE } from "~/features/accounts/auth.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { resetEnvCache } from "~/lib/env.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as notFoundAction, loader as notFoundLoader } from "~/routes/admin/not-found";
import { authHeadersFor, cookieFor, createTestUser } from "../helpers/auth";
import { makeRequest, routeCall, thrownStatus } from "../helpers/route";
import { withoutSessionCache } from "../helpers/session-cache";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

function call(fn: (args: never) => unknown, path: string, cookie?: string, method = "GET") {
  const request = makeRequest(path, { method, headers: cookie ? { cookie } : {} });
  return routeCall(fn, { request, params: {}, context: {} } as never);
}

describe("admin route guards (each loader and action on its own)", () => {
  const modules = [
    ["layout loader", layoutLoader, "GET"],
    ["dashboard loader", dashboardLoader, "GET"],
    ["404 loader", notFoundLoader, "GET"],
    ["404 action", notFoundAction, "POST"],
  ] as const;

  it("anonymous → /login with the return path; student, instructor, guest → 403; admin passes", async () => {
    const student = await cookieFor(await createTestUser({ role: "student" }));
    const instructor = await cookieFor(await createTestUser({ role: "instructor" }));
    const guest = await cookieFor(await createTestUser({ role: "guest" }));
    const admin = await cookieFor(await createTestUser({ role: "admin" }));
    for (const [, fn, method] of modules) {
      expect(await thrownStatus(() => call(fn, "/admin/x", undefined, method))).toBe(302);
      for (const cookie of [student, instructor, guest]) {
        expect(await thrownStatus(() => call(fn, "/admin/x", cookie, method))).toBe(403);
      }
    }
    expect(await call(layoutLoader, "/admin", admin)).toMatchObject({ user: { name: "Test Admin" } });
    expect(await call(dashboardLoader, "/admin", admin)).toMatchObject({
      metrics: expect.any(Array),
      top: expect.any(Array),
    });
    expect(await thrownStatus(() => call(notFoundLoader, "/admin/nope", admin))).toBe(404);
  });
});

describe("owner bootstrap", () => {
  it("the first admin is primary, later ones are not, an existing account is promoted", async () => {
    const first = await createAdmin(await getDb(), {
      email: "Owner@Example.com",
      name: "Owner",
      password: "owner-pass-1",
    });
    expect(first).toMatchObject({ created: true, isPrimary: true });
    const student = await createTestUser({ email: "helper@example.com" });
    const second = await createAdmin(await getDb(), {
      email: "helper@example.com",
      name: "Helper",
      password: "ignored-pass",
    });
    expect(second).toEqual({ userId: student.id, created: false, isPrimary: false });
    const db = await getDb();
    const admins = await db.select().from(users).where(eq(users.role, "admin"));
    expect(admins.map((a) => [a.email, a.isPrimary]).sort()).toEqual([
      ["helper@example.com", false],
      ["owner@example.com", true],
    ]);
    // The owner signs in with the password given to the command; the promoted one keeps theirs.
    expect(await cookieFor({ email: "owner@example.com", password: "owner-pass-1" })).toMatch(/ca\.session_token=/);
    expect(await cookieFor(student)).toMatch(/ca\.session_token=/);
  });

  it("--reset-password sets a new password, ends the other sessions and voids reset links (no SMTP needed)", async () => {
    const owner = await createTestUser({ role: "admin", isPrimary: true });
    const oldSession = await cookieFor(owner);
    const db = await getDb();
    await requestPasswordReset(db, { email: owner.email }, { request: makeRequest("/forgot-password") });
    const result = await createAdmin(db, {
      email: owner.email,
      name: "",
      password: "fresh-owner-pass",
      resetPassword: true,
    });
    expect(result).toEqual({ userId: owner.id, created: false, isPrimary: true });
    expect(await cookieFor({ email: owner.email, password: "fresh-owner-pass" })).toMatch(/ca\.session_token=/);
    await expect(cookieFor(owner)).rejects.toThrow();
    expect(
      await getOptionalUser(db, makeRequest("/", { headers: { cookie: withoutSessionCache(oldSession) } })),
    ).toBeNull();
    const links = await db.select().from(verifications).where(like(verifications.identifier, "reset-password:%"));
    expect(links.filter((v) => v.value === owner.id)).toEqual([]);
  });

  it("refuses a short password or a bad email", async () => {
    await expect(createAdmin(await getDb(), { email: "a@example.com", name: "A", password: "short" })).rejects.toThrow(
      /8 to 128/,
    );
    await expect(createAdmin(await getDb(), { email: "nope", name: "A", password: "long-enough" })).rejects.toThrow(
      /not a valid email/,
    );
  });

  it("ADMIN_EMAIL/ADMIN_PASSWORD create the owner once, only while there is no admin", async () => {
    process.env.ADMIN_EMAIL = "boss@example.com";
    process.env.ADMIN_PASSWORD = "boss-password";
    resetEnvCache();
    expect(await ensureAdminFromEnv(await getDb())).toMatchObject({ created: true, isPrimary: true });
    expect(await ensureAdminFromEnv(await getDb())).toBeNull();
  });

  it("Better Auth's admin endpoints cannot demote, ban or remove the primary admin", async () => {
    const owner = await createTestUser({ role: "admin", isPrimary: true });
    const staff = await createTestUser({ role: "admin" });
    const auth = await getAuth(await getDb());
    const headers = await authHeadersFor(staff);
    await expect(auth.api.setRole({ body: { userId: owner.id, role: "student" as never }, headers })).rejects.toThrow(
      PRIMARY_PROTECTED_MESSAGE,
    );
    await expect(auth.api.removeUser({ body: { userId: owner.id }, headers })).rejects.toThrow(
      PRIMARY_PROTECTED_MESSAGE,
    );
    await expect(auth.api.banUser({ body: { userId: owner.id }, headers })).rejects.toThrow(PRIMARY_PROTECTED_MESSAGE);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({ role: "admin", isPrimary: true, banned: false });
    // Other users can still be changed, but only to a real role.
    const student = await createTestUser();
    await expect(
      auth.api.setRole({ body: { userId: student.id, role: "superuser" as never }, headers }),
    ).rejects.toThrow(/Role must be/);
    await auth.api.setRole({ body: { userId: student.id, role: "instructor" as never }, headers });
    const [changed] = await db.select().from(users).where(eq(users.id, student.id));
    expect(changed?.role).toBe("instructor");
  });
});
