/**
 * Regression tests for what the third outside probe (issue 31) found: each failed before its fix.
 * Bursts are bounded and run in this process (no network beyond 127.0.0.1).
 */
import { eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { emailOutbox, reviewReports, reviews, verifications } from "~/db/schema";
import { getAuth } from "~/features/accounts/auth.server";
import { LOGIN_FAILED, RESET_TOKEN_INVALID } from "~/features/accounts/messages";
import { REPORTS_PER_ACCOUNT } from "~/features/accounts/rate-limit.server";
import { listNotifications } from "~/features/admin/notifications.server";
import { reportReview } from "~/features/reviews/reviews.server";
import { FORM_MAX_FIELDS, TOO_MANY_FIELDS } from "~/lib/form.server";
import { REDACTED } from "~/platform/email/email.server";
import * as inboxRoute from "~/routes/admin/inbox";
import * as authApi from "~/routes/api/auth";
import * as forgotRoute from "~/routes/auth/forgot-password";
import * as loginRoute from "~/routes/auth/login";
import * as resetRoute from "~/routes/auth/reset-password";
import * as signupRoute from "~/routes/auth/signup";
import * as checkoutRoute from "~/routes/store/checkout";
import * as contactRoute from "~/routes/store/contact";
import { cookieFor, createTestUser } from "../helpers/auth";
import { callAction } from "../helpers/form";
import { invoke } from "../helpers/hostile";
import { makeRequest, routeCall } from "../helpers/route";
import { useSmtpSink } from "../helpers/smtp-sink";

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

describe("2. no admin can read another account's reset link", () => {
  /** The owner, a secondary admin, and a reset of the owner's password asked for by the secondary admin. */
  async function takeoverAttempt() {
    const owner = await createTestUser({ role: "admin", isPrimary: true, email: `owner-${Date.now()}@example.com` });
    const staff = await createTestUser({ role: "admin" });
    const asked = await callAction(forgotRoute.action, "/forgot-password", { email: owner.email });
    expect(asked.status).toBe(302);
    const db = await getDb();
    const tokens = (await db.select().from(verifications).where(like(verifications.identifier, "reset-password:%")))
      .filter((v) => v.value === owner.id)
      .map((v) => v.identifier.slice("reset-password:".length));
    expect(tokens).toHaveLength(1);
    // Everything the secondary admin's inbox page (messages and the email outbox) hands them.
    const inbox = await routeCall(inboxRoute.loader, {
      request: makeRequest("/admin/inbox", { headers: { cookie: await cookieFor(staff) } }),
      params: {},
      context: {},
    } as never);
    const page = JSON.stringify(inbox);
    return { owner, token: tokens[0]!, page };
  }

  async function tryEveryLinkOn(page: string) {
    const found = [...page.matchAll(/reset-password\?token=([\w-]+)/g)].map((m) => m[1]!);
    for (const token of found) {
      const used = await callAction(resetRoute.action, "/reset-password", {
        token,
        password: "taken-over-password",
        confirmPassword: "taken-over-password",
      });
      expect(used.status).toBe(400);
    }
    return found;
  }

  it("without SMTP (a fresh install) the outbox keeps the reset email without its link", async () => {
    const { owner, token, page } = await takeoverAttempt();
    expect(page).toContain("Reset your Commerce Academy password");
    expect(page).not.toContain(token);
    expect(page).toContain(REDACTED);
    expect(await tryEveryLinkOn(page)).toEqual([]);
    const [stored] = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.to, owner.email));
    expect(stored?.text).not.toContain(token);
    // The owner's password still works: nothing was taken over.
    expect(
      (await callAction(loginRoute.action, "/login", { email: owner.email, password: owner.password })).status,
    ).toBe(302);
  });

  describe("with SMTP", () => {
    const smtp = useSmtpSink();

    it("the link reaches only the owner's mailbox; the outbox copy an admin reads has none", async () => {
      const { owner, token, page } = await takeoverAttempt();
      expect(smtp.lastTo(owner.email)?.text).toContain(`/reset-password?token=${token}`);
      expect(page).not.toContain(token);
      expect(await tryEveryLinkOn(page)).toEqual([]);
      // A guessed or altered token is refused like any unknown one. The last character is changed, never
      // kept: a token that already ends in the replacement would be the real one.
      const guessed = await callAction<{ formError?: string }>(resetRoute.action, "/reset-password", {
        token: `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`,
        password: "taken-over-password",
        confirmPassword: "taken-over-password",
      });
      expect(guessed.data?.formError).toBe(RESET_TOKEN_INVALID);
    });
  });
});

describe("3. a form is read within limits and a refusal echoes only the form's own fields", () => {
  /** The probe's body: 1 MB of `a=1&…` (~120,000 fields), streamed, counting the bytes the server reads. */
  function megabyteOfFields(path: string) {
    const chunk = new TextEncoder().encode("a=1&".repeat(4096));
    const total = 1_000_000;
    const meter = { pulled: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (meter.pulled >= total) return controller.close();
        const part = chunk.subarray(0, Math.min(chunk.length, total - meter.pulled));
        meter.pulled += part.length;
        controller.enqueue(part);
      },
    });
    const request = new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body,
      duplex: "half",
    } as RequestInit);
    return { request, meter, total };
  }

  it("/login, /signup, /contact and /forgot-password answer the 1 MB, 120,000-field form with a small 400", async () => {
    for (const [path, route] of [
      ["/login", loginRoute],
      ["/signup", signupRoute],
      ["/contact", contactRoute],
      ["/forgot-password", forgotRoute],
    ] as const) {
      const { request, meter, total } = megabyteOfFields(path);
      const answer = await invoke(route.action as never, request, {}, { clientIp: "203.0.113.50" });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({ message: TOO_MANY_FIELDS });
      expect(JSON.stringify(answer.body).length, path).toBeLessThan(200);
      // The parser never saw the body: reading stopped within the first chunk or two.
      expect(meter.pulled, path).toBeLessThan(total / 10);
    }
  });

  it("a refused log-in sends back the email only: not the password, not the other fields posted", async () => {
    const user = await createTestUser();
    const extra = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, "x".repeat(100)]));
    expect(150).toBeLessThan(FORM_MAX_FIELDS);
    const refused = await callAction<{ values: Record<string, string> }>(loginRoute.action, "/login", {
      ...extra,
      email: user.email,
      password: "wrong-password",
    });
    expect(refused.status).toBe(400);
    expect(refused.data?.values).toEqual({ email: user.email });
    const signup = await callAction<{ values: Record<string, string> }>(signupRoute.action, "/signup", {
      ...extra,
      name: "",
      email: "new@example.com",
      password: "short",
    });
    expect(signup.status).toBe(400);
    expect(signup.data?.values).toEqual({ name: "", email: "new@example.com" });
  });
});

describe("6. review reports are limited per account and fold into one notification per review", () => {
  it("50 reports at once from one account without a purchase: 5 stored, 45 refused with 429", async () => {
    expect(REPORTS_PER_ACCOUNT).toEqual({ windowSeconds: 900, max: 5 });
    const db = await getDb();
    const shown = await db
      .select({ id: reviews.id, productId: reviews.productId })
      .from(reviews)
      .where(eq(reviews.status, "visible"))
      .limit(50);
    expect(shown).toHaveLength(50);
    const reporter = await createTestUser();
    const answers = await Promise.allSettled(shown.map((r) => reportReview(db, reporter.id, r.productId, r.id)));
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(5);
    const refused = answers.filter((a) => a.status === "rejected").map((a) => (a as PromiseRejectedResult).reason);
    expect(refused).toHaveLength(45);
    for (const reason of refused) {
      expect(reason).toMatchObject({ status: 429, message: "Too many reports. Please wait 15 minutes and try again." });
    }
    expect(await db.$count(reviewReports, eq(reviewReports.userId, reporter.id))).toBe(5);
  });

  it("a repeated report counts nothing; three students reporting one review make one notification", async () => {
    const db = await getDb();
    const [target] = await db.select().from(reviews).where(eq(reviews.status, "visible")).limit(1);
    const students = [await createTestUser(), await createTestUser(), await createTestUser()];
    for (const student of students) await reportReview(db, student.id, target!.productId, target!.id);
    for (let i = 0; i < 6; i++) {
      // The same report again is a 409 each time, and does not use up the account's allowance.
      await expect(reportReview(db, students[0]!.id, target!.productId, target!.id)).rejects.toMatchObject({
        status: 409,
      });
    }
    const admin = await createTestUser({ role: "admin" });
    const { items } = await listNotifications(db, admin.id);
    const reports = items.filter((i) => i.kind === "report");
    expect(reports).toHaveLength(1);
    expect(reports[0]!.title).toMatch(/^Review of .+ reported by 3 students$/);
    expect(reports[0]!.id).toBe(`report-${target!.id}`);
  });
});
