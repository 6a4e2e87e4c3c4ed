import { privateAnswer } from "~/lib/private-cache.server";
import type { Route } from "./+types/personal";

/**
 * Pages and files made for one visitor that a guest may also reach (checkout, my courses, the player,
 * practice tests, downloads: each route guards itself, a guest's checkout included): every answer is
 * private (app/lib/private-cache.server.ts), whatever its status. No component: the children render in place.
 */
export const middleware: Route.MiddlewareFunction[] = [privateAnswer];
