/**
 * Account flows on Better Auth: sign up, log in, log out, password reset, profile, password change,
 * and the bootstrap of the owner (primary admin). Routes call these and forward `headers`
 * (the session cookies) on their redirect.
 */
import crypto from "node:crypto";
import { isAPIError } from "better-auth/api";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { cachedRead, READ_MAX_AGE_MS, tablesRead } from "~/db/read-cache.server";
import { accounts, sessions, users } from "~/db/schema";
import { type BuyerDetails, buyerDetailsProblems } from "~/features/gst/buyer";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";
import { authHeaders, getAuth } from "./auth.server";
import { afterPasswordReset } from "./auth-hooks.server";
import { sendWelcomeEmail } from "./emails.server";
import { EMAIL_TAKEN, LOGIN_FAILED, RESET_REQUESTED, RESET_TOKEN_INVALID } from "./messages";
import { MAX_PASSWORD, MIN_PASSWORD } from "./schema";

export interface RequestContext {
  request: Request;
  /** Socket address from the HTTP server; absent in direct calls (tests). */
  clientIp?: string;
}

/** A signed-in session: the Set-Cookie headers to put on the redirect, and whose it is. */
export interface Session {
  headers: Headers;
  userId: string;
}

const PASSWORD_LENGTH = `Use ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`;

/** Set-Cookie headers of a Better Auth call, ready to put on our response. */
function cookiesOf(headers: Headers | undefined): Headers {
  const out = new Headers();
  for (const cookie of headers?.getSetCookie() ?? []) out.append("Set-Cookie", cookie);
  return out;
}

function codeOf(error: unknown): string | undefined {
  if (isAPIError(error)) return (error.body as { code?: string } | undefined)?.code;
  return undefined;
}

/**
 * A refusal of the auth hooks (auth-hooks.server.ts) as the app's HttpError: a limit reached (429)
 * or a field out of bounds (400, on the field it names, or on `rename[field]`), with the hook's message.
 */
function hookRefusal(error: unknown, rename: Record<string, string> = {}): HttpError | null {
  const code = codeOf(error);
  const message = (error as Error).message;
  if (code === "TOO_MANY_ATTEMPTS") return new HttpError(429, message);
  if (code === "INVALID_INPUT") {
    const field = (error as { body?: { field?: string } }).body?.field;
    return new HttpError(400, message, { field: field ? (rename[field] ?? field) : undefined });
  }
  return null;
}

export async function signUp(
  db: Db,
  input: { name: string; email: string; password: string },
  ctx: RequestContext,
): Promise<Session> {
  const auth = await getAuth(db);
  try {
    const { headers, response } = await auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers: authHeaders(ctx.request, ctx.clientIp),
      returnHeaders: true,
    });
    const user = response.user;
    await recordEvent(db, {
      actorId: user.id,
      type: "Sign-up",
      description: `${user.name} created an account`,
      status: "New",
      entityType: "user",
      entityId: user.id,
    });
    await sendWelcomeEmail(db, { name: user.name, email: user.email });
    return { headers: cookiesOf(headers), userId: user.id };
  } catch (error) {
    throw hookRefusal(error) ?? signUpRefusal(codeOf(error)) ?? error;
  }
}

function signUpRefusal(code: string | undefined): HttpError | null {
  if (code?.startsWith("USER_ALREADY_EXISTS")) return new HttpError(400, EMAIL_TAKEN, { field: "email" });
  if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
    return new HttpError(400, PASSWORD_LENGTH, { field: "password" });
  }
  if (code === "INVALID_EMAIL") {
    return new HttpError(400, "Enter a valid email address, like name@example.com.", { field: "email" });
  }
  return null;
}

export async function logIn(db: Db, input: { email: string; password: string }, ctx: RequestContext): Promise<Session> {
  // The per-account and per-IP limits are counted by the auth hooks, on every log-in path.
  const auth = await getAuth(db);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: authHeaders(ctx.request, ctx.clientIp),
      returnHeaders: true,
    });
    return { headers: cookiesOf(headers), userId: response.user.id };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    // Wrong password, unknown email and banned accounts read the same: no enumeration.
    throw hookRefusal(error) ?? new HttpError(400, LOGIN_FAILED);
  }
}

export async function logOut(db: Db, ctx: RequestContext): Promise<Headers> {
  const auth = await getAuth(db);
  try {
    const { headers } = await auth.api.signOut({ headers: authHeaders(ctx.request), returnHeaders: true });
    return cookiesOf(headers);
  } catch {
    return new Headers();
  }
}

export async function requestPasswordReset(db: Db, input: { email: string }, ctx: RequestContext): Promise<string> {
  const auth = await getAuth(db);
  try {
    await auth.api.requestPasswordReset({
      body: { email: input.email },
      headers: authHeaders(ctx.request, ctx.clientIp),
    });
  } catch (error) {
    throw hookRefusal(error) ?? error;
  }
  return RESET_REQUESTED;
}

export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<void> {
  const auth = await getAuth(db);
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    const code = codeOf(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") throw new HttpError(400, RESET_TOKEN_INVALID);
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      throw new HttpError(400, PASSWORD_LENGTH, { field: "password" });
    }
    throw hookRefusal(error, { newPassword: "password" }) ?? error;
  }
}

/** Whether a reset token exists and has not expired (to show the form or the "ask again" message). */
export async function isResetTokenUsable(db: Db, token: string): Promise<boolean> {
  // Tokens we issue are URL-safe ids; anything else (a NUL byte included) is not worth a query.
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return false;
  const auth = await getAuth(db);
  const ctx = await auth.$context;
  const row = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(row && new Date(row.expiresAt).getTime() > Date.now());
}

const ACCOUNT_TABLES = tablesRead(users);

/**
 * The account page's row: profile, GST details and whether announcement emails are on (one query,
 * kept in memory on the embedded database until `users` is written: db/read-cache.server.ts).
 */
export async function getAccount(db: DbOrTx, userId: string) {
  const [row] = await cachedRead(db, `account:${userId}`, ACCOUNT_TABLES, READ_MAX_AGE_MS, () =>
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        stateCode: users.stateCode,
        gstin: users.gstin,
        legalName: users.legalName,
        address: users.address,
        announcementEmails: users.announcementEmails,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
  );
  return row ?? null;
}

/**
 * Changing the email needs the current password (it is where reset links go). The business details
 * replace the saved ones (empty: none); a GSTIN must belong to the state (the one given, else the saved one).
 */
export async function updateProfile(
  db: DbOrTx,
  userId: string,
  input: { name: string; email: string; currentPassword?: string; state?: string } & BuyerDetails,
): Promise<void> {
  const [current] = await db
    .select({ email: users.email, stateCode: users.stateCode })
    .from(users)
    .where(eq(users.id, userId));
  if (!current) throw new HttpError(404, "Account not found.");
  const [problem] = Object.entries(buyerDetailsProblems(input, input.state ?? current.stateCode));
  if (problem) throw new HttpError(400, problem[1], { field: problem[0] });
  const email = input.email.toLowerCase();
  if (email !== current.email.toLowerCase()) {
    if (!input.currentPassword || !(await passwordMatches(db, userId, input.currentPassword))) {
      throw new HttpError(400, "Enter your current password to change your email.", { field: "currentPassword" });
    }
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)));
    if (taken) throw new HttpError(400, "That email is already used by another account.", { field: "email" });
  }
  await db
    .update(users)
    .set({
      name: input.name,
      email,
      ...(input.state ? { stateCode: input.state } : {}),
      gstin: input.gstin ?? null,
      legalName: input.legalName ?? null,
      address: input.address ?? null,
    })
    .where(eq(users.id, userId));
}

async function passwordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!credential?.hash) return false;
  const auth = await getAuth(db);
  const ctx = await auth.$context;
  return ctx.password.verify({ hash: credential.hash, password });
}

export async function changePassword(
  db: Db,
  input: { currentPassword: string; newPassword: string },
  ctx: RequestContext,
): Promise<Headers> {
  const auth = await getAuth(db);
  try {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: authHeaders(ctx.request, ctx.clientIp),
      returnHeaders: true,
    });
    return cookiesOf(headers);
  } catch (error) {
    const code = codeOf(error);
    if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      throw new HttpError(400, "Your current password is not correct.", { field: "currentPassword" });
    }
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      throw new HttpError(400, PASSWORD_LENGTH, { field: "newPassword" });
    }
    throw hookRefusal(error) ?? error;
  }
}

/* ------------------------------------------------------------------ owner bootstrap */

export interface CreateAdminResult {
  userId: string;
  created: boolean;
  isPrimary: boolean;
}

/**
 * Creates (or promotes) an admin with a password. The first admin of the install becomes the primary.
 * An existing account is promoted and its password left unchanged unless `resetPassword` is set
 * (`npm run admin:create -- --reset-password`: how the owner of an install without SMTP, whose reset
 * links reach nobody, sets a new password).
 */
export async function createAdmin(
  db: Db,
  input: {
    email: string;
    name: string;
    password: string;
    resetPassword?: boolean;
  },
): Promise<CreateAdminResult> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`"${input.email}" is not a valid email address.`);
  if (input.password.length < MIN_PASSWORD || input.password.length > MAX_PASSWORD) {
    throw new Error(`The password must be ${MIN_PASSWORD} to ${MAX_PASSWORD} characters long.`);
  }
  const auth = await getAuth(db);
  const authCtx = await auth.$context;
  const hash = await authCtx.password.hash(input.password);
  return db.transaction(async (tx) => {
    // Serialise bootstraps so two starts cannot both make a primary.
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    const [primary] = await tx.select({ id: users.id }).from(users).where(eq(users.isPrimary, true));
    const [existing] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    const makePrimary = !primary || primary.id === existing?.id;
    let userId: string;
    let created = false;
    if (existing) {
      userId = existing.id;
      await tx
        .update(users)
        .set({ role: "admin", isPrimary: makePrimary, ...(input.name ? { name: input.name } : {}) })
        .where(eq(users.id, userId));
      const [credential] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
      if (!credential) {
        await insertCredential(tx, userId, hash);
      } else if (input.resetPassword) {
        // As a reset by email does: other sessions end, other reset links stop working, the lock lifts.
        await tx.update(accounts).set({ password: hash }).where(eq(accounts.id, credential.id));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await afterPasswordReset(tx, { id: userId, email: existing.email });
      }
    } else {
      userId = crypto.randomUUID();
      created = true;
      await tx.insert(users).values({
        id: userId,
        name: input.name || email.split("@")[0]!,
        email,
        emailVerified: true,
        role: "admin",
        isPrimary: makePrimary,
      });
      await insertCredential(tx, userId, hash);
    }
    await recordEvent(tx, {
      actorId: userId,
      type: "Role",
      description: `${input.name || email} is now ${makePrimary ? "the primary administrator" : "an administrator"}`,
      status: "Success",
      entityType: "user",
      entityId: userId,
    });
    return { userId, created, isPrimary: makePrimary };
  });
}

/** The email-and-password sign-in of a user, as Better Auth keeps it (the hash made by its context). */
async function insertCredential(tx: DbOrTx, userId: string, hash: string) {
  await tx
    .insert(accounts)
    .values({ id: crypto.randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
}

/** On start: with ADMIN_EMAIL and ADMIN_PASSWORD set and no admin yet, create the owner. */
export async function ensureAdminFromEnv(db: Db): Promise<CreateAdminResult | null> {
  const env = getEnv();
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return null;
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (anyAdmin) return null;
  return createAdmin(db, {
    email: env.ADMIN_EMAIL,
    name: env.ADMIN_NAME ?? "Administrator",
    password: env.ADMIN_PASSWORD,
  });
}
