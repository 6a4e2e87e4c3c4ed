/** One focused test per bug the hostile-input properties found (each answered a 500 before its fix). */
import { beforeEach, describe, expect, it } from "vitest";
import { UNREADABLE_FORM } from "~/lib/form.server";
import * as accountRoute from "~/routes/account/account";
import * as couponsRoute from "~/routes/admin/coupons";
import * as courseEditRoute from "~/routes/admin/course-edit";
import * as coursesRoute from "~/routes/admin/courses";
import * as notificationsRoute from "~/routes/admin/notifications";
import * as userRoute from "~/routes/admin/user";
import * as usersRoute from "~/routes/admin/users";
import * as loginRoute from "~/routes/auth/login";
import * as resetRoute from "~/routes/auth/reset-password";
import * as contactRoute from "~/routes/store/contact";
import { cookieFor, createTestUser } from "../helpers/auth";
import { expectRefusalStoresNothing, invoke, requestFor, urlencoded } from "../helpers/hostile";
import { makeRequest } from "../helpers/route";

let adminCookie: string;
beforeEach(async () => {
  adminCookie = await cookieFor(await createTestUser({ role: "admin" }));
});

describe("bugs found by the hostile-input properties", () => {
  it("a JSON body posted to a form action is a 400 with a message, not a 500", async () => {
    const request = makeRequest("/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.com", password: "x" }),
    });
    const { answer } = await expectRefusalStoresNothing("json login", () => invoke(loginRoute.action, request));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: UNREADABLE_FORM });
  });

  it("a NUL byte in a form field is a 400, not a PostgreSQL encoding error", async () => {
    const { answer } = await expectRefusalStoresNothing("nul contact", () =>
      invoke(
        contactRoute.action,
        requestFor("/contact", urlencoded({ name: "A\u0000B", email: "a@example.com", message: "Hi" })),
      ),
    );
    expect(answer.status).toBe(400);
  });

  it("a NUL byte in a reset token is an unusable link, not a 500", async () => {
    const answer = await invoke(resetRoute.loader, makeRequest("/reset-password?token=a%00b"));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ usable: false });
  });

  it("a NUL byte in an admin search is ignored, not a 500", async () => {
    const answer = await invoke(
      usersRoute.loader,
      makeRequest("/admin/users?q=a%00b", { headers: { cookie: adminCookie } }),
    );
    expect(answer.status).toBe(200);
  });

  it("ids beyond PostgreSQL's integer range are refused, not a 500", async () => {
    const big = "2147483648";
    const status = await invoke(
      coursesRoute.action,
      requestFor("/admin/courses", urlencoded({ intent: "status", id: big, status: "draft" }), { cookie: adminCookie }),
    );
    expect(status.status).toBe(400);
    const edit = await invoke(
      courseEditRoute.loader,
      makeRequest(`/admin/courses/${big}`, { headers: { cookie: adminCookie } }),
      {
        id: big,
      },
    );
    expect(edit.status).toBe(404);
    const toggle = await invoke(
      couponsRoute.action,
      requestFor("/admin/coupons", urlencoded({ intent: "toggle", id: big, active: "true" }), { cookie: adminCookie }),
    );
    expect(toggle.status).toBe(400);
    const student = await createTestUser();
    const revoke = await invoke(
      userRoute.action,
      requestFor(`/admin/users/${student.id}`, urlencoded({ intent: "revoke", enrolmentId: "99999999999" }), {
        cookie: adminCookie,
      }),
      { id: student.id },
    );
    expect(revoke.status).toBe(400);
    const create = await invoke(
      coursesRoute.action,
      requestFor(
        "/admin/courses",
        urlencoded({
          intent: "create",
          kind: "course",
          name: "X",
          instructor: "99999999999",
          category: "accountancy",
          status: "draft",
        }),
        { cookie: adminCookie },
      ),
    );
    expect(create.status).toBe(400);
    expect(create.body).toMatchObject({ fieldErrors: { instructor: "Choose an instructor." } });
  });

  it("a user id with a NUL byte is a 404", async () => {
    const answer = await invoke(
      userRoute.loader,
      makeRequest("/admin/users/a%00b", { headers: { cookie: adminCookie } }),
      { id: "a\u0000b" },
    );
    expect(answer.status).toBe(404);
  });

  it("refusals of unknown intents say what was wrong", async () => {
    const student = await createTestUser();
    const account = await invoke(
      accountRoute.action,
      requestFor("/account", urlencoded({ intent: "nope" }), { cookie: await cookieFor(student) }),
    );
    expect(account.status).toBe(400);
    expect(account.body).toMatchObject({ formError: "Unknown action." });
    const notifications = await invoke(
      notificationsRoute.action,
      requestFor("/admin/notifications", urlencoded({ intent: "nope" }), { cookie: adminCookie }),
    );
    expect(notifications.status).toBe(400);
    expect(notifications.body).toMatchObject({ formError: "Unknown action." });
  });
});
