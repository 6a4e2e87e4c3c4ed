/**
 * Regression tests for what the third outside probe (issue 31) found: each failed before its fix.
 * Bursts are bounded and run in this process (no network beyond 127.0.0.1).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getAuth } from "~/features/accounts/auth.server";
import { LOGIN_FAILED } from "~/features/accounts/messages";
import * as authApi from "~/routes/api/auth";
import * as loginRoute from "~/routes/auth/login";
import * as checkoutRoute from "~/routes/store/checkout";
import { createTestUser } from "../helpers/auth";
import { callAction } from "../helpers/form";
import { invoke } from "../helpers/hostile";

const ORIGIN = "http://localhost:3000";

/** POST /api/auth/<path> with a JSON body, as an HTTP client would, from the given address. */
function authPost(path: string, body: unknown, opts: { ip?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", origin: ORIGIN };
  const request = new Request(`${ORIGIN}/api/auth/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  return invoke(authApi.action as never, request, { "*": path }, { clientIp: opts.ip ?? "203.0.113.9" });
}

/** Counts Better Auth's password checks (every log-in path ends in this one function). */
async function countPasswordChecks() {
  const ctx = await (await getAuth(await getDb())).$context;
  const verify = ctx.password.verify;
  const counter = {
    checks: 0,
    restore: () => {
      ctx.password.verify = verify;
    },
  };
  ctx.password.verify = async (input) => {
    counter.checks++;
    return verify(input);
  };
  return counter;
}

describe("1. the per-account lockout holds under simultaneous log-ins, on every path", () => {
  let counter: Awaited<ReturnType<typeof countPasswordChecks>>;
  beforeEach(async () => {
    counter = await countPasswordChecks();
  });
  afterEach(() => counter.restore());

  it("30 simultaneous wrong passwords from 30 addresses over the form, /api/auth and checkout check at most 5", async () => {
    const user = await createTestUser();
    const attempts = Array.from({ length: 30 }, (_, i) => {
      const ip = `198.51.100.${i + 1}`;
      const fields = { email: user.email, password: `wrong-password-${i}` };
      switch (i % 3) {
        case 0:
          return callAction(loginRoute.action, "/login", fields, { clientIp: ip }).then((r) => r.status);
        case 1:
          return authPost("sign-in/email", fields, { ip }).then((r) => r.status);
        default:
          return callAction(checkoutRoute.action, "/checkout", { ...fields, intent: "login" }, { clientIp: ip }).then(
            (r) => r.status,
          );
      }
    });
    const statuses = await Promise.all(attempts);
    expect(counter.checks).toBeLessThanOrEqual(5);
    // Each checked password was wrong (400/401); every other attempt was refused before the check.
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - counter.checks);
    // The right password is refused too until the window passes: the lock held.
    const right = await callAction<{ formError?: string }>(
      loginRoute.action,
      "/login",
      { email: user.email, password: user.password },
      { clientIp: "198.51.100.200" },
    );
    expect(right.status).toBe(429);
    expect(right.data?.formError).toMatch(/^Too many attempts\. Please wait 15 minutes and try again\.$/);
  });

  it("a log-in that succeeds gives its reservation back: four mistakes, then signing in again and again", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 4; i++) {
      const wrong = await callAction<{ formError?: string }>(loginRoute.action, "/login", {
        email: user.email,
        password: "wrong-password",
      });
      expect(wrong.data?.formError).toBe(LOGIN_FAILED);
    }
    for (let i = 0; i < 3; i++) {
      const ok = await callAction(loginRoute.action, "/login", { email: user.email, password: user.password });
      expect(ok.status).toBe(302);
    }
    // The fifth failure still locks the account: successes did not wipe the failures out.
    await callAction(loginRoute.action, "/login", { email: user.email, password: "wrong-password" });
    const locked = await callAction(loginRoute.action, "/login", { email: user.email, password: user.password });
    expect(locked.status).toBe(429);
  });
});
