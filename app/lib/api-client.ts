/**
 * The one browser client of the app's JSON endpoints (/api/*, the admin's video panel): `apiFetch`
 * answers the body's JSON or throws an `ApiError`: the server's `{ message }` (or a form refusal's
 * `formError`) and the status, 0 when no answer came (offline, aborted). Kept tiny: every public
 * page loads it.
 */
export type ApiError = Error & { status: number };

export async function apiFetch<T = unknown>(
  url: string,
  init?: RequestInit & { headers?: Record<string, string> },
  fetchImpl = fetch,
): Promise<T> {
  let status = 0;
  let body: { message?: string; formError?: string } | undefined;
  try {
    const response = await fetchImpl(url, { ...init, headers: { Accept: "application/json", ...init?.headers } });
    status = response.status;
    body = await response.json();
    if (response.ok) return body as T;
  } catch {
    // no answer, or one that is not JSON: said below
  }
  const message =
    body?.message ?? body?.formError ?? (status ? `The server answered ${status}.` : "Could not reach the server.");
  throw Object.assign(new Error(message), { status }) as ApiError;
}
