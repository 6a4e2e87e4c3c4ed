/** Calls a route module's loader or action with a real Request, as React Router would. */
type Args = { request: Request; params: Record<string, string | undefined>; context: unknown };
// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;

export function makeRequest(path: string, init?: RequestInit) {
  return new Request(new URL(path, "http://localhost:3000"), init);
}

export async function callLoader<T extends Fn>(loader: T, path: string, params: Args["params"] = {}) {
  return (await loader({ request: makeRequest(path), params, context: {} })) as Awaited<ReturnType<T>>;
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
