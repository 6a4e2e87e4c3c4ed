/**
 * The guards of the admin and account layouts as React Router middleware (app/routes.ts): they run
 * before any loader or action of the routes under the layout, pages and resource routes (CSV, PDF)
 * alike, with the same refusals as `requireUser`/`requireAdmin`, and hand the routes the user
 * in `context.get(userContext)`. A route under one of them checks only what is finer (the primary
 * admin, the owner of an order).
 */
import { data, type MiddlewareFunction } from "react-router";
import { optionalUser, userContext } from "./context.server";
import { FORBIDDEN_MESSAGE, loginRedirect } from "./guards.server";

/** Signed in, or a redirect to /login that returns here. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const user = await optionalUser(context, request);
  if (!user) throw loginRedirect(request);
  context.set(userContext, user);
};

/** An admin; /login for anonymous visitors and 403 for everyone else. */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const user = await optionalUser(context, request);
  if (!user) throw loginRedirect(request);
  if (user.role !== "admin") throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  context.set(userContext, user);
};
