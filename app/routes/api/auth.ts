/** Better Auth's own HTTP endpoints under /api/auth/* (rate-limited per IP in the shared database). */
import { getDb } from "~/db/client.server";
import { CLIENT_IP_HEADER, getAuth } from "~/features/accounts/auth.server";
import { clientIpOf } from "~/lib/load-context";
import type { Route } from "./+types/auth";

async function handle(request: Request, context: unknown) {
  const auth = await getAuth(await getDb());
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER); // only our server may say who the client is
  const ip = clientIpOf(context);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
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
