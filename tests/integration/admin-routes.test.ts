import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { getAdminProduct } from "~/features/catalog/catalog.server";
import { isMaintenanceOn, refusedForMaintenance } from "~/features/settings/maintenance.server";
import { loader as rootLoader } from "~/root";
import * as courseEdit from "~/routes/admin/course-edit";
import * as courseReport from "~/routes/admin/course-report";
import * as courses from "~/routes/admin/courses";
import * as dashboard from "~/routes/admin/dashboard";
import * as doubts from "~/routes/admin/doubts";
import * as inbox from "~/routes/admin/inbox";
import * as adminLayout from "~/routes/admin/layout";
import * as notifications from "~/routes/admin/notifications";
import * as reviews from "~/routes/admin/reviews";
import * as sales from "~/routes/admin/sales";
import * as salesAnalytics from "~/routes/admin/sales-analytics";
import * as salesLedger from "~/routes/admin/sales-ledger";
import * as salesQuarterly from "~/routes/admin/sales-quarterly";
import * as search from "~/routes/admin/search";
import * as settings from "~/routes/admin/settings";
import * as settingsRole from "~/routes/admin/settings-role";
import * as settingsSignatureImage from "~/routes/admin/settings-signature-image";
import * as user from "~/routes/admin/user";
import * as users from "~/routes/admin/users";
import * as storeLayout from "~/routes/store/layout";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { getTestDb } from "../helpers/db";
import { removeSampleReviewers } from "../helpers/factories";
import { createOrder } from "../helpers/orders";
import { flashOf, makeRequest, routeCall, thrownStatus } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;
let owner: TestUser;
let cookie: string;

beforeEach(async () => {
  owner = await createTestUser({ role: "admin", isPrimary: true, name: "Owner Admin" });
  cookie = await cookieFor(owner);
});

function get(fn: Fn, path: string, params: Record<string, string> = {}, c = cookie) {
  return routeCall(fn, { request: makeRequest(path, { headers: { cookie: c } }), params, context: {} });
}

function post(fn: Fn, path: string, form: Record<string, string>, params: Record<string, string> = {}, c = cookie) {
  return routeCall(fn, {
    request: makeRequest(path, { method: "POST", body: new URLSearchParams(form), headers: { cookie: c } }),
    params,
    context: {},
  });
}

/** A data() result or a Response: its status and body. */
// biome-ignore lint/suspicious/noExplicitAny: route results are checked field by field
function unwrap(result: unknown): { status: number; data: any } {
  if (result instanceof Response) return { status: result.status, data: null };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const r = result as { init?: ResponseInit; data: unknown };
    return { status: r.init?.status ?? 200, data: r.data };
  }
  return { status: 200, data: result };
}

/** The settings page as the server renders it, with this loader data. */
let settingsData: unknown;
function SettingsPage() {
  // biome-ignore lint/suspicious/noExplicitAny: the generated ComponentProps also carry params and matches
  return createElement(settings.default as any, { loaderData: settingsData, params: {}, matches: [] });
}
const SettingsStub = createRoutesStub([{ path: "/admin/settings", Component: SettingsPage }]);
function renderSettings(loaderData: unknown) {
  settingsData = loaderData;
  return renderToStaticMarkup(createElement(SettingsStub, { initialEntries: ["/admin/settings"] }));
}

async function firstCourse(title = "Accountancy Class 12") {
  const { db } = await getTestDb();
  const [row] = await db.select().from(schema.products).where(eq(schema.products.title, title));
  return row!;
}

describe("every admin loader and action is guarded", () => {
  const loaders: [string, Fn, Record<string, string>][] = [
    ["/admin", dashboard.loader, {}],
    ["/admin/courses", courses.loader, {}],
    ["/admin/courses/1", courseEdit.loader, { id: "1" }],
    ["/admin/courses/1/report", courseReport.loader, { id: "1" }],
    ["/admin/users", users.loader, {}],
    ["/admin/users/x", user.loader, { id: "x" }],
    ["/admin/sales", sales.loader, {}],
    ["/admin/sales/ledger.csv", salesLedger.loader, {}],
    ["/admin/sales/analytics.pdf", salesAnalytics.loader, {}],
    ["/admin/sales/quarterly-report.pdf?quarter=2025-Q3", salesQuarterly.loader, {}],
    ["/admin/settings", settings.loader, {}],
    ["/admin/settings/role", settingsRole.loader, {}],
    ["/admin/settings/signature-image", settingsSignatureImage.loader, {}],
    ["/admin/notifications", notifications.loader, {}],
    ["/admin/search?q=a", search.loader, {}],
    ["/admin/inbox", inbox.loader, {}],
    ["/admin/reviews", reviews.loader, {}],
    ["/admin/doubts", doubts.loader, {}],
  ];
  const actions: [string, Fn, Record<string, string>][] = [
    ["/admin/courses", courses.action, {}],
    ["/admin/courses/1", courseEdit.action, { id: "1" }],
    ["/admin/users/x", user.action, { id: "x" }],
    ["/admin/settings", settings.action, {}],
    ["/admin/settings/role", settingsRole.action, {}],
    ["/admin/notifications", notifications.action, {}],
    ["/admin/reviews", reviews.action, {}],
    ["/admin/doubts", doubts.action, {}],
  ];

  it("sends anonymous visitors to /login and gives students and instructors 403", async () => {
    const student = await createTestUser();
    const studentCookie = await cookieFor(student);
    const instructorCookie = await cookieFor(await createTestUser({ role: "instructor" }));
    for (const [path, fn, params] of loaders) {
      expect(await thrownStatus(() => get(fn, path, params, "")), path).toBe(302);
      expect(await thrownStatus(() => get(fn, path, params, studentCookie)), path).toBe(403);
      expect(await thrownStatus(() => get(fn, path, params, instructorCookie)), path).toBe(403);
    }
    for (const [path, fn, params] of actions) {
      expect(await thrownStatus(() => post(fn, path, { intent: "x" }, params, "")), path).toBe(302);
      expect(await thrownStatus(() => post(fn, path, { intent: "x" }, params, studentCookie)), path).toBe(403);
      expect(await thrownStatus(() => post(fn, path, { intent: "x" }, params, instructorCookie)), path).toBe(403);
    }
  });
});

describe("reviews screen", () => {
  it("filters by item, rating and status; hides with a reason (author told, audited) and restores", async () => {
    const { db } = await getTestDb();
    const course = await firstCourse();
    const all = unwrap(await get(reviews.loader, "/admin/reviews")).data;
    expect(all.rows).toHaveLength(50);
    expect(all.hasMore).toBe(true);
    expect(all.products.length).toBeGreaterThan(0);
    const one = unwrap(await get(reviews.loader, `/admin/reviews?product=${course.id}&rating=4`)).data;
    expect(one.rows).toHaveLength(1);
    const target = one.rows[0];
    expect(target).toMatchObject({ productTitle: "Accountancy Class 12", rating: 4, status: "visible", reports: 0 });
    // Forged filters are ignored, not a 500.
    expect(unwrap(await get(reviews.loader, "/admin/reviews?product=x&rating=9&status=zzz&page=-1")).status).toBe(200);

    const noReason = unwrap(
      await post(reviews.action, "/admin/reviews", { intent: "hide", reviewId: String(target.id), reason: " " }),
    );
    expect(noReason.status).toBe(400);
    expect(noReason.data.formError).toBe("Say why the review is hidden.");
    expect(
      await thrownStatus(() => post(reviews.action, "/admin/reviews", { intent: "restore", reviewId: "99999" })),
    ).toBe(404);
    const bad = unwrap(await post(reviews.action, "/admin/reviews", { intent: "delete-all" }));
    expect(bad.status).toBe(400);

    const hidden = await post(reviews.action, "/admin/reviews?status=visible", {
      intent: "hide",
      reviewId: String(target.id),
      reason: "Mentions another coaching centre",
    });
    expect((hidden as Response).status).toBe(302);
    expect(await flashOf(hidden as Response)).toBe("Review hidden. The author is told why.");
    const again = unwrap(
      await post(reviews.action, "/admin/reviews", { intent: "hide", reviewId: String(target.id), reason: "x" }),
    );
    expect(again.status).toBe(409);
    const hiddenRows = unwrap(await get(reviews.loader, "/admin/reviews?status=hidden")).data.rows;
    expect(hiddenRows.map((r: { id: number }) => r.id)).toEqual([target.id]);
    expect(await getAdminProduct(db, course.id)).toMatchObject({ rating: 5, reviewCount: 9 });
    const [mail] = await db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.subject, 'Your review of "Accountancy Class 12" is hidden'));
    expect(mail?.text).toContain("Reason: Mentions another coaching centre");

    expect(
      ((await post(reviews.action, "/admin/reviews", { intent: "restore", reviewId: String(target.id) })) as Response)
        .status,
    ).toBe(302);
    expect(await getAdminProduct(db, course.id)).toMatchObject({ rating: 4.9, reviewCount: 10 });
    const events = await db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, String(target.id)));
    expect(events.map((e) => [e.actorId, e.description])).toEqual([
      [owner.id, `Review by ${target.author} of "Accountancy Class 12" hidden: Mentions another coaching centre`],
      [owner.id, `Review by ${target.author} of "Accountancy Class 12" restored`],
    ]);
  });

  it("new and reported reviews show in the notifications", async () => {
    const { db } = await getTestDb();
    const course = await firstCourse();
    const student = await createTestUser({ name: "Kiran Student" });
    const [review] = await db.select().from(schema.reviews).where(eq(schema.reviews.productId, course.id)).limit(1);
    await db
      .insert(schema.reviewReports)
      .values({ reviewId: review!.id, userId: student.id, createdAt: new Date(Date.now() + 1000) });
    const list = unwrap(await get(notifications.loader, "/admin/notifications")).data;
    const titles = list.items.map((i: { title: string }) => i.title);
    expect(titles[0]).toBe("Review of Accountancy Class 12 reported by a student");
    expect(list.items[0].href).toBe("/admin/reviews?status=reported");
    expect(titles.some((t: string) => /^New \d-star review of /.test(t))).toBe(true);
    const reported = unwrap(await get(reviews.loader, "/admin/reviews?status=reported")).data.rows;
    expect(reported).toEqual([expect.objectContaining({ id: review!.id, reports: 1 })]);
  });
});

describe("course management routes", () => {
  it("creates a course from the Add New Course form and rejects a missing name with nothing stored", async () => {
    const { db } = await getTestDb();
    const before = await db.$count(schema.products);
    const bad = unwrap(
      await post(courses.action, "/admin/courses?kind=course", {
        intent: "create",
        kind: "course",
        name: "  ",
        instructor: "new",
        newInstructor: "",
        category: "economics",
        status: "draft",
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toMatchObject({
      name: "Course name is required.",
      newInstructor: "Enter the new instructor's name.",
    });
    const wrongCategory = unwrap(
      await post(courses.action, "/admin/courses", {
        intent: "create",
        kind: "course",
        name: "X",
        instructor: "1",
        category: "Programming",
        status: "draft",
      }),
    );
    expect(wrongCategory.status).toBe(400);
    expect(await db.$count(schema.products)).toBe(before);

    const ok = await post(courses.action, "/admin/courses?kind=course&new=1", {
      intent: "create",
      kind: "course",
      name: "English Class 12",
      instructor: "new",
      newInstructor: "Kiran Rao",
      category: "english",
      classLevel: "12",
      status: "draft",
      description: "Flamingo and Vistas",
    });
    expect(ok).toBeInstanceOf(Response);
    // Save opens the new course's editor (issue 32), not the list with the form still filled in.
    const [created] = await db.select().from(schema.products).where(eq(schema.products.title, "English Class 12"));
    expect((ok as Response).headers.get("location")).toBe(`/admin/courses/${created!.id}`);
    const list = unwrap(await get(courses.loader, "/admin/courses?kind=course&category=english"));
    expect(
      list.data.rows.map((r: { title: string; status: string; instructor: string }) => [
        r.title,
        r.status,
        r.instructor,
      ]),
    ).toEqual([["English Class 12", "draft", "Kiran Rao"]]);
    const none = unwrap(await get(courses.loader, "/admin/courses?kind=pyq&category=english&q=zzz"));
    expect(none.data.rows).toEqual([]);
  });

  it("edits with validation, changes status, and refuses to delete a sold item (409 with archive offer)", async () => {
    const course = await firstCourse();
    const params = { id: String(course.id) };
    const bad = unwrap(
      await post(
        courseEdit.action,
        `/admin/courses/${course.id}`,
        {
          intent: "save",
          title: "T",
          instructor: String(course.instructorId),
          category: "accountancy",
          classLevel: "12",
          status: "published",
          price: "-5",
        },
        params,
      ),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(["price"]);
    const saved = await post(
      courseEdit.action,
      `/admin/courses/${course.id}`,
      {
        intent: "save",
        title: "Accountancy Class 12",
        instructor: String(course.instructorId),
        category: "accountancy",
        classLevel: "12",
        status: "published",
        price: "899.50",
        // The rating is not the admin's to set: a posted one is ignored (it comes from reviews).
        rating: "1",
        description: "d",
        modules: "A\nB\n\n",
      },
      params,
    );
    expect((saved as Response).status).toBe(302);
    const after = await firstCourse();
    expect(after).toMatchObject({ pricePaise: 89_950, modules: ["A", "B"] });
    expect(await getAdminProduct((await getTestDb()).db, course.id)).toMatchObject({ rating: 4.9, reviewCount: 10 });

    const buyer = await createTestUser();
    await createOrder({ userId: buyer.id, products: [after], status: "fulfilled" });
    const refused = unwrap(await post(courseEdit.action, `/admin/courses/${course.id}`, { intent: "delete" }, params));
    expect(refused.status).toBe(409);
    expect(refused.data.canArchive).toBe(true);
    await post(courseEdit.action, `/admin/courses/${course.id}`, { intent: "status", status: "archived" }, params);
    expect((await firstCourse()).status).toBe("archived");
    expect(await thrownStatus(() => get(courseEdit.loader, "/admin/courses/abc", { id: "abc" }))).toBe(404);
    expect(await thrownStatus(() => get(courseReport.loader, "/admin/courses/99999/report", { id: "99999" }))).toBe(
      404,
    );
    const report = unwrap(await get(courseReport.loader, `/admin/courses/${course.id}/report`, params));
    expect(report.data.sales.sold).toBe(1);
  });
});

describe("users routes", () => {
  it("changes a role, refuses demoting the primary, grants and rejects a bad grant", async () => {
    const student = await createTestUser({ name: "Ravi Kumar" });
    const params = { id: student.id };
    expect(
      (
        (await post(
          user.action,
          `/admin/users/${student.id}`,
          { intent: "role", role: "instructor" },
          params,
        )) as Response
      ).status,
    ).toBe(302);
    const demote = unwrap(
      await post(user.action, `/admin/users/${owner.id}`, { intent: "role", role: "student" }, { id: owner.id }),
    );
    expect(demote.status).toBe(409);
    expect(
      unwrap(await post(user.action, `/admin/users/${student.id}`, { intent: "role", role: "superuser" }, params))
        .status,
    ).toBe(400);
    const course = await firstCourse("Economics Class 11");
    expect(
      (
        (await post(
          user.action,
          `/admin/users/${student.id}`,
          { intent: "grant", productId: String(course.id) },
          params,
        )) as Response
      ).status,
    ).toBe(302);
    const again = unwrap(
      await post(user.action, `/admin/users/${student.id}`, { intent: "grant", productId: String(course.id) }, params),
    );
    expect(again).toMatchObject({
      status: 409,
      data: { formError: 'Ravi Kumar already has access to "Economics Class 11".' },
    });
    expect(
      unwrap(await post(user.action, `/admin/users/${student.id}`, { intent: "grant", productId: "" }, params)).status,
    ).toBe(400);
    const page = unwrap(await get(user.loader, `/admin/users/${student.id}`, params));
    expect(page.data.user.role).toBe("instructor");
    expect(page.data.enrolments).toHaveLength(1);
    const list = unwrap(await get(users.loader, "/admin/users?q=ravi"));
    expect(list.data.list.users).toHaveLength(1);
    expect(list.data.list.users[0]).toMatchObject({ courses: 1 });
    expect(await thrownStatus(() => get(user.loader, "/admin/users/nope", { id: "nope" }))).toBe(404);
  });

  it("pages the users list by the cursors of its links, and ignores a forged or deep offset", async () => {
    await removeSampleReviewers(); // counts every account: only the ones made here
    for (let i = 0; i < 25; i++) await createTestUser({ name: `Pager Student ${i}` });
    const first = unwrap(await get(users.loader, "/admin/users")).data.list;
    expect(first).toMatchObject({ page: 1, hasNext: true, hasPrevious: false });
    const next = new URLSearchParams({ page: "2", after: first.nextCursor });
    const second = unwrap(await get(users.loader, `/admin/users?${next}`)).data.list;
    expect(second.users.map((u: { id: string }) => u.id)).not.toContain(first.users[0].id);
    expect(first.users.length + second.users.length).toBe(26);
    const back = new URLSearchParams({ page: "1", before: second.prevCursor });
    const again = unwrap(await get(users.loader, `/admin/users?${back}`)).data.list;
    expect(again.users).toEqual(first.users);
    for (const forged of ["page=99999", "page=2&after=x%7C'%3B--", "page=2&before=2026-99-01T00%3A00%3A00Z%7Cx"]) {
      expect(unwrap(await get(users.loader, `/admin/users?${forged}`)).status).toBe(200);
    }
    const orderList = unwrap(await get(sales.loader, "/admin/sales?page=3&after=nope&before=nope")).data.orders;
    expect(orderList).toMatchObject({ page: 3, orders: [], hasNext: false });
  });
});

describe("the GSTIN setup guard", () => {
  it("warns on every admin page while the seller GSTIN is the sample or invalid, and stops once it is valid", async () => {
    const loaded = async () => (await get(adminLayout.loader, "/admin/users")) as { gstinProblem: string | null };
    expect((await loaded()).gstinProblem).toBe(
      "The seller GSTIN is still the sample 08AAAAA0000A1Z5: invoices would carry a GSTIN that is not yours.",
    );
    const base = {
      siteContactEmail: "hello@commerce-academy.in",
      defaultAccessLevel: "student",
      whatsappNumber: "919876543210",
      sellerName: "Commerce Academy",
      sellerAddress: "Jaipur",
      sellerStateCode: "08",
      sacCode: "999293",
      sacCodeNotes: "999293",
      sacCodeTests: "999293",
    };
    // A mistyped GSTIN is refused by the form with the reason next to the field.
    const typo = unwrap(await post(settings.action, "/admin/settings", { ...base, sellerGstin: "08AAPFU0939F1ZW" }));
    expect(typo.status).toBe(400);
    expect(typo.data.fieldErrors.sellerGstin).toMatch(/last character does not match/);
    // One that slipped in another way (an old install) is named by the banner.
    const db = await getDb();
    await db.update(schema.settings).set({ sellerGstin: "08AAPFU0939F1ZW" }).where(eq(schema.settings.id, 1));
    expect((await loaded()).gstinProblem).toMatch(/fails its check character/);
    await post(settings.action, "/admin/settings", { ...base, sellerGstin: "08aapfu0939f1zv" });
    expect((await loaded()).gstinProblem).toBeNull();
  });
});

describe("settings, roles and maintenance routes", () => {
  const good = {
    siteContactEmail: "hello@commerce-academy.in",
    defaultAccessLevel: "student",
    whatsappNumber: "919876543210",
    sellerName: "Commerce Academy",
    sellerAddress: "Jaipur",
    sellerGstin: "08AAAAA0000A1Z5",
    sellerStateCode: "08",
    sacCode: "999293",
    sacCodeNotes: "999293",
    sacCodeTests: "999293",
  };

  it("saves valid settings, refuses invalid ones, and maintenance mode refuses visitors but not admins or /login", async () => {
    const bad = unwrap(
      await post(settings.action, "/admin/settings", { ...good, sellerGstin: "nope", siteContactEmail: "x" }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(["sellerGstin", "siteContactEmail"]);
    const ok = await post(settings.action, "/admin/settings", { ...good, maintenanceMode: "on" });
    expect((ok as Response).headers.get("location")).toBe("/admin/settings");
    const loaded = unwrap(await get(settings.loader, "/admin/settings"));
    expect(loaded.data.settings.maintenanceMode).toBe(true);

    // Saved, it takes effect in this instance at once: server/app.ts refuses everyone but admins
    // before any loader runs (tests/e2e/maintenance.e2e.test.ts drives that over HTTP).
    expect(isMaintenanceOn()).toBe(true);
    const { db } = await getTestDb();
    const student = await createTestUser();
    const studentCookie = await cookieFor(student);
    const at = (path: string, c?: string) => makeRequest(path, c ? { headers: { cookie: c } } : undefined);
    const isRefused = (request: Request) => refusedForMaintenance(request, () => getOptionalUser(db, request));
    expect(await isRefused(at("/"))).toBe(true);
    expect(await isRefused(at("/courses", studentCookie))).toBe(true);
    expect(await isRefused(at("/", cookie))).toBe(false);
    expect(await isRefused(at("/login"))).toBe(false);
    // The admin browsing the store sees the banner: the store layout says maintenance is on.
    expect(unwrap(await get(storeLayout.loader as Fn, "/")).data.maintenanceMode).toBe(true);
    expect(unwrap(await get(rootLoader as Fn, "/", {})).data.user.id).toBe(owner.id);

    await post(settings.action, "/admin/settings", good);
    expect(isMaintenanceOn()).toBe(false);
    expect(await isRefused(at("/"))).toBe(false);
    expect(
      unwrap(await routeCall(rootLoader, { request: makeRequest("/"), params: {}, context: {} } as never)).status,
    ).toBe(200);
  });

  it("takes a SAC per kind of product from the table only, refusing others with the reason", async () => {
    const refused = unwrap(
      await post(settings.action, "/admin/settings", { ...good, sacCode: "1234", sacCodeNotes: "999999" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({
      sacCode: "A SAC has six digits starting with 99 (e.g. 999293).",
      sacCodeNotes:
        "SAC 999999 is not one this store prints: choose a code of heading 9992 (education services) or 998431 (online text such as e-books).",
    });
    const { db } = await getTestDb();
    const [before] = await db.select().from(schema.settings);
    expect([before!.sacCode, before!.sacCodeNotes, before!.sacCodeTests]).toEqual(["999293", "999293", "999293"]);

    await post(settings.action, "/admin/settings", { ...good, sacCodeNotes: "998431", sacCodeTests: "999294" });
    const [after] = await db.select().from(schema.settings);
    expect([after!.sacCode, after!.sacCodeNotes, after!.sacCodeTests]).toEqual(["999293", "998431", "999294"]);
    // The form offers the table's codes with their official descriptions, the saved one chosen.
    const html = renderSettings(unwrap(await get(settings.loader, "/admin/settings")).data);
    expect(html).toContain(
      '<option value="998431" selected="">998431: On-line text based information such as online books',
    );
    expect(html).toContain('<option value="999294" selected="">999294: Other education and training services');
  });

  it("keeps the whole of a GSTIN pasted with spaces around it", async () => {
    // The box has no maxLength: the browser would cut " 27AAPFU0939F1ZV" to 15 characters before the trim.
    const html = renderSettings(unwrap(await get(settings.loader, "/admin/settings")).data);
    const input = html.match(/<input[^>]*name="sellerGstin"[^>]*>/)?.[0];
    expect(input).toBeTruthy();
    expect(input).not.toMatch(/maxlength/i);
    const saved = await post(settings.action, "/admin/settings", {
      ...good,
      sellerGstin: "\t27AAPFU0939F1ZV ",
      sellerStateCode: "27",
    });
    expect((saved as Response).status).toBe(302);
    const { db } = await getTestDb();
    const [row] = await db.select().from(schema.settings);
    expect(row!.sellerGstin).toBe("27AAPFU0939F1ZV");
    // Spaces inside it (as GSTINs are sometimes written in groups) go too.
    await post(settings.action, "/admin/settings", { ...good, sellerGstin: " 08AAPFU 0939F1ZV" });
    const [again] = await db.select().from(schema.settings);
    expect(again!.sellerGstin).toBe("08AAPFU0939F1ZV");
  });

  it("answers every admin-role message of the spec", async () => {
    await createTestUser({ name: "Sita Rao", email: "sita@example.com" });
    const send = async (form: Record<string, string>) =>
      unwrap(await post(settingsRole.action, "/admin/settings/role", form));
    /** A change redirects back with the spec's message as the one-time flash. */
    const changed = async (form: Record<string, string>) => {
      const response = (await post(settingsRole.action, "/admin/settings/role", form)) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/settings/role");
      return flashOf(response);
    };
    expect(await send({ intent: "grant", email: "  " })).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: "Email field cannot be empty." } },
    });
    expect(await changed({ intent: "grant", email: " Sita@EXAMPLE.com" })).toBe(
      "Sita Rao has been successfully added as an admin.",
    );
    expect(await send({ intent: "grant", email: "sita@example.com" })).toMatchObject({
      status: 409,
      data: { fieldErrors: { email: 'User with email "sita@example.com" is already an admin.' } },
    });
    const ghost = await send({ intent: "grant", email: "ghost@example.com" });
    expect(ghost.status).toBe(422);
    expect(ghost.data.fieldErrors.email).toContain('No account uses the email "ghost@example.com"');
    expect(ghost.data.values.email).toBe("ghost@example.com");
    expect(await send({ intent: "promote" })).toMatchObject({ status: 400, data: { formError: "Unknown action." } });
    const list = unwrap(await get(settingsRole.loader, "/admin/settings/role")).data.admins as {
      id: string;
      name: string;
      isPrimary: boolean;
    }[];
    expect(list.map((a) => [a.name, a.isPrimary])).toEqual([
      ["Owner Admin", true],
      ["Sita Rao", false],
    ]);
    const sita = list.find((a) => a.name === "Sita Rao")!;
    expect(await send({ intent: "remove", userId: owner.id })).toMatchObject({
      status: 409,
      data: { formError: "Cannot remove the primary administrator role." },
    });
    expect(await changed({ intent: "remove", userId: sita.id })).toBe("Sita Rao's admin role has been removed.");
    expect(await send({ intent: "remove", userId: sita.id })).toMatchObject({
      status: 409,
      data: { formError: "Failed to remove admin role. Please try again." },
    });
  });
});

describe("sales, exports, notifications and search routes", () => {
  it("serves the ledger CSV, the PDFs and refuses a malformed quarter", async () => {
    const buyer = await createTestUser();
    await createOrder({ userId: buyer.id, products: [await firstCourse()], status: "fulfilled" });
    const csv = (await get(salesLedger.loader, "/admin/sales/ledger.csv")) as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="sales-ledger-/);
    expect((await csv.text()).trim().split("\r\n")).toHaveLength(2);
    const pdf = (await get(salesAnalytics.loader, "/admin/sales/analytics.pdf")) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const q = (await get(salesQuarterly.loader, "/admin/sales/quarterly-report.pdf?quarter=2025-Q3")) as Response;
    expect(
      Buffer.from(await q.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(
      await thrownStatus(() => get(salesQuarterly.loader, "/admin/sales/quarterly-report.pdf?quarter=2025-Q5")),
    ).toBe(400);
    const page = unwrap(await get(sales.loader, "/admin/sales?status=fulfilled"));
    expect(page.data.orders.orders).toHaveLength(1);
    expect(page.data.overview.conversion.target).toBe(85);
  });

  it("lists notifications, marks them read, and searches", async () => {
    const before = unwrap(await get(notifications.loader, "/admin/notifications"));
    expect(before.data.unread).toBeGreaterThan(0);
    expect(unwrap(await post(notifications.action, "/admin/notifications", { intent: "nope" })).status).toBe(400);
    await post(notifications.action, "/admin/notifications", { intent: "mark-all-read" });
    expect(unwrap(await get(notifications.loader, "/admin/notifications")).data.unread).toBe(0);
    const hits = unwrap(await get(search.loader, "/admin/search?q=owner")).data.hits;
    expect(hits.map((h: { group: string }) => h.group)).toContain("Users");
  });
});
