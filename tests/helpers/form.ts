/** Posts a form (or JSON) to a route module's action, as React Router would, and normalises the answer. */
import { makeRequest, routeContext } from "./route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;

export interface ActionResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  /** The data of a `data()` answer or a plain object (undefined for Responses). */
  data: T | undefined;
  location: string | null;
}

export async function callAction<T = Record<string, unknown>>(
  action: Fn,
  path: string,
  fields: Record<string, string> | unknown[] | Record<string, unknown>,
  opts: { cookie?: string; clientIp?: string; json?: boolean; params?: Record<string, string> } = {},
): Promise<ActionResult<T>> {
  const headers = new Headers();
  if (opts.cookie) headers.set("cookie", opts.cookie);
  let body: BodyInit;
  if (opts.json) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(fields);
  } else {
    body = new URLSearchParams(fields as Record<string, string>);
  }
  const request = makeRequest(path, { method: "POST", headers, body });
  let result: unknown;
  try {
    const context = await routeContext(request, { clientIp: opts.clientIp });
    result = await action({ request, params: opts.params ?? {}, context });
  } catch (thrown) {
    result = thrown;
  }
  return normalise<T>(result);
}

export function normalise<T>(result: unknown): ActionResult<T> {
  if (result instanceof Response) {
    return {
      status: result.status,
      headers: result.headers,
      data: undefined,
      location: result.headers.get("location"),
    };
  }
  if (
    result &&
    typeof result === "object" &&
    "type" in result &&
    (result as { type: string }).type === "DataWithResponseInit"
  ) {
    const r = result as unknown as { data: T; init?: ResponseInit | null };
    const headers = new Headers(r.init?.headers);
    return { status: r.init?.status ?? 200, headers, data: r.data, location: headers.get("location") };
  }
  if (result instanceof Error) throw result;
  return { status: 200, headers: new Headers(), data: result as T, location: null };
}
