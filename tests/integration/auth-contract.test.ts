import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { getOptionalUser, requireAdmin, requireUser } from "~/features/accounts/guards.server";
import { loader as rootLoader } from "~/root";
import { loader as authLoader } from "~/routes/api/auth";
import { cookieFor, createTestUser } from "../helpers/auth";
import { makeRequest, routeCall, thrownStatus } from "../helpers/route";
import { afterSessionCacheLifetime, withoutSessionCache } from "../helpers/session-cache";

describe("guards on Better Auth sessions", () => {
  it("anonymous: no user; requireUser and requireAdmin redirect to /login with the return path", async () => {
    const request = makeRequest("/admin/courses?page=2");
    expect(await getOptionalUser(await getDb(), request)).toBeNull();
    try {
      await requireAdmin(await getDb(), request);
      throw new Error("expected a redirect");
    } catch (error) {
      expect(error).toBeInstanceOf(Response);
      const response = error as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/courses?page=2")}`);
    }
  });

  it("a .data request returns to the page, not to the data URL", async () => {
    const thrown = await requireUser(await getDb(), makeRequest("/account.data?_routes=routes%2Faccount&tab=2")).catch(
      (e) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/account?tab=2")}`,
    );
  });

  it("a signed-in student is a user but gets 403 from requireAdmin", async () => {
    const student = await createTestUser({ name: "Asha Student" });
    const cookie = await cookieFor(student);
    const request = makeRequest("/admin", { headers: { cookie } });
    const db = await getDb();
    const user = await getOptionalUser(db, request);
    expect(user).toMatchObject({ id: student.id, name: "Asha Student", role: "student", isPrimary: false });
    expect(await thrownStatus(() => requireAdmin(db, makeRequest("/admin", { headers: { cookie } })))).toBe(403);
  });

  it("an admin passes requireAdmin; the primary flag is reported", async () => {
    const owner = await createTestUser({ role: "admin", isPrimary: true });
    const cookie = await cookieFor(owner);
    const user = await requireAdmin(await getDb(), makeRequest("/admin", { headers: { cookie } }));
    expect(user).toMatchObject({ role: "admin", isPrimary: true, email: owner.email });
  });

  it("a forged or stale cookie is nobody", async () => {
    const request = makeRequest("/", { headers: { cookie: "ca.session_token=forged.value" } });
    expect(await getOptionalUser(await getDb(), request)).toBeNull();
  });
});

describe("last active", () => {
  it("is written on a signed-in request, then at most once per few minutes", async () => {
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    const db = await getDb();
    const read = async () => (await db.select().from(users).where(eq(users.id, user.id)))[0]!.lastActiveAt;
    expect(await read()).toBeNull();
    await getOptionalUser(await getDb(), makeRequest("/", { headers: { cookie } }));
    const first = await read();
    expect(first).toBeInstanceOf(Date);
    await getOptionalUser(await getDb(), makeRequest("/", { headers: { cookie } }));
    // Also once the signed session cache, which still carries "never active", was read again.
    await getOptionalUser(await getDb(), makeRequest("/", { headers: { cookie: withoutSessionCache(cookie) } }));
    expect((await read())?.getTime()).toBe(first!.getTime());
    // Six minutes later, the next request writes it again.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 6 * 60 * 1000);
    try {
      await getOptionalUser(await getDb(), makeRequest("/", { headers: { cookie } }));
      expect((await read())!.getTime()).toBeGreaterThan(first!.getTime() + 5 * 60 * 1000);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the signed session cache (ADR 0011)", () => {
  it("a fresh cache answers without the session row; once its lifetime is over the row decides", async () => {
    const user = await createTestUser({ name: "Cached Person" });
    const cookie = await cookieFor(user);
    expect(cookie).toMatch(/ca\.session_data=/);
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    // No session row, yet the signed cache still vouches for the user: no database read was needed.
    expect((await getOptionalUser(db, makeRequest("/", { headers: { cookie } })))?.name).toBe("Cached Person");
    expect(
      await getOptionalUser(db, makeRequest("/", { headers: { cookie: withoutSessionCache(cookie) } })),
    ).toBeNull();
    expect(
      await afterSessionCacheLifetime(() => getOptionalUser(db, makeRequest("/", { headers: { cookie } }))),
    ).toBeNull();
  });

  it("a ban takes effect within the cache's lifetime", async () => {
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    const db = await getDb();
    await db.update(users).set({ banned: true }).where(eq(users.id, user.id));
    expect(
      await getOptionalUser(db, makeRequest("/", { headers: { cookie: withoutSessionCache(cookie) } })),
    ).toBeNull();
    expect(
      await afterSessionCacheLifetime(() => getOptionalUser(db, makeRequest("/", { headers: { cookie } }))),
    ).toBeNull();
  });

  it("the page sends the renewed cache: the root loader forwards the session lookup's Set-Cookie", async () => {
    const user = await createTestUser({ name: "Renewed Person" });
    const cookie = withoutSessionCache(await cookieFor(user));
    const result = (await routeCall(rootLoader, {
      request: makeRequest("/", { headers: { cookie } }),
      params: {},
      context: { clientIp: "192.0.2.1" },
    } as never)) as unknown as { data: { user: { name: string } }; init: { headers: Headers } };
    expect(result.data.user.name).toBe("Renewed Person");
    expect(new Headers(result.init.headers).getSetCookie().join()).toMatch(/ca\.session_data=[^;]+;.*Max-Age=60/);
  });

  it("two students' requests interleaved each see only their own session", async () => {
    const a = await createTestUser({ name: "Student Alpha" });
    const b = await createTestUser({ name: "Student Beta" });
    const cookies = [await cookieFor(a), await cookieFor(b)];
    const db = await getDb();
    const seen = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        getOptionalUser(db, makeRequest("/", { headers: { cookie: cookies[i % 2]! } })).then((u) => u?.name),
      ),
    );
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? "Student Alpha" : "Student Beta")));
  });
});

describe("/api/auth/*", () => {
  it("mounts Better Auth's handler: the session endpoint answers for the cookie's user", async () => {
    const user = await createTestUser({ name: "Api Person" });
    const cookie = await cookieFor(user);
    const response = (await routeCall(authLoader, {
      request: makeRequest("/api/auth/get-session", { headers: { cookie } }),
      params: {},
      context: { clientIp: "192.0.2.1" },
    } as never)) as Response;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { name: string; email: string } };
    expect(body.user).toMatchObject({ name: "Api Person", email: user.email });
  });
});
