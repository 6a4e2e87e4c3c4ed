/**
 * Better Auth's own HTTP endpoints under /api/auth/*: only those in AUTH_HTTP_ENDPOINTS (the rest,
 * the admin plugin's included, answer 404), each under the app's rules (auth-hooks.server.ts) and
 * rate-limited per IP in the shared database.
 */
import { getAuth } from "~/features/accounts/auth.server";
import { AUTH_HTTP_ENDPOINTS, CLIENT_IP_HEADER } from "~/features/accounts/auth-hooks.server";
import { clientIpContext, dbContext } from "~/features/accounts/context.server";
import type { Route } from "./+types/auth";

const NOT_FOUND = { message: "Not found." };

async function handle(request: Request, context: Route.LoaderArgs["context"]) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  if (!AUTH_HTTP_ENDPOINTS.has(`${request.method} ${path}`)) {
    return Response.json(NOT_FOUND, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const auth = await getAuth(context.get(dbContext));
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER); // only our server may say who the client is
  headers.set(CLIENT_IP_HEADER, context.get(clientIpContext) || "unknown");
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = await request.arrayBuffer();
  }
  return auth.handler(new Request(request.url, init));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
