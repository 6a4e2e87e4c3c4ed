/**
 * What every loader, action and middleware of a request receives in React Router's context
 * (`v8_middleware`): the database, the client's address and the request's user. server/app.ts
 * `getLoadContext` makes it with `createRequestContext` once per request; tests make theirs the same way
 * (tests/helpers/route.ts `routeContext`).
 *
 * - `context.get(dbContext)`: the database, for loaders, actions and middleware (server start and scripts
 *   open it with getDb).
 * - `context.get(clientIpContext)`: the socket address, or X-Forwarded-For when TRUST_PROXY=1 (rate limits).
 * - `optionalUser(context, request)`: the signed-in user or null, looked up the first time anything
 *   of the request asks (an anonymous page, a media file or robots.txt never pays a session lookup),
 *   then shared by every loader, action and middleware of the request.
 * - `context.get(userContext)`: the signed-in user under a layout whose middleware requires one
 *   (`requireUserMiddleware`, `requireAdminMiddleware` in ./middleware.server.ts): set by that
 *   middleware; reading it anywhere else throws, so a route moved out of its guarded layout fails
 *   loudly instead of answering unguarded.
 */
import { createContext, RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import { getOptionalUser, type SessionUser } from "./guards.server";

export const dbContext = createContext<Db>();

export const clientIpContext = createContext<string | undefined>(undefined);

/** The request's user, looked up on the first call (the lookup is memoised per request by guards.server.ts). */
type UserLookup = (request: Request) => Promise<SessionUser | null>;
const userLookupContext = createContext<UserLookup>();

/** The signed-in user, set by the middleware of a guarded layout. */
export const userContext = createContext<SessionUser>();

/** A reader of the request context, as loaders, actions and middleware receive it. */
export type RequestContext = Readonly<RouterContextProvider>;

export function createRequestContext({ db, clientIp }: { db: Db; clientIp?: string }): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  context.set(clientIpContext, clientIp || undefined);
  context.set(userLookupContext, (request) => getOptionalUser(db, request, context));
  return context;
}

/** The signed-in user, or null; one session lookup per request, whoever asks first. */
export function optionalUser(context: RequestContext, request: Request): Promise<SessionUser | null> {
  return context.get(userLookupContext)(request);
}
