/**
 * Queries per request, for spotting N+1 patterns (issue 19): with `LOG_QUERY_COUNTS` (on in
 * development), every query Drizzle runs is counted against the request it runs for, and
 * server/app.ts logs the count when the response ends ("GET /my-courses: 4 queries").
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm";

const current = new AsyncLocalStorage<{ queries: number }>();

/** Runs `fn` (a request's handling) with its own counter, which it returns: read it when the request ends. */
export function countQueriesOf(fn: () => void): { readonly queries: number } {
  const counter = { queries: 0 };
  current.run(counter, fn);
  return counter;
}

/** Drizzle's logger hook: one more query for the request in progress, if any. */
export const queryCountLogger: Logger = {
  logQuery() {
    const counter = current.getStore();
    if (counter) counter.queries++;
  },
};
