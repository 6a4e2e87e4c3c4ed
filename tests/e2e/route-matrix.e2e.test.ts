import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openPglite, setDbHandle } from "~/db/client.server";
import routes from "~/routes";
import { createTestUser, signInOverHttp, type TestUser } from "../helpers/auth";
import { describe, expect, freshInstall, it } from "../helpers/fixtures";
import { type RunningServer, startServer } from "../helpers/server";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
type Role = "anonymous" | "student" | "instructor" | "admin" | "primary";
const ROLES: Role[] = ["anonymous", "student", "instructor", "admin", "primary"];

/** Every URL the route table can serve, with params and splats filled in. */
function routeUrls(entries: RouteEntry[], parent = ""): Array<{ url: string; file: string }> {
  const out: Array<{ url: string; file: string }> = [];
  for (const entry of entries) {
    const joined = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    const url = joined
      .split("/")
      .map((seg) => (seg === "*" ? "matrix-probe" : seg.startsWith(":") ? "1" : seg.replace(/\?$/, "")))
      .join("/")
      .replace(/\/+/g, "/");
    if (entry.index || (entry.path !== undefined && !entry.children?.length))
      out.push({ url: url || "/", file: entry.file });
    if (entry.path !== undefined && entry.children?.length && !entry.children.some((c) => c.index)) {
      out.push({ url: url || "/", file: entry.file });
    }
    if (entry.children) out.push(...routeUrls(entry.children, joined));
  }
  return out;
}

let server: RunningServer;
const cookies: Partial<Record<Role, string>> = {};
const users: Partial<Record<Role, TestUser>> = {};

beforeAll(async () => {
  // Prepare the install with one account per role, then hand the directory to the server.
  const dataDir = await freshInstall();
  const handle = await openPglite(path.join(dataDir, "pglite"));
  try {
    setDbHandle(handle);
    users.primary = await createTestUser({ role: "admin", isPrimary: true, name: "Owner" });
    users.admin = await createTestUser({ role: "admin", name: "Staff Admin" });
    users.instructor = await createTestUser({ role: "instructor", name: "Ivy Instructor" });
    users.student = await createTestUser({ role: "student", name: "Sam Student" });
  } finally {
    setDbHandle(undefined);
    await handle.close();
  }
  server = await startServer({ dataDir });
  for (const role of ROLES) {
    const user = role === "anonymous" ? undefined : users[role];
    if (user) cookies[role] = await signInOverHttp(server.url, user.email, user.password);
  }
});

afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

async function request(role: Role, url: string, method: "GET" | "POST"): Promise<Answer> {
  const headers: Record<string, string> = { origin: server.url };
  const cookie = cookies[role];
  if (cookie) headers.cookie = cookie;
  const init: RequestInit = { method, headers, redirect: "manual" };
  if (method === "POST") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "matrix=probe";
  }
  const res = await fetch(`${server.url}${url}`, init);
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

function dataUrl(url: string) {
  return url === "/" ? "/_root.data" : `${url}.data`;
}

/** A login redirect, as a document (302 Location) or as single fetch (202 with an encoded redirect). */
function isLoginRedirect(a: Answer) {
  if (a.status === 302 && a.location?.startsWith("/login?redirectTo=")) return true;
  return a.status === 202 && a.body.includes('"redirect"') && a.body.includes('"/login?redirectTo=');
}

describe("route-by-role matrix", () => {
  it("walks a route table that includes the admin area", () => {
    const urls = routeUrls(routes as RouteEntry[]).map((r) => r.url);
    expect(urls).toContain("/admin");
    expect(urls).toContain("/admin/matrix-probe");
    expect(urls).toContain("/login");
  });

  it("only admins can read or change anything under /admin (documents and .data, GET and POST)", async () => {
    const adminUrls = routeUrls(routes as RouteEntry[]).filter(
      (r) => r.url === "/admin" || r.url.startsWith("/admin/"),
    );
    expect(adminUrls.length).toBeGreaterThanOrEqual(2);
    const failures: string[] = [];
    for (const { url } of adminUrls) {
      for (const role of ROLES) {
        for (const method of ["GET", "POST"] as const) {
          for (const target of [url, dataUrl(url)]) {
            const a = await request(role, target, method);
            const label = `${role} ${method} ${target} → ${a.status} ${a.location ?? ""}`;
            if (role === "anonymous") {
              // 405: a route without an action refuses the POST before anything runs.
              if (!(isLoginRedirect(a) || (method === "POST" && a.status === 405))) failures.push(label);
            } else if (role === "student" || role === "instructor") {
              if (!(a.status === 403 || (method === "POST" && a.status === 405))) failures.push(label);
              if (a.body.includes("Course Management") || a.body.includes("Welcome back")) {
                failures.push(`${label} leaked the admin area`);
              }
            } else {
              const ok = a.status < 500 && a.status !== 401 && a.status !== 403 && !isLoginRedirect(a);
              if (!ok) failures.push(label);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("admins get the admin pages; others see the 403 page, not the admin shell", async () => {
    for (const role of ["admin", "primary"] as const) {
      const a = await request(role, "/admin", "GET");
      expect(a.status).toBe(200);
      expect(a.body).toContain("Course Management");
      expect(a.body).toContain("Sales &amp; Reports");
    }
    for (const role of ["student", "instructor"] as const) {
      const a = await request(role, "/admin", "GET");
      expect(a.status).toBe(403);
      expect(a.body).toContain("403 - Access Denied");
      expect(a.body).not.toContain("Course Management");
    }
    const probe = await request("admin", "/admin/matrix-probe", "GET");
    expect(probe.status).toBe(404);
    expect(probe.body).toContain("404 - Page Not Found");
  });

  it("no route answers 5xx for any role, and public pages stay public", async () => {
    const failures: string[] = [];
    for (const { url } of routeUrls(routes as RouteEntry[])) {
      if (url === "/admin" || url.startsWith("/admin/")) continue;
      for (const role of ROLES) {
        for (const method of ["GET", "POST"] as const) {
          // Logging out would end the session the rest of the walk needs.
          if (method === "POST" && url === "/logout" && role !== "anonymous") continue;
          for (const target of url.startsWith("/api/") ? [url] : [url, dataUrl(url)]) {
            const a = await request(role, target, method);
            if (a.status >= 500) failures.push(`${role} ${method} ${target} → ${a.status}`);
            if (a.status === 403) failures.push(`${role} ${method} ${target} → 403 outside /admin`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect((await request("anonymous", "/", "GET")).status).toBe(200);
    expect((await request("student", "/", "GET")).body).toContain("Account menu for Sam Student");
  });

  it("refuses state-changing requests from another origin", async () => {
    for (const target of ["/api/cart", "/admin.data", "/login", "/logout"]) {
      const res = await fetch(`${server.url}${target}`, {
        method: "POST",
        headers: {
          origin: "https://evil.example",
          cookie: cookies.admin ?? "",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "intent=clear",
        redirect: "manual",
      });
      expect(res.status, target).toBe(403);
    }
    // The session survived: the forged log-out did nothing.
    expect((await request("admin", "/admin", "GET")).status).toBe(200);
  });

  it("session cookies are HttpOnly and SameSite=Lax; a failed login sets none", async () => {
    const post = (email: string, password: string) =>
      fetch(`${server.url}/login`, {
        method: "POST",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password }),
        redirect: "manual",
      });
    const failed = await post("nobody@example.com", "wrong-password");
    expect(failed.status).toBe(400);
    expect(failed.headers.getSetCookie()).toEqual([]);
    const ok = await post(users.student!.email, users.student!.password);
    expect(ok.status).toBe(302);
    const [session] = ok.headers.getSetCookie().filter((c) => c.startsWith("ca.session_token="));
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//);
  });
});
