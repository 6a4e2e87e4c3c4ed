/**
 * The app's rules on every Better Auth endpoint, whoever calls it: our forms (through `auth.api.*`)
 * and HTTP clients of /api/auth/* alike. Better Auth runs these hooks around each endpoint, so a
 * rule written here cannot be skipped by calling the endpoint another way.
 *
 * - Input: each field a person controls has the bounds of the app's forms (name 1–100 characters,
 *   email ≤ 254, passwords ≤ 128, no NUL), checked before Better Auth reads it; profile images are
 *   not part of the product and are refused.
 * - Limits: failed log-ins per account and per IP, sign-ups per IP, reset requests per account and
 *   per IP (rate-limit.server.ts), counted in the shared database. Each attempt is reserved before
 *   the endpoint runs (a log-in before its password is checked), atomically, so simultaneous
 *   requests cannot get more attempts than the limit; a log-in that succeeds gives its back.
 * - Admin endpoints never act on the primary admin (and are not reachable over HTTP at all: see
 *   AUTH_HTTP_ENDPOINTS).
 */
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import * as schema from "~/db/schema";
import { NUL_IN_FORM, noNul } from "~/lib/form.server";
import { ROLES } from "~/lib/roles";
import { MAX_PASSWORD, MIN_PASSWORD } from "./limits";
import {
  clear,
  LOGIN_FAILURES_PER_EMAIL,
  LOGIN_FAILURES_PER_IP,
  type RateRule,
  RESETS_PER_EMAIL,
  RESETS_PER_IP,
  rateKey,
  release,
  reserve,
  SIGNUPS_PER_IP,
  tooManyMessage,
} from "./rate-limit.server";
import { emailField, nameField } from "./schema";

/** Header our server sets from the socket address (express `req.ip`); any incoming copy is dropped. */
export const CLIENT_IP_HEADER = "x-ca-client-ip";
export const PRIMARY_PROTECTED_MESSAGE = "Cannot remove the primary administrator role.";

/**
 * The Better Auth endpoints served over HTTP at /api/auth/* (method and path after /api/auth).
 * Everything else, the admin plugin's endpoints included, answers 404: the app's own screens make
 * those changes under its own rules (primary admin protected, audited).
 */
export const AUTH_HTTP_ENDPOINTS = new Set([
  "GET /get-session",
  "POST /sign-up/email",
  "POST /sign-in/email",
  "POST /sign-out",
  "POST /request-password-reset",
  "POST /reset-password",
  "POST /update-user",
  "POST /change-password",
]);

const text = (max: number) => z.string().max(max).refine(noNul, NUL_IN_FORM);
const password = text(MAX_PASSWORD * 2);
const newPassword = text(MAX_PASSWORD).min(MIN_PASSWORD, `Use ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`);
const noImage = z.null({ error: "Profile images are not supported." }).optional();
const resetToken = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, "This reset link is invalid.");
const callbackURL = text(2000).optional();
const name = nameField.refine(noNul, NUL_IN_FORM);
const role = z.enum(ROLES);

/** The body each endpoint accepts. Fields not listed pass through to Better Auth's own checks. */
const BODIES: Record<string, z.ZodType<Record<string, unknown>>> = {
  "/sign-up/email": z.object({
    name,
    email: emailField,
    password: newPassword,
    image: noImage,
    callbackURL,
  }),
  "/sign-in/email": z.object({ email: emailField, password, callbackURL }),
  "/update-user": z.strictObject({ name: name.optional(), image: noImage }),
  "/request-password-reset": z.object({ email: emailField, redirectTo: callbackURL }),
  "/reset-password": z.object({ token: resetToken.optional(), newPassword }),
  "/change-password": z.object({ currentPassword: password, newPassword }),
  "/admin/set-role": z.object({
    role: z.union([role, z.tuple([role])], { error: "Role must be student, instructor, guest or admin." }),
  }),
};

/**
 * The client's address, set by our server on every request (authHeaders, the /api/auth route).
 * Absent only when the server calls Better Auth for itself (creating the owner, scripts): then no
 * per-IP limit applies; per-account limits still do.
 */
function clientIp(headers: Headers | undefined) {
  return headers?.get(CLIENT_IP_HEADER) ?? null;
}

type Checks = Parameters<typeof reserve>[1];

/** The per-IP rule as a check, when there is a client. */
function perIp(kind: string, ip: string | null, rule: RateRule): Checks {
  return ip === null ? [] : [[rateKey(kind, ip), rule]];
}

/** Reserves the attempt on every key (rate-limit.server.ts `reserve`), or refuses with 429 and counts nothing. */
async function reserveOrRefuse(db: Db, checks: Checks) {
  const wait = await reserve(db, checks);
  if (wait) {
    throw new APIError("TOO_MANY_REQUESTS", { message: tooManyMessage(wait), code: "TOO_MANY_ATTEMPTS" });
  }
}

/** Better Auth admin endpoints that act on another user: never on the primary admin. */
const USER_CHANGING_PATHS = new Set([
  "/admin/set-role",
  "/admin/remove-user",
  "/admin/ban-user",
  "/admin/set-user-password",
  "/admin/update-user",
  "/admin/revoke-user-sessions",
  "/admin/revoke-user-session",
  "/admin/list-user-sessions",
]);

async function protectPrimary(db: Db, body: { userId?: unknown }) {
  if (typeof body.userId !== "string") return;
  const [target] = await db
    .select({ isPrimary: schema.users.isPrimary })
    .from(schema.users)
    .where(eq(schema.users.id, body.userId));
  if (target?.isPrimary) throw new APIError("FORBIDDEN", { message: PRIMARY_PROTECTED_MESSAGE });
}

export function beforeAuthEndpoint(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    const rules = BODIES[ctx.path];
    let body = (ctx.body ?? {}) as Record<string, unknown>;
    if (rules) {
      const parsed = rules.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? "");
        throw new APIError("BAD_REQUEST", {
          message: issue?.message ?? "Invalid input.",
          // A malformed reset token reads like an unknown one (Better Auth's own code).
          code: field === "token" ? "INVALID_TOKEN" : "INVALID_INPUT",
          field,
        });
      }
      body = { ...body, ...parsed.data };
    }
    if (ctx.path === "/reset-password" && ctx.query?.token !== undefined) {
      if (!resetToken.safeParse(ctx.query.token).success) {
        throw new APIError("BAD_REQUEST", { message: "This reset link is invalid.", code: "INVALID_TOKEN" });
      }
    }
    const ip = clientIp(ctx.headers);
    switch (ctx.path) {
      case "/sign-in/email":
        // Counted as a failure now, before the password is checked; the after hook gives it back on success.
        await reserveOrRefuse(db, loginChecks(String(body.email), ip));
        break;
      case "/sign-up/email":
        await reserveOrRefuse(db, perIp("signup-ip", ip, SIGNUPS_PER_IP));
        break;
      case "/request-password-reset":
        await reserveOrRefuse(db, [
          [rateKey("reset-email", String(body.email)), RESETS_PER_EMAIL],
          ...perIp("reset-ip", ip, RESETS_PER_IP),
        ]);
        break;
    }
    if (USER_CHANGING_PATHS.has(ctx.path)) await protectPrimary(db, body);
    // The cleaned values (trimmed name, lower-cased email) are what Better Auth reads.
    if (rules) return { context: { body } };
  });
}

/** The keys a log-in attempt is counted on: its account (email) and, with a client, its address. */
function loginChecks(email: string, ip: string | null): Checks {
  return [[rateKey("login-email", email), LOGIN_FAILURES_PER_EMAIL], ...perIp("login-ip", ip, LOGIN_FAILURES_PER_IP)];
}

export function afterAuthEndpoint(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/sign-in/email") return;
    // Wrong password, unknown email and banned accounts keep their reservation (a failure, counted
    // the same: no enumeration); a log-in that succeeded gives its own back, and only its own.
    if (isAPIError(ctx.context.returned)) return;
    const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? "");
    for (const [key] of loginChecks(email, clientIp(ctx.headers))) await release(db, key);
  });
}

/**
 * After a password reset (Better Auth's `onPasswordReset`): the account's log-in lock is lifted
 * and every other reset link sent to it stops working.
 */
export async function afterPasswordReset(db: DbOrTx, user: { id: string; email: string }) {
  // Better Auth's reset tokens: identifier `reset-password:<token>`, value = the user's id.
  await db
    .delete(schema.verifications)
    .where(and(eq(schema.verifications.value, user.id), like(schema.verifications.identifier, "reset-password:%")));
  await clear(db, rateKey("login-email", user.email));
}
