/**
 * The one error type features throw for a refusal a person can act on, and the one helper routes
 * use to refuse a request. A route never maps a feature's errors by hand: actions hand them to
 * `failureFrom` (app/lib/form.server.ts), loaders to `asResponse` (or let `invariantResponse` throw).
 * A route refuses a method it does not take with `methodNotAllowed`, an id in its path with `paramId`
 * (app/lib/id.ts).
 */
import { data } from "react-router";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * "Refused, and here is why": `status` is the HTTP status the route answers (400, 403, 404, 409,
 * 413, 502…), `message` is shown to the person as it is, `field` names the form field it is about.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly field?: string;
  constructor(status: number, message: string, options: { field?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "HttpError";
    this.status = status;
    this.field = options.field;
  }
}

/** Throws a `{ message }` response with `status` (default 400) unless `condition` holds. */
export function invariantResponse(condition: unknown, message: string, status = 400): asserts condition {
  if (!condition) throw data({ message }, { status, headers: NO_STORE });
}

/** For a loader's `catch`: an HttpError becomes its `{ message }` response; anything else is left as is (a 500). */
export function asResponse(error: unknown): unknown {
  if (error instanceof HttpError) return data({ message: error.message }, { status: error.status, headers: NO_STORE });
  return error;
}

/**
 * The answer to a method a route does not take (`throw methodNotAllowed(["POST"])`): 405 with `Allow`
 * and `{ message: "Use POST." }`.
 */
export function methodNotAllowed(allowed: string[]) {
  return data(
    { message: `Use ${allowed.join(" or ")}.` },
    { status: 405, headers: { ...NO_STORE, Allow: allowed.join(", ") } },
  );
}
