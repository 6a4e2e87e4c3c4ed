/** The signed session cache (Better Auth's cookie cache, SESSION_CACHE_SECONDS) in tests. */
import { vi } from "vitest";
import { SESSION_CACHE_SECONDS } from "~/features/accounts/auth.server";

/** The Cookie header without the signed session cache (`ca.session_data`): the server must read the session row. */
export function withoutSessionCache(cookie: string): string {
  return cookie
    .split("; ")
    .filter((pair) => !pair.startsWith("ca.session_data="))
    .join("; ");
}

/** Runs `fn` with the clock moved past the session cache's lifetime. */
export async function afterSessionCacheLifetime<T>(fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + (SESSION_CACHE_SECONDS + 1) * 1000);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
