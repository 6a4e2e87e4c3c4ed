/**
 * Authorization guards every loader and action calls itself, on Better Auth sessions.
 *
 * CONTRACT (shared by all features): `getOptionalUser`, `requireUser`, `requireAdmin`,
 * `loginRedirect`, `SessionUser`, `Role`.
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { Db, DbOrTx } from "~/db/client.server";
import { users } from "~/db/schema";
import { ROLES } from "~/lib/roles";
import { authHeaders, getAuth, SESSION_TTL_SECONDS, wantsSecureCookies } from "./auth.server";
import { SIGNED_IN_HINT_COOKIE } from "./personal";
import { safeRedirectTo } from "./schema";

export type Role = "student" | "instructor" | "guest" | "admin";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  isPrimary: boolean;
}

/** last_active_at is written at most this often per user. */
const ACTIVITY_RESOLUTION_MS = 5 * 60 * 1000;

/*
 * Look the session up once per request. React Router hands each loader its own copy of the
 * Request (it strips `_routes` and `index` from the URL), so the copies are not one key; the load
 * context (server/app.ts getLoadContext) is the one object every loader and action of a request
 * receives. A caller that passes it shares the lookup with the other loaders of that request
 * (the root loader's, for the header); a caller without it looks up for its own Request.
 */
const perRequest = new WeakMap<object, Promise<SessionUser | null>>();
// Cookies the session lookup set (the refreshed session cache, a longer session, a deleted one), by the same key.
const perRequestCookies = new WeakMap<object, string[]>();
// When this process last wrote last_active_at per user: the cached session carries the value it
// had when the cache was made, which must not cause a write on every request until it is renewed.
const touched = new Map<string, number>();
const TOUCHED_MAX = 10_000;

async function lookUp(db: Db, request: Request, key: object): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  const user = await findUser(db, request, key);
  const hint = signedInHint(cookie, user !== null);
  if (hint) perRequestCookies.set(key, [...(perRequestCookies.get(key) ?? []), hint]);
  return user;
}

/**
 * The hint cookie of app/features/accounts/personal.ts, set while a session is good and cleared
 * as soon as a request finds none (signed out, expired, banned): its Set-Cookie, when it must change.
 */
function signedInHint(cookieHeader: string, signedIn: boolean): string | null {
  const has = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`).test(cookieHeader);
  if (has === signedIn) return null;
  const attributes = `Path=/; SameSite=Lax${wantsSecureCookies() ? "; Secure" : ""}`;
  return signedIn
    ? `${SIGNED_IN_HINT_COOKIE}=1; Max-Age=${SESSION_TTL_SECONDS}; ${attributes}`
    : `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; ${attributes}`;
}

/**
 * Sessions Better Auth answered from their signed cookie cache in the last few seconds, by the Cookie
 * header that carried them (issue 34: checking the cookie's signature was a fifth of a signed-in
 * request's time). Only an answer that set no cookie is kept (one that read the session row or
 * renewed the cache is not), so a session is trusted for at most SESSION_CACHE_SECONDS plus these
 * seconds, and another Cookie header (a sign-out, a new cache) is looked up afresh.
 */
const recentSessions = new Map<string, { user: SessionUser | null; lastActiveAt: number; until: number }>();
const RECENT_SESSION_MS = 5_000;
const RECENT_SESSIONS_MAX = 10_000;

async function findUser(db: Db, request: Request, key: object): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie") ?? "";
  const now = Date.now();
  let found = recentSessions.get(cookie);
  if (!found || found.until <= now) {
    found = undefined;
    const auth = await getAuth(db);
    const result = await auth.api.getSession({ headers: authHeaders(request), returnHeaders: true }).catch(() => null);
    const setCookies = result?.headers.getSetCookie() ?? [];
    if (setCookies.length > 0) perRequestCookies.set(key, setCookies);
    const session = result?.response;
    if (!session) return null;
    const u = session.user as typeof session.user & { role?: string; isPrimary?: boolean; lastActiveAt?: Date | null };
    const role = ROLES.includes(u.role as Role) ? (u.role as Role) : "guest";
    const user = u.banned ? null : { id: u.id, name: u.name, email: u.email, role, isPrimary: Boolean(u.isPrimary) };
    found = {
      user,
      lastActiveAt: u.lastActiveAt ? new Date(u.lastActiveAt).getTime() : 0,
      until: now + RECENT_SESSION_MS,
    };
    if (setCookies.length === 0) {
      if (recentSessions.size >= RECENT_SESSIONS_MAX) recentSessions.clear();
      recentSessions.set(cookie, found);
    }
  }
  const user = found.user;
  if (!user) return null;
  const last = Math.max(found.lastActiveAt, touched.get(user.id) ?? 0);
  if (now - last > ACTIVITY_RESOLUTION_MS) {
    await touchLastActive(db, user.id);
    if (touched.size >= TOUCHED_MAX) touched.clear();
    touched.set(user.id, now);
  }
  return { ...user };
}

/**
 * The Set-Cookie values the session lookup of this request produced: the root loader sends them
 * with the page (React Router merges a loader's Set-Cookie into the response), so the browser's
 * session cache and session cookie are renewed, or removed once the session is gone.
 */
export function sessionCookies(request: Request, context?: unknown): string[] {
  return perRequestCookies.get(sessionKey(request, context)) ?? [];
}

const sessionKey = (request: Request, context: unknown): object =>
  typeof context === "object" && context !== null ? context : request;

async function touchLastActive(db: DbOrTx, userId: string) {
  const cutoff = new Date(Date.now() - ACTIVITY_RESOLUTION_MS);
  await db
    .update(users)
    .set({ lastActiveAt: new Date() })
    .where(and(eq(users.id, userId), or(isNull(users.lastActiveAt), lt(users.lastActiveAt, cutoff))));
}

/** The signed-in user, or null. Pass the loader's `context` to share one lookup across the request's loaders. */
export function getOptionalUser(db: Db, request: Request, context?: unknown): Promise<SessionUser | null> {
  const key = sessionKey(request, context);
  let pending = perRequest.get(key);
  if (!pending) {
    pending = lookUp(db, request, key);
    perRequest.set(key, pending);
  }
  return pending;
}

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.delete("_routes"); // single-fetch bookkeeping, not part of the page address
  const search = params.toString();
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  const back = `${pathname}${search ? `?${search}` : ""}`;
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/**
 * For the pages of a visitor who is not signed in (/login, /signup): the page's checked
 * `redirectTo`, or a redirect there at once when somebody is already signed in.
 */
export async function requireGuest(db: Db, request: Request): Promise<{ redirectTo: string }> {
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(db, request)) throw redirect(redirectTo);
  return { redirectTo };
}

/** Signed-in user, or a redirect to /login that returns here. */
export async function requireUser(db: Db, request: Request, context?: unknown): Promise<SessionUser> {
  const user = await getOptionalUser(db, request, context);
  if (!user) throw loginRedirect(request);
  return user;
}

export const FORBIDDEN_MESSAGE = "You do not have access to this page.";

/** Admin, or /login for anonymous visitors and 403 for everyone else. */
export async function requireAdmin(db: Db, request: Request, context?: unknown): Promise<SessionUser> {
  const user = await requireUser(db, request, context);
  if (user.role !== "admin") throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  return user;
}
