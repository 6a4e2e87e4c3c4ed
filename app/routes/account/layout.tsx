import { requireUserMiddleware } from "~/features/accounts/middleware.server";
import { privateAnswer } from "~/lib/private-cache.server";
import type { Route } from "./+types/layout";

/**
 * The account pages and their documents (app/routes.ts): every answer is private, and only a
 * signed-in visitor gets past the guard (anybody else goes to /login and comes back). The routes
 * read the user from `context.get(userContext)` and check only what is finer (the order's owner).
 * No component: the children render in place.
 */
export const middleware: Route.MiddlewareFunction[] = [privateAnswer, requireUserMiddleware];
