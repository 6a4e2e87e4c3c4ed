/**
 * Real accounts for tests: passwords hashed by Better Auth, sessions made by signing in.
 *
 *   const admin = await createTestUser({ role: "admin" });
 *   const cookie = await cookieFor(admin);
 *   await routeCall(loader, { request: makeRequest("/admin", { headers: { cookie } }) });  // tests/helpers/route.ts
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { getAuth } from "~/features/accounts/auth.server";
import type { Role } from "~/features/accounts/guards.server";

export const TEST_PASSWORD = "correct-horse-battery";

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  role: Role;
  isPrimary: boolean;
}

export async function createTestUser(
  opts: {
    role?: Role;
    isPrimary?: boolean;
    name?: string;
    email?: string;
    password?: string;
    /** The buyer's GST state: Maharashtra (27, inter-state from the seeded Rajasthan seller) unless given; null = not asked yet. */
    stateCode?: string | null;
  } = {},
): Promise<TestUser> {
  const role = opts.role ?? "student";
  const isPrimary = opts.isPrimary ?? false;
  const name = opts.name ?? (role === "admin" ? "Test Admin" : "Test Student");
  const email = (opts.email ?? `${role}-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const password = opts.password ?? TEST_PASSWORD;
  const auth = await getAuth(await getDb());
  const { user } = await auth.api.signUpEmail({ body: { name, email, password } });
  const db = await getDb();
  const stateCode = opts.stateCode === undefined ? "27" : opts.stateCode;
  await db.update(users).set({ role, isPrimary, emailVerified: true, stateCode }).where(eq(users.id, user.id));
  return { id: user.id, name, email, password, role, isPrimary };
}

/** Signs in through Better Auth and returns a `Cookie` header value (`name=value`). */
export async function signInCookie(email: string, password: string = TEST_PASSWORD): Promise<string> {
  const auth = await getAuth(await getDb());
  const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  return cookieHeaderFrom(headers);
}

export function cookieFor(user: Pick<TestUser, "email" | "password">): Promise<string> {
  return signInCookie(user.email, user.password);
}

/** Turns Set-Cookie headers (of a Headers or a Response) into one Cookie header value. */
export function cookieHeaderFrom(source: Headers | Response): string {
  const headers = source instanceof Response ? source.headers : source;
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/**
 * Playwright: signs a browser context in through the real /login form endpoint
 * (the context's cookie jar keeps the session).
 */
export async function signInBrowser(
  context: BrowserContext,
  baseUrl: string,
  email: string,
  password: string = TEST_PASSWORD,
): Promise<void> {
  const response = await context.request.post(`${baseUrl}/login`, {
    form: { email, password, redirectTo: "/" },
    headers: { origin: baseUrl },
    maxRedirects: 0,
  });
  const location = response.headers().location;
  if (response.status() !== 302 || !location) {
    throw new Error(`Sign-in of ${email} failed: HTTP ${response.status()}`);
  }
}

/** Signs in over HTTP against a running server; returns the Cookie header value. */
export async function signInOverHttp(baseUrl: string, email: string, password: string = TEST_PASSWORD) {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password, redirectTo: "/" }),
    headers: { origin: baseUrl },
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`Sign-in of ${email} failed: HTTP ${response.status}`);
  return cookieHeaderFrom(response);
}

/** Headers for calling `auth.api.*` as this user (server-side). */
export async function authHeadersFor(user: Pick<TestUser, "email" | "password">): Promise<Headers> {
  return new Headers({ cookie: await cookieFor(user) });
}
