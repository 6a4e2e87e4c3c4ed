/**
 * Authorization guards every loader and action calls itself.
 *
 * CONTRACT (shared by all features): the accounts feature (issue 4) implements
 * these on Better Auth sessions. Until then nobody can be signed in, so
 * getOptionalUser answers null and the guards send everyone to /login.
 */
import { data, redirect } from "react-router";

export type Role = "student" | "instructor" | "guest" | "admin";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  isPrimary: boolean;
}

export async function getOptionalUser(_request: Request): Promise<SessionUser | null> {
  return null;
}

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/** Signed-in user, or a redirect to /login that returns here. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Admin, or /login for anonymous visitors and 403 for everyone else. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw data({ message: "You do not have access to this page." }, { status: 403 });
  return user;
}
