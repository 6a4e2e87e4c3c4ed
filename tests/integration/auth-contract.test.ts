import { describe, expect, it } from "vitest";
import { getOptionalUser, requireAdmin, requireUser } from "~/features/accounts/guards.server";
import { cookieFor, createTestUser } from "../helpers/auth";
import { makeRequest, thrownStatus } from "../helpers/route";

describe("guards on Better Auth sessions", () => {
  it("anonymous: no user; requireUser and requireAdmin redirect to /login with the return path", async () => {
    const request = makeRequest("/admin/courses?page=2");
    expect(await getOptionalUser(request)).toBeNull();
    try {
      await requireAdmin(request);
      throw new Error("expected a redirect");
    } catch (error) {
      expect(error).toBeInstanceOf(Response);
      const response = error as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/courses?page=2")}`);
    }
  });

  it("a .data request returns to the page, not to the data URL", async () => {
    try {
      await requireUser(makeRequest("/account.data?_routes=routes%2Faccount"));
    } catch (error) {
      expect((error as Response).headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/account")}`);
    }
  });

  it("a signed-in student is a user but gets 403 from requireAdmin", async () => {
    const student = await createTestUser({ name: "Asha Student" });
    const cookie = await cookieFor(student);
    const request = makeRequest("/admin", { headers: { cookie } });
    const user = await getOptionalUser(request);
    expect(user).toMatchObject({ id: student.id, name: "Asha Student", role: "student", isPrimary: false });
    expect(await thrownStatus(() => requireAdmin(makeRequest("/admin", { headers: { cookie } })))).toBe(403);
  });

  it("an admin passes requireAdmin; the primary flag is reported", async () => {
    const owner = await createTestUser({ role: "admin", isPrimary: true });
    const cookie = await cookieFor(owner);
    const user = await requireAdmin(makeRequest("/admin", { headers: { cookie } }));
    expect(user).toMatchObject({ role: "admin", isPrimary: true, email: owner.email });
  });

  it("a forged or stale cookie is nobody", async () => {
    const request = makeRequest("/", { headers: { cookie: "ca.session_token=forged.value" } });
    expect(await getOptionalUser(request)).toBeNull();
  });
});
