/** Calls a route module's loader or action with a real Request, as React Router would. */
import { type MiddlewareFunction, matchRoutes, type RouterContextProvider } from "react-router";
import { getDbHandle } from "~/db/client.server";
import { createRequestContext } from "~/features/accounts/context.server";
import routes from "~/routes";

type Args = { request: Request; params: Record<string, string | undefined>; context: unknown };
// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;

export function makeRequest(path: string, init?: RequestInit) {
  return new Request(new URL(path, "http://localhost:3000"), init);
}

type RouteEntry = { path?: string; index?: boolean; caseSensitive?: boolean; file: string; children?: RouteEntry[] };
type RouteModule = { middleware?: MiddlewareFunction<Response>[] };
const modules = import.meta.glob<RouteModule>(["../../app/root.tsx", "../../app/routes/**/*.{ts,tsx}"]);
const tree: RouteEntry[] = [{ path: "", file: "root.tsx", children: routes as RouteEntry[] }];

/**
 * The context React Router hands a loader or action of `request` (server/app.ts getLoadContext),
 * after the middleware of every route its path matches in app/routes.ts has run, root first, as on
 * the server: a guarded layout's refusal (a login redirect, a 403) is thrown from here.
 */
export async function routeContext(request: Request, opts: { clientIp?: string } = {}): Promise<RouterContextProvider> {
  const context = createRequestContext({ db: (await getDbHandle()).db, clientIp: opts.clientIp });
  const url = new URL(request.url);
  const matches = matchRoutes(tree as never[], url.pathname.replace(/\.data$/, "")) ?? [];
  const middleware: MiddlewareFunction<Response>[] = [];
  for (const { route, params } of matches) {
    const { file } = route as unknown as RouteEntry;
    const load = modules[`../../app/${file}`];
    if (!load) throw new Error(`routeContext: no module for ${file}`);
    for (const fn of (await load()).middleware ?? []) {
      middleware.push((args, next) => fn({ ...args, params }, next));
    }
  }
  const run = async (i: number): Promise<Response> => {
    const fn = middleware[i];
    if (!fn) return new Response(null);
    let answer: Response | undefined;
    const next = async () => {
      answer = await run(i + 1);
      return answer;
    };
    const value = await fn({ request, context, params: {}, url, pattern: "" } as never, next);
    return (value as Response | undefined) ?? answer ?? next();
  };
  await run(0);
  return context;
}

/**
 * Calls a loader or action as React Router would, with the context of routeContext (a plain
 * `context` in `args`, if any, only names the client's address).
 */
export async function routeCall<T extends (args: never) => unknown>(
  fn: T,
  args: { request: Request; params?: Args["params"]; context?: { clientIp?: string } },
): Promise<Awaited<ReturnType<T>>> {
  const { context, ...rest } = args;
  const routerContext = await routeContext(rest.request, context);
  return (await fn({ params: {}, ...rest, context: routerContext } as never)) as Awaited<ReturnType<T>>;
}

export async function callLoader<T extends Fn>(loader: T, path: string, params: Args["params"] = {}) {
  const request = makeRequest(path);
  return (await loader({ request, params, context: await routeContext(request) })) as Awaited<ReturnType<T>>;
}

/** Runs a loader that is expected to throw a Response or data() error; returns its status. */
export async function thrownStatus(fn: () => unknown): Promise<number> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Response) return error.status;
    if (error && typeof error === "object" && "init" in error) {
      const init = (error as { init?: ResponseInit }).init;
      return init?.status ?? 200;
    }
    throw error;
  }
  throw new Error("expected the loader to throw");
}

/** The one-time success (or error) message a redirect carries (app/lib/flash.server.ts), or null. */
export async function flashOf(response: Response | Headers): Promise<string | null> {
  const { readFlash } = await import("~/lib/flash.server");
  const headers = response instanceof Headers ? response : response.headers;
  const cookie = headers.getSetCookie().find((c) => c.startsWith("ca_flash="));
  if (!cookie) return null;
  const { flash } = await readFlash(makeRequest("/", { headers: { Cookie: cookie.split(";")[0]! } }));
  return flash?.message ?? null;
}
