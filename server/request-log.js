// How each request is logged (pino-http options for server.js), so that a start log and a busy log
// stay readable:
// - static files (hashed build assets, images, fonts, icons) are logged at debug, not info: a page
//   view is one line, not twenty;
// - a planned 503 (maintenance mode or a database outage, both sent with Retry-After) is a warning
//   with no error object: pino-http otherwise makes up an Error with a stack for every 5xx;
// - any other 5xx, or a request that failed with an error, is an error with its stack;
// - other 4xx answers are warnings, the rest info;
// - each request has an id (the proxy's X-Request-Id when it sends a sane one, else a new UUID), sent
//   back as X-Request-Id and carried by its log lines, so one request can be followed end to end.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * The request being answered, for the app's own log lines (app/lib/log.server.ts reads the same
 * instance under the same global symbol: the server build bundles its own copy of that module).
 */
const SCOPE = Symbol.for("commerce-academy.request-scope");
globalThis[SCOPE] ??= new AsyncLocalStorage();
export const requestScope = globalThis[SCOPE];

/** Files served from build/client: build assets and the public folder's images, fonts and icons. */
const STATIC_PATH =
  /^\/(assets|images|fonts)\/|^\/[\w.-]+\.(ico|png|svg|jpg|jpeg|webp|avif|woff2?|txt|xml|webmanifest|json)$/i;

export function isStaticRequest(req) {
  // Inside `app.use("/assets", …)` Express strips the mount from req.url: originalUrl keeps it.
  return STATIC_PATH.test((req.originalUrl ?? req.url ?? "").split("?")[0]);
}

/** A 503 the app meant to send: maintenance mode or a database outage, both with Retry-After. */
export function isPlannedUnavailable(res) {
  return res.statusCode === 503 && res.getHeader("Retry-After") !== undefined && !res.err;
}

export function requestLogLevel(req, res, err) {
  if (err) return "error";
  if (isPlannedUnavailable(res)) return "warn";
  if (res.statusCode >= 500) return "error";
  if (res.statusCode >= 400) return "warn";
  return isStaticRequest(req) ? "debug" : "info";
}

const SANE_ID = /^[\w.:-]{1,64}$/;

/** The request's id (kept on it once made), also set as the answer's X-Request-Id. */
export function requestId(req, res) {
  if (req.id) return req.id;
  const given = req.headers["x-request-id"];
  const id = typeof given === "string" && SANE_ID.test(given) ? given : randomUUID();
  req.id = id;
  if (!res.headersSent) res.setHeader("X-Request-Id", id);
  return id;
}

const UNLOGGED = new Set(["/healthz", "/readyz", "/metrics"]);

export const requestLogOptions = {
  genReqId: requestId,
  autoLogging: { ignore: (req) => UNLOGGED.has(req.url) },
  customLogLevel: requestLogLevel,
  // The made-up "failed with status code 503" Error of a planned 503 is left out: no stack trace.
  customErrorObject: (_req, res, _error, value) => (isPlannedUnavailable(res) ? { ...value, err: undefined } : value),
  customErrorMessage: (_req, res, error) =>
    isPlannedUnavailable(res)
      ? "request answered 503: unavailable for now (planned)"
      : `request errored: ${error.message}`,
  serializers: {
    req: (req) => ({ id: req.id, method: req.method, url: req.url }),
    res: (res) => ({ statusCode: res.statusCode }),
  },
};
