/**
 * The app's own log (pino, JSON lines on stdout like server.js's request log). A line written while a
 * request is being answered carries that request's id as `reqId` (the id nginx or Caddy sent as
 * X-Request-Id, or a new one: server/request-log.js), and a line written by a background job carries
 * `reqId: "job:<queue job id>"`, so one id finds a request's every line in both logs.
 *
 * The context is an AsyncLocalStorage kept under a global symbol: server.js (plain JS) and the
 * server build (this module, bundled) share the one instance.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { getEnv } from "./env.server";

interface RequestScope {
  id: string;
}

const key = Symbol.for("commerce-academy.request-scope");
const g = globalThis as typeof globalThis & { [key]?: AsyncLocalStorage<RequestScope> };
g[key] ??= new AsyncLocalStorage<RequestScope>();
const scope = g[key];

/** Runs `fn` with `id` as the request id of every log line it writes (also after awaits). */
export function withRequestId<T>(id: string, fn: () => T): T {
  return scope.run({ id }, fn);
}

/** The id of the request (or job) being handled, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.id;
}

type Line = (fieldsOrMessage: object | string, message?: string) => void;

/** A logger writing to `destination` (stdout by default) whose lines carry the current request id. */
export function createLogger(destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level: getEnv().LOG_LEVEL,
    mixin() {
      const id = currentRequestId();
      return id ? { reqId: id } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

let instance: pino.Logger | undefined;
function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}

const at =
  (level: "error" | "warn" | "info" | "debug"): Line =>
  (fieldsOrMessage, message) =>
    typeof fieldsOrMessage === "string" ? logger()[level](fieldsOrMessage) : logger()[level](fieldsOrMessage, message);

/** `log.warn("message")` or `log.warn({ err: error, orderId }, "message")`. */
export const log = { error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") };
