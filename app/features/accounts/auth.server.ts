/**
 * Better Auth on our own tables (Drizzle adapter, plural snake_case tables of app/db/schema.ts).
 * One instance per database handle: the app has one, tests swap the handle per worker.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { getSettings } from "~/features/settings/settings.server";
import { getEnv, resolveDataDir } from "~/lib/env.server";
import { afterAuthEndpoint, afterPasswordReset, beforeAuthEndpoint, CLIENT_IP_HEADER } from "./auth-hooks.server";
import { sendPasswordResetEmail } from "./emails.server";

export { CLIENT_IP_HEADER, PRIMARY_PROTECTED_MESSAGE } from "./auth-hooks.server";

export const COOKIE_PREFIX = "ca";
/** Every cookie Better Auth sets here, plain and with the `__Secure-` prefix it uses over HTTPS. */
export const SESSION_COOKIE_NAMES = ["session_token", "session_data", "dont_remember"].flatMap((name) => [
  `${COOKIE_PREFIX}.${name}`,
  `__Secure-${COOKIE_PREFIX}.${name}`,
]);
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** A reset link works once, for one hour. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;
/** How long a signed-in request may trust the signed session cookie without reading the session row. */
export const SESSION_CACHE_SECONDS = 60;

const TEST_SECRET = "test-secret-commerce-academy-not-for-production-use";

/**
 * BETTER_AUTH_SECRET when set (getEnv() requires it in production with DATABASE_URL, where every
 * instance must agree). Otherwise: a fixed value under NODE_ENV=test; with the embedded database
 * a random secret generated once and kept in DATA_DIR/auth-secret (one process per data directory,
 * so it is shared by everything that opens it).
 */
export function resolveAuthSecret(): string {
  const env = getEnv();
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.NODE_ENV === "test") return TEST_SECRET;
  const dir = resolveDataDir(env);
  const file = path.join(dir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: generate below
  }
  fs.mkdirSync(dir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function isLoopback(url: string) {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost");
}

/** Secure cookies on https, and in production unless the site is served on a loopback address (tests, local runs). */
export function wantsSecureCookies(): boolean {
  const env = getEnv();
  if (env.APP_URL.startsWith("https://")) return true;
  return env.NODE_ENV === "production" && !isLoopback(env.APP_URL);
}

function createAuth(db: Db) {
  const env = getEnv();
  return betterAuth({
    appName: "Commerce Academy",
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret: resolveAuthSecret(),
    trustedOrigins: env.APP_ORIGINS,
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        rateLimits: schema.rateLimits,
      },
    }),
    user: {
      additionalFields: {
        isPrimary: { type: "boolean", required: false, input: false, defaultValue: false },
        lastActiveAt: { type: "date", required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: 60 * 60 * 24,
      // The session and user ride in a signed cookie for SESSION_CACHE_SECONDS, so most signed-in
      // requests read no session row. The trade: a sign-out elsewhere, a ban or a role change
      // reaches a browser still holding that cookie within this lifetime (docs/decisions/0011-session-cache.md).
      cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await sendPasswordResetEmail(db, { name: user.name, email: user.email }, token);
      },
      onPasswordReset: async ({ user }) => {
        await afterPasswordReset(db, user);
      },
    },
    rateLimit: {
      // Per IP over HTTP, shared by every app instance. The app's own limits (per account and per IP,
      // auth-hooks.server.ts) hold on every path; the windows here also bound how long Better Auth
      // keeps rows of that table.
      enabled: env.NODE_ENV !== "test",
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": { window: 900, max: 20 },
        "/sign-up/*": { window: 900, max: 20 },
        "/request-password-reset": { window: 900, max: 5 },
        "/change-password": { window: 900, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: wantsSecureCookies(),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          // New accounts take the "default access level" setting (student, instructor or guest),
          // never admin: admins are made by the bootstrap command or by another admin.
          before: async (user) => {
            const { defaultAccessLevel } = await getSettings(db);
            const role = defaultAccessLevel === "admin" ? "student" : defaultAccessLevel;
            return { data: { ...user, role, isPrimary: false } };
          },
        },
      },
    },
    hooks: { before: beforeAuthEndpoint(db), after: afterAuthEndpoint(db) },
    // Impersonation is not part of the product.
    disabledPaths: ["/admin/impersonate-user", "/admin/stop-impersonating"],
    plugins: [admin({ defaultRole: "student", adminRoles: ["admin"] })],
    telemetry: { enabled: false },
    logger: { level: "error", disabled: env.NODE_ENV === "test" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const cache = new WeakMap<Db, Auth>();

/** The Better Auth instance bound to the current database handle. */
export async function getAuth(db: Db): Promise<Auth> {
  let auth = cache.get(db);
  if (!auth) {
    auth = createAuth(db);
    cache.set(db, auth);
  }
  return auth;
}

/** Headers to hand to `auth.api.*`: the visitor's cookie and trusted client IP only. */
export function authHeaders(request: Request, clientIp?: string): Headers {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const ua = request.headers.get("user-agent");
  if (ua) headers.set("user-agent", ua);
  // A request always has a client, known or not: per-IP limits apply to "unknown" too.
  headers.set(CLIENT_IP_HEADER, clientIp || "unknown");
  return headers;
}
