import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, cartItems, emailOutbox, settings, users, verifications } from "~/db/schema";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { EMAIL_TAKEN, LOGIN_FAILED, RESET_REQUESTED, RESET_TOKEN_INVALID } from "~/features/accounts/messages";
import { REDACTED } from "~/platform/email/email.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account/account";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as loginAction, loader as loginLoader } from "~/routes/auth/login";
import { action as logoutAction } from "~/routes/auth/logout";
import { action as resetAction, loader as resetLoader } from "~/routes/auth/reset-password";
import { action as signupAction, loader as signupLoader } from "~/routes/auth/signup";
import { cookieFor, cookieHeaderFrom, createTestUser, TEST_PASSWORD } from "../helpers/auth";
import { createProduct, removeSampleReviewers } from "../helpers/factories";
import { callAction } from "../helpers/form";
import { callLoader, flashOf, makeRequest, routeCall, thrownStatus } from "../helpers/route";
import { afterSessionCacheLifetime, withoutSessionCache } from "../helpers/session-cache";
import { useSmtpSink } from "../helpers/smtp-sink";

type FormData = { fieldErrors?: Record<string, string>; formError?: string };

async function userByEmail(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

async function whoIs(cookie: string) {
  return getOptionalUser(await getDb(), makeRequest("/", { headers: { cookie } }));
}

async function lastEmailTo(to: string) {
  const db = await getDb();
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id));
  return row;
}

function tokenFrom(text: string) {
  const match = text.match(/https?:\/\/\S+\/reset-password\?token=([\w-]+)/);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[1]!;
}

describe("sign up", () => {
  it("creates a student, signs them in, sends the welcome email and logs the event", async () => {
    const res = await callAction(signupAction, "/signup", {
      name: "  Riya Sharma ",
      email: "Riya@Example.com",
      password: "sharp-pencil-42",
      redirectTo: "/courses",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/courses");
    const cookie = cookieHeaderFrom(res.headers);
    expect(res.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    expect(res.headers.getSetCookie().join()).toMatch(/SameSite=Lax/i);
    expect(await whoIs(cookie)).toMatchObject({ name: "Riya Sharma", email: "riya@example.com", role: "student" });
    const welcome = await lastEmailTo("riya@example.com");
    expect(welcome?.subject).toBe("Welcome to Commerce Academy");
    const db = await getDb();
    const events = await db.select().from(auditLog).where(eq(auditLog.type, "Sign-up"));
    expect(events).toHaveLength(1);
  });

  it("takes the role from the default access level setting, never admin", async () => {
    const db = await getDb();
    await db.update(settings).set({ defaultAccessLevel: "instructor" });
    await callAction(signupAction, "/signup", { name: "Ina", email: "ina@example.com", password: "long-enough-1" });
    expect((await userByEmail("ina@example.com"))?.role).toBe("instructor");
    await db.update(settings).set({ defaultAccessLevel: "admin" });
    await callAction(signupAction, "/signup", { name: "Sly", email: "sly@example.com", password: "long-enough-1" });
    expect((await userByEmail("sly@example.com"))?.role).toBe("student");
  });

  it("refuses a duplicate email (any case) without creating a second account", async () => {
    await removeSampleReviewers(); // the seed's sample reviewers are accounts too: count only the ones made here
    await createTestUser({ email: "taken@example.com" });
    const res = await callAction<FormData>(signupAction, "/signup", {
      name: "Other",
      email: "TAKEN@example.com",
      password: "another-pass-1",
    });
    expect(res.status).toBe(400);
    expect(res.data?.fieldErrors?.email).toBe(EMAIL_TAKEN);
    expect(res.headers.getSetCookie()).toEqual([]);
    const db = await getDb();
    const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it("explains a short password, a malformed email and a missing name next to the fields", async () => {
    const res = await callAction<FormData>(signupAction, "/signup", {
      name: "",
      email: "not-an-email",
      password: "short",
    });
    expect(res.status).toBe(400);
    expect(res.data?.fieldErrors).toEqual({
      name: "Enter your full name.",
      email: "Enter a valid email address, like name@example.com.",
      password: "Use at least 8 characters.",
    });
    expect(await userByEmail("not-an-email")).toBeUndefined();
  });

  it("limits sign-ups per IP address", async () => {
    for (let i = 0; i < 10; i++) {
      await callAction(
        signupAction,
        "/signup",
        { name: "N", email: `n${i}@example.com`, password: "long-enough-1" },
        {
          clientIp: "192.0.2.50",
        },
      );
    }
    const blocked = await callAction<FormData>(
      signupAction,
      "/signup",
      { name: "N", email: "late@example.com", password: "long-enough-1" },
      { clientIp: "192.0.2.50" },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.data?.formError).toMatch(/Too many attempts/);
    expect(await userByEmail("late@example.com")).toBeUndefined();
  });

  it("merges the guest cart sent from localStorage", async () => {
    const course = await createProduct({ status: "published", title: "Guest cart course" });
    const res = await callAction(signupAction, "/signup", {
      name: "Cart Person",
      email: "cart@example.com",
      password: "long-enough-1",
      guestCart: course.id.toString(),
    });
    expect(res.status).toBe(302);
    const user = await userByEmail("cart@example.com");
    const db = await getDb();
    const rows = await db.select().from(cartItems).where(eq(cartItems.userId, user!.id));
    expect(rows.map((r) => r.productId)).toEqual([course.id]);
  });
});

describe("log in", () => {
  it("signs in and returns to a same-site path only", async () => {
    const user = await createTestUser({ email: "lena@example.com" });
    const ok = await callAction(loginAction, "/login", {
      email: "Lena@example.com",
      password: user.password,
      redirectTo: "/admin?tab=1",
    });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/admin?tab=1");
    expect((await whoIs(cookieHeaderFrom(ok.headers)))?.id).toBe(user.id);

    for (const evil of ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const res = await callAction(loginAction, "/login", {
        email: user.email,
        password: user.password,
        redirectTo: evil,
      });
      expect(res.location).toBe("/");
    }
  });

  it("says the same for a wrong password and an unknown email", async () => {
    const user = await createTestUser();
    const wrong = await callAction<FormData>(loginAction, "/login", { email: user.email, password: "wrong-password" });
    const unknown = await callAction<FormData>(loginAction, "/login", { email: "nobody@example.com", password: "x" });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.data?.formError).toBe(LOGIN_FAILED);
    expect(unknown.data?.formError).toBe(LOGIN_FAILED);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it("validates the fields", async () => {
    const res = await callAction<FormData>(loginAction, "/login", { email: "", password: "" });
    expect(res.status).toBe(400);
    expect(res.data?.fieldErrors).toMatchObject({
      email: "Enter your email address.",
      password: "Enter your password.",
    });
  });

  it("locks an email after 5 failures, even for the right password, with a clear message", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 5; i++) {
      const res = await callAction(
        loginAction,
        "/login",
        { email: user.email, password: `bad-${i}` },
        { clientIp: `10.0.0.${i}` },
      );
      expect(res.status).toBe(400);
    }
    const blocked = await callAction<FormData>(
      loginAction,
      "/login",
      { email: user.email, password: user.password },
      {
        clientIp: "10.0.0.99",
      },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.data?.formError).toMatch(/^Too many attempts\. Please wait 15 minutes and try again\.$/);
    expect(blocked.headers.getSetCookie()).toEqual([]);
  });

  it("limits failures per IP address across emails", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 20; i++) {
      await callAction(
        loginAction,
        "/login",
        { email: `guess${i}@example.com`, password: "x" },
        { clientIp: "203.0.113.7" },
      );
    }
    const blocked = await callAction<FormData>(
      loginAction,
      "/login",
      { email: user.email, password: user.password },
      {
        clientIp: "203.0.113.7",
      },
    );
    expect(blocked.status).toBe(429);
    const elsewhere = await callAction(
      loginAction,
      "/login",
      { email: user.email, password: user.password },
      {
        clientIp: "198.51.100.1",
      },
    );
    expect(elsewhere.status).toBe(302);
  });

  it("the login and sign-up pages send a signed-in visitor on", async () => {
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    for (const [loader, path] of [
      [loginLoader, "/login"],
      [signupLoader, "/signup"],
    ] as const) {
      const status = await thrownStatus(() =>
        routeCall(loader, {
          request: makeRequest(`${path}?redirectTo=/account`, { headers: { cookie } }),
          params: {},
          context: {},
        } as never),
      );
      expect(status, path).toBe(302);
      const data = await callLoader(loader, `${path}?redirectTo=%2F%2Fevil.example`);
      expect(data.redirectTo, path).toBe("/");
    }
  });
});

describe("log out", () => {
  it("ends the session on the server and clears the cookie", async () => {
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    expect(await whoIs(cookie)).not.toBeNull();
    const res = await callAction(logoutAction, "/logout", {}, { cookie });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    expect(res.headers.getSetCookie().join()).toMatch(/ca\.session_token=;/);
    expect(res.headers.getSetCookie().join()).toMatch(/ca\.session_data=;/);
    // The session row is gone: the session cookie alone signs no one in, and a kept copy of the
    // signed session cache stops working within its lifetime (the documented trade, ADR 0011).
    expect(await whoIs(withoutSessionCache(cookie))).toBeNull();
    expect(await afterSessionCacheLifetime(() => whoIs(cookie))).toBeNull();
  });
});

describe("password reset", () => {
  // The link goes out through SMTP only (here a local sink); the outbox keeps the message without it.
  const smtp = useSmtpSink();

  it("emails a one-time link that sets a new password, and signs other sessions out", async () => {
    const user = await createTestUser({ email: "forgetful@example.com" });
    const oldSession = await cookieFor(user);
    const asked = await callAction<FormData>(forgotAction, "/forgot-password", { email: "Forgetful@example.com" });
    expect(asked.status).toBe(302);
    expect(asked.location).toBe("/forgot-password");
    expect(await flashOf(asked.headers)).toBe(RESET_REQUESTED);
    const mail = smtp.lastTo(user.email);
    expect(mail?.subject).toBe("Reset your Commerce Academy password");
    const token = tokenFrom(mail!.text);
    expect((await callLoader(resetLoader, `/reset-password?token=${token}`)).usable).toBe(true);
    const stored = await lastEmailTo(user.email);
    expect(stored?.subject).toBe("Reset your Commerce Academy password");
    expect(stored?.sentAt).not.toBeNull();
    expect(stored?.text).not.toContain(token);
    expect(stored?.text).toContain(REDACTED);

    const mismatch = await callAction<FormData>(resetAction, "/reset-password", {
      token,
      password: "brand-new-pass",
      confirmPassword: "different-pass",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.data?.fieldErrors?.confirmPassword).toBe("The passwords do not match.");

    const done = await callAction(resetAction, "/reset-password", {
      token,
      password: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/login");
    expect(await flashOf(done.headers)).toBe("Your password has been changed. Log in with your new password.");
    expect(await whoIs(withoutSessionCache(oldSession))).toBeNull();
    expect(await afterSessionCacheLifetime(() => whoIs(oldSession))).toBeNull();
    const oldLogin = await callAction(loginAction, "/login", { email: user.email, password: TEST_PASSWORD });
    expect(oldLogin.status).toBe(400);
    const newLogin = await callAction(loginAction, "/login", { email: user.email, password: "brand-new-pass" });
    expect(newLogin.status).toBe(302);

    // The link works once.
    const again = await callAction<FormData>(resetAction, "/reset-password", {
      token,
      password: "third-password",
      confirmPassword: "third-password",
    });
    expect(again.status).toBe(400);
    expect(again.data?.formError).toBe(RESET_TOKEN_INVALID);
    expect((await callLoader(resetLoader, `/reset-password?token=${token}`)).usable).toBe(false);
  });

  it("refuses an expired link", async () => {
    const user = await createTestUser();
    await callAction(forgotAction, "/forgot-password", { email: user.email });
    const token = tokenFrom(smtp.lastTo(user.email)!.text);
    const db = await getDb();
    await db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await callLoader(resetLoader, `/reset-password?token=${token}`)).usable).toBe(false);
    const res = await callAction<FormData>(resetAction, "/reset-password", {
      token,
      password: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    });
    expect(res.status).toBe(400);
    expect(res.data?.formError).toBe(RESET_TOKEN_INVALID);
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const res = await callAction<FormData>(forgotAction, "/forgot-password", { email: "ghost@example.com" });
    expect(res.status).toBe(302);
    expect(await flashOf(res.headers)).toBe(RESET_REQUESTED);
    expect(await lastEmailTo("ghost@example.com")).toBeUndefined();
    expect(smtp.lastTo("ghost@example.com")).toBeUndefined();
  });

  it("limits reset requests per email", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 3; i++) await callAction(forgotAction, "/forgot-password", { email: user.email });
    const res = await callAction<FormData>(forgotAction, "/forgot-password", { email: user.email });
    expect(res.status).toBe(429);
    expect(res.data?.formError).toMatch(/Too many attempts/);
  });

  it("rejects a malformed email", async () => {
    const res = await callAction<FormData>(forgotAction, "/forgot-password", { email: "nope" });
    expect(res.status).toBe(400);
    expect(res.data?.fieldErrors?.email).toMatch(/valid email/);
  });
});

describe("account page", () => {
  it("needs a signed-in user", async () => {
    expect(await thrownStatus(() => callLoader(accountLoader, "/account"))).toBe(302);
    expect(
      (await callAction(accountAction, "/account", { intent: "profile", name: "x", email: "x@example.com" })).status,
    ).toBe(302);
  });

  it("updates the name, and the email with the current password, refusing an email another account uses", async () => {
    const other = await createTestUser({ email: "other@example.com" });
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    const profile = (fields: Record<string, string>) =>
      callAction<FormData>(accountAction, "/account", { intent: "profile", ...fields }, { cookie });

    const clash = await profile({ name: "New Name", email: other.email, currentPassword: user.password });
    expect(clash.status).toBe(400);
    expect(clash.data?.fieldErrors?.email).toMatch(/already used/);

    const wrongPassword = await profile({ name: "New Name", email: "new@example.com", currentPassword: "wrong-one" });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.data?.fieldErrors?.currentPassword).toBe("Enter your current password to change your email.");
    const noPassword = await profile({ name: "New Name", email: "new@example.com" });
    expect(noPassword.status).toBe(400);
    expect(await userByEmail("new@example.com")).toBeUndefined();

    const nameOnly = await profile({ name: "Only Name", email: user.email });
    expect(nameOnly.location).toBe("/account");
    expect(await flashOf(nameOnly.headers)).toBe("Your profile has been saved.");
    expect((await userByEmail(user.email))?.name).toBe("Only Name");

    const ok = await profile({ name: "New Name", email: "New@Example.com", currentPassword: user.password });
    expect(ok.location).toBe("/account");
    expect(await flashOf(ok.headers)).toBe("Your profile has been saved.");
    expect(await userByEmail("new@example.com")).toMatchObject({ id: user.id, name: "New Name" });
  });

  it("edits the state asked at checkout (the GST place of supply), refusing a code that is no state", async () => {
    const user = await createTestUser({ stateCode: null });
    const cookie = await cookieFor(user);
    const profile = (fields: Record<string, string>) =>
      callAction<FormData>(
        accountAction,
        "/account",
        { intent: "profile", name: user.name, email: user.email, ...fields },
        { cookie },
      );
    const bad = await profile({ state: "99" });
    expect(bad.status).toBe(400);
    expect(bad.data?.fieldErrors?.state).toMatch(/Choose your state or union territory/);
    expect((await userByEmail(user.email))?.stateCode).toBeNull();
    expect((await profile({ state: "33" })).location).toBe("/account");
    expect((await userByEmail(user.email))?.stateCode).toBe("33");
    // Left empty: unchanged.
    expect((await profile({ state: "" })).location).toBe("/account");
    expect((await userByEmail(user.email))?.stateCode).toBe("33");
    const loaded = await routeCall(accountLoader, {
      request: makeRequest("/account", { headers: { cookie } }),
      params: {},
      context: {},
    } as never);
    expect(loaded.account.stateCode).toBe("33");
  });

  it("changes the password only with the current one", async () => {
    const user = await createTestUser();
    const cookie = await cookieFor(user);
    const wrong = await callAction<FormData>(
      accountAction,
      "/account",
      {
        intent: "password",
        currentPassword: "nope-nope",
        newPassword: "fresh-password",
        confirmPassword: "fresh-password",
      },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data?.fieldErrors?.currentPassword).toMatch(/not correct/);
    const short = await callAction<FormData>(
      accountAction,
      "/account",
      { intent: "password", currentPassword: user.password, newPassword: "short", confirmPassword: "short" },
      { cookie },
    );
    expect(short.data?.fieldErrors?.newPassword).toBe("Use at least 8 characters.");
    const ok = await callAction(
      accountAction,
      "/account",
      {
        intent: "password",
        currentPassword: user.password,
        newPassword: "fresh-password",
        confirmPassword: "fresh-password",
      },
      { cookie },
    );
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/account");
    expect(await flashOf(ok.headers)).toBe("Your password has been changed. Other devices have been signed out.");
    const login = await callAction(loginAction, "/login", { email: user.email, password: "fresh-password" });
    expect(login.status).toBe(302);
  });
});
