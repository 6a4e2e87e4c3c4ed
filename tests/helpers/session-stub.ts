/**
 * Until the accounts feature lands, route tests sign in through this stub of
 * the guard contract: a request carrying `x-test-user-id` is that user.
 * Use with `vi.mock("~/features/accounts/guards.server", () => import("../helpers/session-stub"))`.
 */
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import type { SessionUser } from "~/features/accounts/guards.server";

export type { Role, SessionUser } from "~/features/accounts/guards.server";

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const id = request.headers.get("x-test-user-id");
  if (!id) return null;
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ? { id: user.id, name: user.name, email: user.email, role: user.role, isPrimary: user.isPrimary } : null;
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw data({ message: "You do not have access to this page." }, { status: 403 });
  return user;
}

export function asUser(userId: string, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set("x-test-user-id", userId);
  return { ...init, headers };
}
